// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { failure, fakeApi, renderScreen, resetScreen } from '../../../../tests/helpers/console-screen.tsx';
import { DataRequestsCard } from './DataRequestsCard.tsx';

afterEach(() => {
  cleanup();
  resetScreen();
  vi.restoreAllMocks();
});

const request = { id: 5, platform: 'shopify', request_ref: '77', requested_at: '2026-03-01T12:00:00Z' };

/** The browser's download: the file a link was clicked for, by name. */
function downloads() {
  const saved: Array<{ name: string; blob: Blob }> = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:file-${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return saved;
}

describe("the customer's page: the shop's requests for the customer's data", () => {
  it('shows nothing while the shop asked for none', async () => {
    const calls = fakeApi({ 'GET /customer/data-requests': [] });
    const { container } = renderScreen(<DataRequestsCard customerId={9} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container.textContent).toBe('');
  });

  it('lists each request, and downloads its file under the name the server gives', async () => {
    const file = JSON.stringify({ customer: { external_id: '77' }, ledger: [], rewards: [], referrals: [] });
    const calls = fakeApi({
      'GET /customer/data-requests': [request],
      'GET /customer/data-requests/5/file': () =>
        new Response(file, { headers: { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="customer-data-9.json"' } }),
    });
    const saved = downloads();
    renderScreen(<DataRequestsCard customerId={9} />);
    const card = await screen.findByRole('region', { name: 'Data requests' });
    expect(card.textContent).toContain('Requested through shopify on');
    expect(calls[0]!.url.searchParams.get('customer_id')).toBe('9');
    fireEvent.click(screen.getByRole('button', { name: "Download the customer's data" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('customer-data-9.json');
    expect(await saved[0]!.blob.text()).toBe(file);
  });

  it('says why a file was not downloaded', async () => {
    fakeApi({ 'GET /customer/data-requests': [request], 'GET /customer/data-requests/5/file': () => failure(404, 'Data request not found.') });
    const saved = downloads();
    renderScreen(<DataRequestsCard customerId={9} />);
    fireEvent.click(await screen.findByRole('button', { name: "Download the customer's data" }));
    expect(await screen.findByText(/Not downloaded: .*Data request not found\./)).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
