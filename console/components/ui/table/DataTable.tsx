import { useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import {
  columnVisibilityFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button } from '../Button.tsx';
import { EmptyState } from '../EmptyState.tsx';
import { Banner } from '../PageHeader.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { countOf, formatCount } from '../../../lib/format.ts';
import { PAGE_SIZES, type TableParams } from './table-params.ts';
import { useTableParams } from './useTableParams.ts';

/** One page of a server-side list. */
export interface TablePage<T> {
  rows: T[];
  total: number;
  /** the server stopped counting: at least `total` rows match (the pager says "10000+") */
  capped?: boolean;
}

export interface DataColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** the server can sort by this column (its id is the sort key) */
  sortable?: boolean;
  /** the column can be hidden from the Columns menu (default true) */
  hideable?: boolean;
}

export interface DataTableProps<T, K extends QueryKey = QueryKey> {
  /** the table's accessible name (its caption) */
  label: string;
  columns: DataColumn<T>[];
  /** the query of one page for a view (paging, sort and search happen on the server) */
  query: (params: TableParams) => UseQueryOptions<TablePage<T>, Error, TablePage<T>, K>;
  getRowId: (row: T) => string;
  /** shown when the list is empty */
  emptyMessage: string;
  /** with a label: a search field whose text is sent to the server as `search` */
  searchLabel?: string;
  /** with it: rows can be selected, and the actions act on the selection */
  bulkActions?: (selected: T[]) => ReactNode;
  /** keeps two tables of one page apart in the URL */
  urlPrefix?: string;
}

/** Above this many rows on a page, only the rows in view are drawn. */
const VIRTUAL_THRESHOLD = 50;
const ROW_HEIGHT = 44;
const features = tableFeatures({ rowSortingFeature, rowSelectionFeature, columnVisibilityFeature });

/**
 * The console's list: server-side paging, sorting and search kept in the URL, row selection with
 * bulk actions, column visibility, loading / empty / error states, arrow-key row navigation and a
 * virtualised body for long pages. Built on TanStack Table and TanStack Virtual.
 */
