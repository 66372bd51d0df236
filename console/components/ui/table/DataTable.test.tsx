// @vitest-environment jsdom
import type React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { DataTable, type DataColumn, type TablePage } from './DataTable.tsx';
import type { TableParams } from './table-params.ts';

afterEach(cleanup);

interface Store {
  id: number;
  title: string;
  key: string;
}
const STORES: Store[] = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, title: `Store ${String(i + 1).padStart(2, '0')}`, key: `store-${i + 1}` }));
const columns: DataColumn<Store>[] = [
  { id: 'title', header: 'Store', cell: (row) => row.title, sortable: true, hideable: false },
  { id: 'key', header: 'Store key', cell: (row) => row.key },
];

/** A stand-in server: search, sort and paging as the real list calls do them. */
function serve(params: TableParams, rows: Store[] = STORES): TablePage<Store> {
  let found = rows.filter((row) => row.title.toLowerCase().includes(params.search.toLowerCase()));
  if (params.sort) found = [...found].sort((a, b) => a.title.localeCompare(b.title) * (params.sort!.desc ? -1 : 1));
  return { rows: found.slice((params.page - 1) * params.pageSize, params.page * params.pageSize), total: found.length };
}

function Location() {
  return <output data-testid="url">{useLocation().search}</output>;
}

function setUp(
  fetchPage: (params: TableParams) => Promise<TablePage<Store>>,
  url = '/',
  extra: { searchLabel?: string; bulkActions?: (selected: Store[]) => React.ReactNode } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <DataTable
          label="Stores"
          columns={columns}
          getRowId={(row) => String(row.id)}
          emptyMessage="No stores yet"
          query={(params) => queryOptions({ queryKey: ['stores', params], queryFn: () => fetchPage(params) })}
          {...extra}
        />
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Stores' }))
    .getAllByRole('row')
    .slice(1);

describe('DataTable', () => {
  it('shows the first page, sorts on the server through the URL, and pages', async () => {
    const fetchPage = vi.fn(async (params: TableParams) => serve(params));
    setUp(fetchPage);
    await screen.findByText('Store 01');
    expect(bodyRows()).toHaveLength(25);
    expect(screen.getByText('Page 1 of 2 · 30 rows')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Store' }));
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('?sort=title'));
    fireEvent.click(screen.getByRole('button', { name: /Store/ }));
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('?sort=-title'));
    await waitFor(() => expect(within(bodyRows()[0]!).getByText('Store 30')).toBeTruthy());
    expect(screen.getByRole('columnheader', { name: 'Store' }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('?page=2&sort=-title'));
    await screen.findByText('Store 05');
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 2, pageSize: 25, sort: { id: 'title', desc: true }, search: '', hidden: [] });
  });

  it('says "+" when the server stopped counting', async () => {
    setUp(async (params) => ({ ...serve(params), total: 50, capped: true }));
    await screen.findByText('Store 01');
    expect(screen.getByText('Page 1 of 2+ · 50+ rows')).toBeTruthy();
  });

  it('the pager writes counts as people read them: "1 row", grouped digits', async () => {
    setUp(async (params) => ({ ...serve(params), rows: serve(params).rows.slice(0, 1), total: 1 }));
    await screen.findByText('Store 01');
    expect(screen.getByText('Page 1 of 1 · 1 row')).toBeTruthy();
    cleanup();
    setUp(async (params) => ({ ...serve(params), total: 224672 }));
    await screen.findByText('Store 01');
    expect(screen.getByText('Page 1 of 8,987 · 224,672 rows')).toBeTruthy();
  });

  it('a shared URL opens the same view; the search goes to the server and back to page 1', async () => {
    const fetchPage = vi.fn(async (params: TableParams) => serve(params));
    setUp(fetchPage, '/?page=2&q=store&hide=key', { searchLabel: 'Search stores' });
    await screen.findByText('Store 26');
    expect(screen.queryByRole('columnheader', { name: 'Store key' })).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search stores' }), { target: { value: 'Store 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('?q=Store+1&hide=key'));
    await waitFor(() => expect(bodyRows()).toHaveLength(10)); // Store 10 … Store 19
  });

  it('columns can be shown and hidden, and the choice is in the URL', async () => {
    setUp(async (params) => serve(params));
    await screen.findByText('store-1');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Store key' }));
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('?hide=key'));
    expect(screen.queryByText('store-1')).toBeNull();
  });

  it('selects rows for a bulk action', async () => {
    const act = vi.fn();
    setUp(async (params) => serve(params), '/', {
      bulkActions: (selected) => (
        <button type="button" onClick={() => act(selected.map((s) => s.id))}>
          Export
        </button>
      ),
    });
    await screen.findByText('Store 01');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(act).toHaveBeenCalledWith([2, 3]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByText('25 selected')).toBeTruthy();
  });

  it('says so when empty, and offers Retry when the server fails', async () => {
    setUp(async (params) => serve(params, []));
    await screen.findByText('No stores yet');
    cleanup();
    let fail = true;
    setUp(async (params) => {
      if (fail) throw new Error('Server down');
      return serve(params);
    });
    await screen.findByText(/The list could not be loaded: Server down/);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Store 01');
  });

  it('moves between rows with the arrow keys, Home and End', async () => {
    setUp(async (params) => serve(params));
    await screen.findByText('Store 01');
    const rows = bodyRows();
    rows[0]!.focus();
    fireEvent.keyDown(rows[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(rows[1]);
    fireEvent.keyDown(rows[1]!, { key: 'End' });
    expect(document.activeElement).toBe(rows[24]);
    fireEvent.keyDown(rows[24]!, { key: 'Home' });
    expect(document.activeElement).toBe(rows[0]);
    expect(rows.filter((row) => row.tabIndex === 0)).toEqual([rows[0]]);
  });

  it('draws only the rows in view on a long page', async () => {
    const many = Array.from({ length: 100 }, (_, i) => ({ id: i + 1, title: `Store ${i + 1}`, key: `k${i + 1}` }));
    setUp(async (params) => serve(params, many), '/?size=100');
    await screen.findByText('Store 1');
    expect(screen.getByText('Page 1 of 1 · 100 rows')).toBeTruthy();
    expect(bodyRows().length).toBeLessThan(50);
    expect(screen.queryByText('Store 100')).toBeNull();
  });
});
