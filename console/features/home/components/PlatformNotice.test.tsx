// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { fakeApi, renderScreen, resetScreen } from '../../../../tests/helpers/console-screen.tsx';
import type { JobView } from '../../../../server/contract/jobs.ts';
import { PlatformNotice } from './PlatformNotice.tsx';

afterEach(() => {
  cleanup();
  resetScreen();
  sessionStorage.clear();
});

const job = (state: JobView['state'], progress: number): JobView => ({
  id: 7,
  kind: 'platform.bigcommerce.backfill',
  state,
  progress,
  total: 4,
  attempts: 1,
  error: null,
  result: null,
  created_at: '2026-03-01T12:00:00Z',
  finished_at: null,
});

describe("the dashboard's word on the shop's platform", () => {
  it('tells that the app was removed from the shop, and how to bring the program back', async () => {
    fakeApi({ 'GET /platform': { platform: 'bigcommerce', shop: 'abc123', status: 'uninstalled', backfill_job_id: null } });
    renderScreen(<PlatformNotice />);
    const status = (await screen.findByText('The app was removed from your shop.')).closest('[role="status"]')!;
    expect(status.textContent).toContain('Install Loyalty Studio again from BigCommerce');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks to reconnect a shop that refused the token, keeping the program', async () => {
    fakeApi({ 'GET /platform': { platform: 'shopify', shop: 'alpha.myshopify.com', status: 'reconnect', backfill_job_id: null } });
    renderScreen(<PlatformNotice />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Reconnect your shop.');
    expect(alert.textContent).toContain('alpha.myshopify.com refused our access to Shopify');
  });

  it("follows the backfill's progress from the jobs endpoint until it is done, then can be dismissed", async () => {
    let answer = job('running', 1);
    fakeApi({ 'GET /platform': { platform: 'bigcommerce', shop: 'abc123', status: 'connected', backfill_job_id: 7 }, 'GET /jobs/7': () => answer });
    renderScreen(<PlatformNotice />);
    expect(await screen.findByText('1 of 4')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Bringing in your customers and orders from BigCommerce' }).getAttribute('aria-valuenow')).toBe('25');
    answer = { ...job('done', 4), finished_at: '2026-03-01T12:01:00Z' };
    expect(await screen.findByText('Done', {}, { timeout: 5_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