export function DataTable<T extends RowData, K extends QueryKey = QueryKey>({
  label,
  columns,
  query,
  getRowId,
  emptyMessage,
  searchLabel,
  bulkActions,
  urlPrefix = '',
}: DataTableProps<T, K>) {
  const [params, setParams] = useTableParams(urlPrefix);
  const result = useQuery({ ...query(params), placeholderData: keepPreviousData });
  const rows = useMemo(() => result.data?.rows ?? [], [result.data]);
  const total = result.data?.total ?? 0;
  const [selection, setSelection] = useState<RowSelectionState>({});
  const visibility = Object.fromEntries(params.hidden.map((id) => [id, false]));
  const defs = useMemo<ColumnDef<typeof features, T>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        accessorFn: (row: T) => row,
        cell: (info) => column.cell(info.row.original),
        enableSorting: Boolean(column.sortable),
        sortDescFirst: false,
        enableHiding: column.hideable !== false,
      })),
    [columns],
  );
  const table = useTable({
    features,
    columns: defs,
    data: rows,
    getRowId: (row) => getRowId(row),
    manualSorting: true,
    enableRowSelection: Boolean(bulkActions),
    state: { sorting: params.sort ? [params.sort] : [], rowSelection: selection, columnVisibility: visibility },
    onRowSelectionChange: (updater) => setSelection((old) => (typeof updater === 'function' ? updater(old) : updater)),
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(params.sort ? [params.sort] : []) : updater;
      setParams({ sort: next[0] ?? null });
    },
    onColumnVisibilityChange: (updater) => {
      const next = typeof updater === 'function' ? updater(visibility) : updater;
      setParams({
        hidden: Object.entries(next)
          .filter(([, shown]) => !shown)
          .map(([id]) => id),
      });
    },
  });
  const pages = Math.max(1, Math.ceil(total / params.pageSize));
  const selected = rows.filter((row) => selection[getRowId(row)]);
  const visible = table.getVisibleLeafColumns();
  const width = visible.length + (bulkActions ? 1 : 0);

  return (
    <div className="ls-table">
      <div className="ls-table__toolbar">
        {searchLabel ? <SearchField label={searchLabel} value={params.search} onSearch={(search) => setParams({ search })} /> : null}
        <ColumnsMenu columns={columns} hidden={params.hidden} onChange={(hidden) => setParams({ hidden })} />
        {bulkActions && selected.length > 0 ? (
          <div className="ls-table__bulk" role="group" aria-label="Selected rows">
            <span>{selected.length} selected</span>
            {bulkActions(selected)}
          </div>
        ) : null}
      </div>
      {result.isError ? (
        <Banner tone="critical">
          {`The list could not be loaded: ${errorMessage(result.error)} `}
          <Button onClick={() => void result.refetch()}>Retry</Button>
        </Banner>
      ) : null}
      <TableBody label={label} busy={result.isFetching} rowCount={rows.length}>
        {(range) => (
          <>
            <thead>
              <tr>
                {bulkActions ? (
                  <th scope="col" className="ls-table__check">
                    <input
                      type="checkbox"
                      aria-label="Select all rows on this page"
                      checked={table.getIsAllRowsSelected()}
                      onChange={table.getToggleAllRowsSelectedHandler()}
                    />
                  </th>
                ) : null}
                {table.getHeaderGroups()[0]!.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const title = columns.find((c) => c.id === header.column.id)!.header;
                  return (
                    <th key={header.id} scope="col" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                      {header.column.getCanSort() ? (
                        <button type="button" className="ls-table__sort" onClick={header.column.getToggleSortingHandler()}>
                          {title}
                          <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                        </button>
                      ) : (
                        title
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {range.before > 0 ? <tr aria-hidden="true" style={{ height: range.before }} /> : null}
              {table
                .getRowModel()
                .rows.slice(range.start, range.end)
                .map((row, index) => (
                  <tr key={row.id} tabIndex={range.start + index === 0 ? 0 : -1} aria-selected={bulkActions ? row.getIsSelected() : undefined}>
                    {bulkActions ? (
                      <td className="ls-table__check">
                        <input
                          type="checkbox"
                          aria-label={`Select row ${range.start + index + 1}`}
                          checked={row.getIsSelected()}
                          onChange={row.getToggleSelectedHandler()}
                        />
                      </td>
                    ) : null}
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id}>{columns.find((c) => c.id === cell.column.id)!.cell(row.original)}</td>
                    ))}
                  </tr>
                ))}
              {range.after > 0 ? <tr aria-hidden="true" style={{ height: range.after }} /> : null}
              {result.isPending ? (
                <tr>
                  <td colSpan={width} role="status">
                    Loading…
                  </td>
                </tr>
              ) : null}
              {result.isSuccess && rows.length === 0 ? (
                <tr>
                  <td colSpan={width}>
                    <EmptyState title={emptyMessage}>{null}</EmptyState>
                  </td>
                </tr>
              ) : null}
            </tbody>
          </>
        )}
      </TableBody>
      <Pager
        label={label}
        page={params.page}
        pages={pages}
        total={result.data ? total : null}
        capped={Boolean(result.data?.capped)}
        pageSize={params.pageSize}
        onChange={setParams}
      />
    </div>
  );
}

interface RowRange {
  start: number;
  end: number;
  before: number;
  after: number;
}

/** Arrow keys, Home and End move the focus between rows (one row is in the tab order). */
function moveBetweenRows(event: KeyboardEvent<HTMLTableElement>) {
  const rows = [...event.currentTarget.querySelectorAll<HTMLTableRowElement>('tbody tr[tabindex]')];
  const at = rows.indexOf(document.activeElement as HTMLTableRowElement);
  if (at < 0) return;
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: rows.length - 1 }[event.key];
  if (to === undefined || !rows[to]) return;
  event.preventDefault();
  rows[at]!.tabIndex = -1;
  rows[to].tabIndex = 0;
  rows[to].focus();
}

