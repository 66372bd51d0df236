// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { GlobalSearch, NO_SEARCH_DATA, SEARCH_PLACEHOLDER } from './GlobalSearch.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderSearch(answer: unknown) {
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(new Response(JSON.stringify({ data: answer }))));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <GlobalSearch />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { fetchSpy, input: screen.getByPlaceholderText(SEARCH_PLACEHOLDER) };
}

describe('global customer search (spec §2 / §5 / §8)', () => {
  it('the exact placeholder and empty message', () => {
    expect(SEARCH_PLACEHOLDER).toBe('Search by customer name or email');
    expect(NO_SEARCH_DATA).toBe('No Data found');
  });

  it('two characters: no request and no panel', async () => {
    const { fetchSpy, input } = renderSearch({ customerUrls: [], menus: [] });
    fireEvent.change(input, { target: { value: 'al' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Search results' })).toBeNull();
  });

  it('three characters: POST search-list on the data host, customers and menus shown', async () => {
    const { fetchSpy, input } = renderSearch({
      customerUrls: [{ name: 'Alice Grimes', email: 'alice@example.org', url: '/customers/details?id=1' }],
      menus: [{ name: 'Loyalty Program', email: '', url: '/rewards-loyalty/vip' }],
    });
    fireEvent.change(input, { target: { value: 'ali' } });
    await waitFor(() => expect(screen.getByRole('link', { name: /Alice Grimes/ })).toBeTruthy());
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/data/v1/account/search-list');
    expect(init!.method).toBe('POST');
    expect(init!.body).toBe('{"search":"ali"}');
    expect(screen.getByRole('link', { name: /Alice Grimes/ }).getAttribute('href')).toBe('/customers/details?id=1');
    expect(screen.getByRole('link', { name: 'Loyalty Program' })).toBeTruthy();
  });

  it('nothing found: "No Data found"', async () => {
    const { input } = renderSearch({ customerUrls: [], menus: [] });
    fireEvent.change(input, { target: { value: 'zzzz' } });
    await waitFor(() => expect(screen.getByText('No Data found')).toBeTruthy());
  });
});
