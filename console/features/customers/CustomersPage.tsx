import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAtom } from 'jotai';
import type { CustomerRow } from '../../../server/contract/customers.ts';
import { ConfirmDialog } from '../../components/ui/aria/ConfirmDialog.tsx';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../components/ui/Button.tsx';
import { Banner, PageHeader } from '../../components/ui/PageHeader.tsx';
import { DataTable } from '../../components/ui/table/DataTable.tsx';
import { useTableParams } from '../../components/ui/table/useTableParams.ts';
import { useToast } from '../../components/ui/Toast.tsx';
import { useRememberedJob } from '../../components/ui/JobProgress.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import { customerPageAtom } from '../../state/client-state.ts';
import { useCan } from '../../lib/useCan.ts';
import { customerListQuery, exportCustomers, listParams, startExport, useChangeProgram, useInviteCustomers } from './api/customers.ts';
import { ExportProgress } from './components/ExportProgress.tsx';
import { ImportDialog } from './components/ImportDialog.tsx';
import { ImportProgress } from './components/ImportProgress.tsx';
import { TagDialog } from './components/TagDialog.tsx';
import { CUSTOMER_COLUMNS } from './components/customer-columns.tsx';
import { CustomerFilterBar, useCustomerFilters } from './components/CustomerFilters.tsx';
import { saveFile } from './components/download.ts';
import { countOf } from '../../lib/format.ts';

/** spec §4: the list's page is client state (jotai) — kept while on customer pages, back to 1 when leaving them. */
function useRememberedPage() {
  const [params, setParams] = useTableParams();
  const [page, setPage] = useAtom(customerPageAtom);
  const restored = useRef(false);
  useEffect(() => {
    if (!restored.current) {
      restored.current = true;
      if (params.page === 1 && page > 1) setParams({ page });
      return;
    }
    setPage(params.page);
  }, [params.page, page, setPage, setParams]);
  return params;
}

/** spec §2 /customers: every member with points, tier, referrals and status; filters, sort and pages in the URL; export and exclude. */
export function CustomersPage() {
  const params = useRememberedPage();
  const [filters] = useCustomerFilters();
  const query = useMemo(() => customerListQuery(filters), [filters]);
  const [excluding, setExcluding] = useState<CustomerRow[] | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const change = useChangeProgram();
  const toast = useToast();
  const [exportJob, setExportJob] = useRememberedJob('customers.export');
  const [importJob, setImportJob] = useRememberedJob('customers.import');
  const [importing, setImporting] = useState(false);
  const [tagging, setTagging] = useState<number[] | null>(null);
  const invite = useInviteCustomers();
  const invitePast = (ids?: number[]) =>
    invite.mutate(ids ? { customer_ids: ids } : {}, {
      onSuccess: (answer) => toast({ message: `${countOf(answer.invited, 'invitation')} queued` }),
    });

  const download = async (body: Record<string, unknown>) => {
    setExporting(true);
    setExportError(null);
    try {
      const file = await exportCustomers(body);
      saveFile(file.blob, file.filename);
      toast({ message: 'Export downloaded' });
    } catch (error) {
      setExportError(`The export failed: ${errorMessage(error)}`);
    } finally {
      setExporting(false);
    }
  };
  const { page: _page, limit: _limit, ...currentFilter } = listParams(params, filters);
  const startBackgroundExport = async () => {
    setExporting(true);
    setExportError(null);
    try {
      setExportJob(String((await startExport(currentFilter)).id));
    } catch (error) {
      setExportError(`The export did not start: ${errorMessage(error)}`);
    } finally {
      setExporting(false);
    }
  };
  const include = (rows: CustomerRow[], status: 'member' | 'excluded') =>
    change.mutate(
      { customer_ids: rows.map((row) => row.id), program_status: status },
      {
        onSuccess: (answer) => toast({ message: `${countOf(answer.changed, 'customer')} ${status === 'member' ? 'included' : 'excluded'}` }),
        onSettled: () => setExcluding(null),
      },
    );

  // inviting, importing and exporting customers is for owners and admins (customers:manage)
  const canManage = useCan('customers:manage');
  const bulkActions = useCallback(
    (selected: CustomerRow[]): ReactNode => (
      <>
        <Button onClick={() => void download({ customer_ids: selected.map((row) => row.id) })}>Export selected</Button>
        <Button onClick={() => setTagging(selected.map((row) => row.id))}>Tag</Button>
        <Button onClick={() => invitePast(selected.map((row) => row.id))}>Invite</Button>
        <Button onClick={() => include(selected, 'member')}>Include in program</Button>
        <Button variant="critical" onClick={() => setExcluding(selected)}>
          Exclude from program
        </Button>
      </>
    ),
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- download and include only read state setters and the mutation
    [],
  );

  return (
    <>
      <PageHeader
        title="Customers"
        subtitle="Every member of your program: points, VIP tier, referrals and status."
        actions={
          <>
            {/* staff review receipts (customers:support); awards, invitations, import and export are for owners and admins */}
            <Link className={buttonClassName()} to="/customers/receipt-moderation">
              Receipts
            </Link>
            {canManage ? (
              <>
                <Link className={buttonClassName()} to="/customers/awards">
                  Award points
                </Link>
                <Button loading={invite.isPending} onClick={() => invitePast()}>
                  Invite past customers
                </Button>
                <Button onClick={() => setImporting(true)}>Import CSV</Button>
                <Button loading={exporting} onClick={() => void startBackgroundExport()}>
                  Export CSV
                </Button>
              </>
            ) : null}
          </>
        }
      />
      {exportError ? <Banner tone="critical">{exportError}</Banner> : null}
      {exportJob ? <ExportProgress key={exportJob} jobId={exportJob} onForget={() => setExportJob(null)} /> : null}
      {importJob ? <ImportProgress key={importJob} jobId={importJob} onForget={() => setImportJob(null)} /> : null}
      {invite.isError ? <Banner tone="critical">{`No invitation was queued: ${errorMessage(invite.error)}`}</Banner> : null}
      {change.isError ? <Banner tone="critical">{`Nothing was changed: ${errorMessage(change.error)}`}</Banner> : null}
      <CustomerFilterBar />
      <DataTable
        label="Customers"
        columns={CUSTOMER_COLUMNS}
        query={query}
        getRowId={(row) => String(row.id)}
        emptyMessage="No customer matches"
        searchLabel="Search by name or e-mail"
        bulkActions={bulkActions}
      />
      <TagDialog customerIds={tagging} onClose={() => setTagging(null)} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} onStarted={setImportJob} />
      <ConfirmDialog
        open={excluding !== null}
        title="Exclude from the program?"
        confirmLabel="Exclude"
        busy={change.isPending}
        onConfirm={() => excluding && include(excluding, 'excluded')}
        onCancel={() => setExcluding(null)}
      >
        <p>
          {excluding?.length === 1 ? excluding[0]!.name : countOf(excluding?.length ?? 0, 'customer')} will be marked as excluded from the program. Their
          balance and history are kept and you can include them again.
        </p>
      </ConfirmDialog>
    </>
  );
}
