import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readTableParams, writeTableParams, type TableParams } from './table-params.ts';

/** The table's view from the URL and a setter that writes it back (one history entry per change). */
export function useTableParams(prefix = ''): [TableParams, (change: Partial<TableParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readTableParams(search, prefix), [search, prefix]);
  const update = useCallback((change: Partial<TableParams>) => setSearch((current) => writeTableParams(current, change, prefix)), [setSearch, prefix]);
  return [params, update];
}