/** The scrolling body: every row, or (long pages) only those in view, with arrow-key navigation between rows. */
function TableBody({ label, busy, rowCount, children }: { label: string; busy: boolean; rowCount: number; children: (range: RowRange) => ReactNode }) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = rowCount > VIRTUAL_THRESHOLD;
  // oxlint-disable-next-line react/incompatible-library -- the console does not use the React Compiler
  const virtualizer = useVirtualizer({ count: virtual ? rowCount : 0, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });
  const items = virtualizer.getVirtualItems();
  const range: RowRange =
    virtual && items.length > 0
      ? { start: items[0]!.index, end: items.at(-1)!.index + 1, before: items[0]!.start, after: virtualizer.getTotalSize() - items.at(-1)!.end }
      : { start: 0, end: virtual ? Math.min(rowCount, 30) : rowCount, before: 0, after: 0 };

  return (
    <div ref={scroller} className="ls-table__scroll" data-virtual={virtual || undefined}>
      <table aria-busy={busy || undefined} onKeyDown={moveBetweenRows}>
        <caption className="ls-visually-hidden">{label}</caption>
        {children(range)}
      </table>
    </div>
  );
}

function SearchField({ label, value, onSearch }: { label: string; value: string; onSearch: (text: string) => void }) {
  return (
    <form
      role="search"
      className="ls-table__search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(String(new FormData(event.currentTarget).get('q') ?? ''));
      }}
    >
      <input key={value} name="q" type="search" aria-label={label} placeholder={label} defaultValue={value} />
      <Button type="submit">Search</Button>
    </form>
  );
}

function ColumnsMenu<T>({ columns, hidden, onChange }: { columns: DataColumn<T>[]; hidden: string[]; onChange: (hidden: string[]) => void }) {
  const hideable = columns.filter((column) => column.hideable !== false);
  if (hideable.length === 0) return null;
  return (
    <details className="ls-table__columns">
      <summary>Columns</summary>
      <fieldset>
        <legend className="ls-visually-hidden">Shown columns</legend>
        {hideable.map((column) => (
          <label key={column.id}>
            <input
              type="checkbox"
              checked={!hidden.includes(column.id)}
              onChange={(event) => onChange(event.target.checked ? hidden.filter((id) => id !== column.id) : [...hidden, column.id])}
            />
            {column.header}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

function Pager({
  label,
  page,
  pages,
  total,
  capped,
  pageSize,
  onChange,
}: {
  /** the table's name: each pager is a landmark of its own ("Webhook events: pages") */
  label: string;
  page: number;
  pages: number;
  /** null until the first answer: the pager says nothing rather than "No rows" */
  total: number | null;
  /** at least `total` rows: the last page is not known */
  capped: boolean;
  pageSize: number;
  onChange: (change: Partial<TableParams>) => void;
}) {
  const more = capped ? '+' : '';
  return (
    <nav className="ls-table__pager" aria-label={`${label}: pages`}>
      <span>
        {total === null
          ? ''
          : total === 0
            ? 'No rows'
            : `Page ${formatCount(Math.min(page, pages))} of ${formatCount(pages)}${more} · ${capped ? `${formatCount(total)}+ rows` : countOf(total, 'row')}`}
      </span>
      <label>
        Rows per page{' '}
        <select value={pageSize} onChange={(event) => onChange({ pageSize: Number(event.target.value) })}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <Button disabled={page <= 1} onClick={() => onChange({ page: page - 1 })}>
        Previous page
      </Button>
      <Button disabled={page >= pages} onClick={() => onChange({ page: page + 1 })}>
        Next page
      </Button>
    </nav>
  );
}
