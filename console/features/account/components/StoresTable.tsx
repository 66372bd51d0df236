import { useMemo, useState } from 'react';
import { Drawer } from '../../../components/ui/aria/Drawer.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { actionColumn } from '../../../components/ui/table/action-column.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/table/DataTable.tsx';
import type { StoreListItem } from '../../../lib/api/types.ts';
import { useCopyToClipboard } from '../../../lib/useCopyToClipboard.ts';
import { storeListQuery } from '../api/account.ts';

/** The storefront embed a store adds to its theme (DESIGN.md §4). */
const embedSnippet = (storeKey: string, origin: string) => `<script async src="${origin}/embed/loader.js" data-store="${storeKey}"></script>`;

/** The table's columns; `install` opens the install drawer of a store. */
function storeColumns(install: (store: StoreListItem) => void): DataColumn<StoreListItem>[] {
  return [
    { id: 'store_title', header: 'Store', cell: (store) => store.store_title, sortable: true, hideable: false },
    { id: 'store_name', header: 'Store key', cell: (store) => <code>{store.store_name}</code>, sortable: true },
    actionColumn('Install', (store) => store.store_title, install),
  ];
}

/** The user's stores, each with its store key and the embed snippet to install (in a drawer). */
export function StoresTable() {
  const [open, setOpen] = useState<StoreListItem | null>(null);
  const { copied, copy } = useCopyToClipboard();
  const columns = useMemo(() => storeColumns(setOpen), []);
  const snippet = open ? embedSnippet(open.store_name, window.location.origin) : '';
  return (
    <>
      <DataTable
        label="Your stores"
        columns={columns}
        query={storeListQuery}
        getRowId={(store) => String(store.store_id)}
        emptyMessage="No store matches"
        searchLabel="Search stores"
        urlPrefix="stores_"
      />
      <Drawer open={open !== null} title={open ? `Install on ${open.store_title}` : ''} onClose={() => setOpen(null)}>
        <div className="ls-stack">
          <p>
            Add this line to your store theme, before <code>{'</body>'}</code>, to show the launcher, the widget and the sticky bar.
          </p>
          <pre className="ls-code-block">
            <code>{snippet}</code>
          </pre>
          <div>
            <Button onClick={() => void copy(snippet)}>{copied ? 'Copied' : 'Copy snippet'}</Button>
          </div>
          <p className="ls-muted">
            For signed-in shoppers add <code>data-customer-id</code> and <code>data-customer-digest</code> (the HMAC of the customer id with your HMAC secret).
          </p>
        </div>
      </Drawer>
    </>
  );
}
