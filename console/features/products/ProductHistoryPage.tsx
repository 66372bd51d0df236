import { useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ImportRecord, ProductImportBody, ProductRecord } from '../../../server/contract/products.ts';
import { Button } from '../../components/ui/Button.tsx';
import { JobProgress, useRememberedJob } from '../../components/ui/JobProgress.tsx';
import { Banner, PageHeader } from '../../components/ui/PageHeader.tsx';
import { useToast } from '../../components/ui/Toast.tsx';
import { DataTable, type DataColumn } from '../../components/ui/table/DataTable.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import { countOf, formatCount, formatMinor } from '../../lib/format.ts';
import { useStoreCurrency } from '../../lib/useStoreCurrency.ts';
import type { RouteEntry } from '../../lib/feature.ts';
import { productImportStatus, productImportsQuery, productTableQuery, useImportProducts } from './api/catalogue.ts';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** The catalogue's columns; prices in the store's currency. */
const columnsIn = (currency: string): DataColumn<ProductRecord>[] => [
  { id: 'title', header: 'Product', cell: (row) => row.title, hideable: false },
  { id: 'id', header: 'Id', cell: (row) => row.id },
  { id: 'price', header: 'Price', cell: (row) => formatMinor(row.price_minor, currency) },
  { id: 'tags', header: 'Tags', cell: (row) => row.tags.join(', ') || '—' },
  { id: 'collections', header: 'Collections', cell: (row) => row.collection_ids.join(', ') || '—' },
  { id: 'source', header: 'From', cell: (row) => row.source },
  { id: 'updated', header: 'Updated', cell: (row) => when(row.updated_at) },
];

/** A file's rows for POST product/import: CSV as text, JSON as its products (an array, or `{ products: [...] }`). */
async function importBody(file: File): Promise<ProductImportBody> {
  const text = await file.text();
  if (!file.name.toLowerCase().endsWith('.json')) return { format: 'csv', csv: text };
  const parsed: unknown = JSON.parse(text);
  const products = Array.isArray(parsed) ? parsed : (parsed as { products?: unknown }).products;
  if (!Array.isArray(products)) throw new Error('The JSON file holds no products array.');
  return { format: 'json', products: products as ProductImportBody['products'] };
}

function ImportForm({ onQueued }: { onQueued: (id: string) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<ImportRecord | null>(null);
  const importProducts = useImportProducts();
  const toast = useToast();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setResult(null);
    if (!file) return setFailure('Choose a CSV or JSON file.');
    try {
      const record = await importProducts.mutateAsync(await importBody(file));
      if (record.status === 'queued' || record.status === 'running') {
        onQueued(String(record.id));
        toast({ message: `Importing ${countOf(record.total, 'product')} in the background.` });
      } else {
        setResult(record);
        toast({ message: `${countOf(record.processed, 'product')} imported.` });
      }
    } catch (error) {
      setFailure(`The products could not be imported: ${errorMessage(error)}`);
      toast({ message: 'The products could not be imported.', tone: 'critical' });
    }
  };
  return (
    <form className="ls-stack" onSubmit={(event) => void submit(event)} aria-label="Import products">
      <div className="ls-field">
        <label className="ls-field__label" htmlFor="product-file">
          Product file
        </label>
        <input
          id="product-file"
          className="ls-field__input"
          type="file"
          accept=".csv,.json,text/csv,application/json"
          aria-describedby="product-file-hint"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <div id="product-file-hint" className="ls-field__hint">
          CSV with the columns product_id, title, price, tags, collection_ids, collection_titles, variant_id, variant_title, sku (a product, or one variant of
          it, per row), or your platform&apos;s products as JSON. Importing a file again updates the products.
        </div>
      </div>
      {failure ? <Banner tone="critical">{failure}</Banner> : null}
      {result ? (
        <Banner tone={result.failed_rows.length ? 'info' : 'success'}>
          {`${formatCount(result.processed)} of ${countOf(result.rows, 'row')} imported.`}
          {result.failed_rows.length ? ` Rows not imported: ${result.failed_rows.map((row) => `${row.row} (${row.message})`).join('; ')}` : ''}
        </Banner>
      ) : null}
      <div>
        <Button type="submit" variant="primary" loading={importProducts.isPending}>
          Import products
        </Button>
      </div>
    </form>
  );
}

function ImportList() {
  const imports = useQuery(productImportsQuery());
  if (imports.isError) return <Banner tone="critical">{`The imports could not be loaded: ${errorMessage(imports.error)}`}</Banner>;
  if (imports.isPending) return <p className="ls-muted">Loading the imports…</p>;
  if (imports.data.length === 0) return <p className="ls-muted">No product import yet.</p>;
  return (
    <div className="ls-table">
      <table>
        <caption className="ls-visually-hidden">Product imports, newest first</caption>
        <thead>
          <tr>
            {['Started', 'Status', 'Rows', 'Imported', 'Rows refused', 'Finished'].map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {imports.data.map((record) => (
            <tr key={record.id}>
              <td>{when(record.created_at)}</td>
              <td>{record.status === 'failed' ? `Failed: ${record.error ?? ''}` : record.status}</td>
              <td>{formatCount(record.rows)}</td>
              <td>{`${formatCount(record.processed)} of ${formatCount(record.total)}`}</td>
              <td>{record.failed_rows.length ? record.failed_rows.map((row) => `row ${row.row}: ${row.message}`).join('; ') : '—'}</td>
              <td>{when(record.finished_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** spec §2 /integrations/product-list/: import the catalogue (CSV or platform JSON, in the background when large), its imports and products. */
export function ProductHistoryPage({ route }: { route: RouteEntry }) {
  const [jobId, setJobId] = useRememberedJob('product-import');
  const currency = useStoreCurrency();
  const columns = useMemo(() => columnsIn(currency), [currency]);
  return (
    <>
      <PageHeader
        back={route.back}
        title="Product History"
        subtitle="Your catalogue: the products, collections, tags and variants your rules can exclude or reward, and the imports that brought them."
      />
      <div className="ls-stack">
        <section className="ls-card ls-stack" aria-labelledby="product-import-heading">
          <h2 id="product-import-heading">Import products</h2>
          <ImportForm onQueued={setJobId} />
          {jobId ? <JobProgress jobId={jobId} label="Product import" fetchStatus={productImportStatus} onDismiss={() => setJobId(null)} /> : null}
        </section>
        <section className="ls-card ls-stack" aria-labelledby="product-imports-heading">
          <h2 id="product-imports-heading">Imports</h2>
          <ImportList />
        </section>
        <section className="ls-card ls-stack" aria-labelledby="products-heading">
          <h2 id="products-heading">Products</h2>
          <DataTable
            label="Products"
            columns={columns}
            query={productTableQuery}
            getRowId={(row) => row.id}
            emptyMessage="No product yet: import a file above, or connect your store under Integrations."
            searchLabel="Search products"
          />
        </section>
      </div>
    </>
  );
}
