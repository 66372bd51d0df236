/**
 * A server-side table's view in the URL (a filtered view can be shared and survives reload):
 * `page` (from 1), `size`, `sort` (`column` or `-column` for descending), `q` (the search text)
 * and `hide` (hidden columns, comma separated). A prefix keeps two tables on one page apart.
 */
export interface TableParams {
  page: number;
  pageSize: number;
  sort: { id: string; desc: boolean } | null;
  search: string;
  hidden: string[];
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 25;

const positive = (text: string | null, fallback: number) => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

export function readTableParams(search: URLSearchParams, prefix = ''): TableParams {
  const sort = search.get(`${prefix}sort`);
  const size = positive(search.get(`${prefix}size`), DEFAULT_PAGE_SIZE);
  return {
    page: positive(search.get(`${prefix}page`), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort: sort ? { id: sort.replace(/^-/, ''), desc: sort.startsWith('-') } : null,
    search: search.get(`${prefix}q`) ?? '',
    hidden: (search.get(`${prefix}hide`) ?? '').split(',').filter(Boolean),
  };
}

/** The URL with `change` applied; defaults are left out so a plain view has a plain URL. A new sort, search or size goes back to page 1. */
export function writeTableParams(search: URLSearchParams, change: Partial<TableParams>, prefix = ''): URLSearchParams {
  const next = { ...readTableParams(search, prefix), ...change };
  if (change.page === undefined && (change.sort !== undefined || change.search !== undefined || change.pageSize !== undefined)) next.page = 1;
  const out = new URLSearchParams(search);
  for (const key of ['page', 'size', 'sort', 'q', 'hide']) out.delete(`${prefix}${key}`); // written back in one order
  const set = (key: string, value: string | null) => (value ? out.set(`${prefix}${key}`, value) : out.delete(`${prefix}${key}`));
  set('page', next.page > 1 ? String(next.page) : null);
  set('size', next.pageSize !== DEFAULT_PAGE_SIZE ? String(next.pageSize) : null);
  set('sort', next.sort ? `${next.sort.desc ? '-' : ''}${next.sort.id}` : null);
  set('q', next.search.trim() || null);
  set('hide', next.hidden.length ? next.hidden.join(',') : null);
  return out;
}
