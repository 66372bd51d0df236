import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { ReceiptRecord } from '../../../server/contract/receipts.ts';
import { Badge, type BadgeTone } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { Banner, PageHeader } from '../../components/ui/PageHeader.tsx';
import { DataTable, type DataColumn } from '../../components/ui/table/DataTable.tsx';
import { useToast } from '../../components/ui/Toast.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import { moneyFormatter, pointsOf } from '../../lib/format.ts';
import { useCan } from '../../lib/useCan.ts';
import { receiptImageQuery, receiptListQuery, useReviewReceipt, type ReceiptStatus } from './api/receipts.ts';
import { formatDay } from './components/customer-columns.tsx';
import { SelectField } from './components/SelectField.tsx';

const BACK = { to: '/customers', label: 'Customers' };
const STATUS_OPTIONS = [
  { value: 'pending', label: 'Waiting for review' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];
const STATUS: Record<ReceiptRecord['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'attention' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'neutral' },
};
const money = (receipt: ReceiptRecord) => moneyFormatter(receipt.currency)(receipt.amount_minor);
const who = (receipt: ReceiptRecord) => receipt.customer?.name || receipt.customer?.email || 'a customer';

/** The receipt's photo, read with the session (receipts are personal: never a public URL); opens full size. */
function ReceiptImage({ receipt }: { receipt: ReceiptRecord }) {
  const image = useQuery(receiptImageQuery(receipt));
  const alt = `Receipt #${receipt.id} from ${who(receipt)}`;
  if (image.isError) return <span>Image unavailable</span>;
  if (!image.data) return <span role="status">Loading image…</span>;
  return (
    <a href={image.data} target="_blank" rel="noreferrer" aria-label={`${alt}, full size`}>
      <img className="ls-receipt-thumb" src={image.data} alt={alt} />
    </a>
  );
}

interface ReviewProps {
  canReview: boolean;
  /** the receipt being approved now */
  busyId: number | null;
  onApprove: (receipt: ReceiptRecord) => void;
  onReject: (receipt: ReceiptRecord) => void;
}

function ReviewActions({ row, canReview, busyId, onApprove, onReject }: ReviewProps & { row: ReceiptRecord }) {
  if (row.status !== 'pending' || !canReview) return null;
  return (
    <span className="ls-row">
      <Button variant="primary" aria-label={`Approve receipt #${row.id}`} loading={busyId === row.id} onClick={() => onApprove(row)}>
        Approve
      </Button>
      <Button aria-label={`Reject receipt #${row.id}`} onClick={() => onReject(row)}>
        Reject
      </Button>
    </span>
  );
}

function StatusCell({ row }: { row: ReceiptRecord }) {
  return (
    <span className="ls-stack">
      <Badge tone={STATUS[row.status].tone}>{STATUS[row.status].label}</Badge>
      {row.status === 'approved' ? <span>{`${pointsOf(row.points ?? 0)}, by ${row.reviewed_by ?? '—'}`}</span> : null}
      {row.status === 'rejected' ? <span>{`${row.reason ?? ''} (${row.reviewed_by ?? '—'})`}</span> : null}
    </span>
  );
}

function CustomerCell({ row }: { row: ReceiptRecord }) {
  return row.customer ? <Link to={`/customers/details?id=${row.customer.id}`}>{who(row)}</Link> : <>—</>;
}

/** The queue's columns; the review buttons act through `review`. */
const receiptColumns = (review: ReviewProps): DataColumn<ReceiptRecord>[] => [
  { id: 'image', header: 'Receipt', cell: (row) => <ReceiptImage receipt={row} />, hideable: false },
  { id: 'customer', header: 'Customer', hideable: false, cell: (row) => <CustomerCell row={row} /> },
  { id: 'amount', header: 'Amount', cell: money },
  { id: 'date', header: 'Bought on', cell: (row) => (row.purchased_on ? formatDay(row.purchased_on) : '—') },
  { id: 'created_at', header: 'Sent on', cell: (row) => formatDay(row.created_at) },
  { id: 'status', header: 'Status', cell: (row) => <StatusCell row={row} /> },
  { id: 'actions', header: 'Actions', hideable: false, cell: (row) => <ReviewActions row={row} {...review} /> },
];

/** spec §2 /customers/receipt-moderation: shoppers' in-store receipts, approved (points by the order rule, once) or rejected with a reason. */
export function ReceiptModerationPage() {
  const [search, setSearch] = useSearchParams();
  const status = (STATUS_OPTIONS.some((option) => option.value === search.get('state')) ? search.get('state') : 'pending') as ReceiptStatus;
  const query = useMemo(() => receiptListQuery(status), [status]);
  const canReview = useCan('customers:support');
  const review = useReviewReceipt();
  const toast = useToast();
  const [rejecting, setRejecting] = useState<ReceiptRecord | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const approve = (receipt: ReceiptRecord) =>
    review.mutate(
      { receipt_id: receipt.id, action: 'approve' },
      { onSuccess: (done) => toast({ message: `Receipt #${done.id} approved: ${pointsOf(done.points ?? 0)} to ${who(done)}` }) },
    );
  const openReject = (receipt: ReceiptRecord) => {
    setReasonError(null);
    setRejecting(receipt);
  };
  const reject = () => {
    if (!rejecting) return;
    if (!reason.trim()) {
      setReasonError('Say why the receipt is rejected: the shopper sees it.');
      return;
    }
    review.mutate(
      { receipt_id: rejecting.id, action: 'reject', reason: reason.trim() },
      {
        onSuccess: (done) => {
          toast({ message: `Receipt #${done.id} rejected` });
          setRejecting(null);
          setReason('');
        },
      },
    );
  };

  const columns = useMemo(
    () => receiptColumns({ canReview, busyId: review.isPending ? (review.variables?.receipt_id ?? null) : null, onApprove: approve, onReject: openReject }),
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- approve and openReject only read the mutation and state setters
    [canReview, review.isPending, review.variables?.receipt_id],
  );

  return (
    <>
      <PageHeader
        title="Receipt Moderation"
        subtitle="In-store receipts your members sent: approve them for points or reject them with a reason."
        back={BACK}
      />
      {review.isError && !rejecting ? <Banner tone="critical">{`Nothing was changed: ${errorMessage(review.error)}`}</Banner> : null}
      <div className="ls-customer-filters">
        <SelectField
          label="Show"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(value) =>
            setSearch((current) => {
              const next = new URLSearchParams(current);
              next.set('state', value);
              next.delete('page');
              return next;
            })
          }
        />
      </div>
      <DataTable label="Receipts" columns={columns} query={query} getRowId={(row) => String(row.id)} emptyMessage="No receipt here" />
      <Dialog
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        title="Reject receipt"
        footer={
          <>
            <Button onClick={() => setRejecting(null)}>Cancel</Button>
            <Button variant="critical" loading={review.isPending} onClick={reject}>
              Reject receipt
            </Button>
          </>
        }
      >
        <div className="ls-stack">
          {rejecting ? <p>{`Receipt #${rejecting.id} from ${who(rejecting)}, ${money(rejecting)}.`}</p> : null}
          {review.isError && rejecting ? <Banner tone="critical">{`Not rejected: ${errorMessage(review.error)}`}</Banner> : null}
          <Field
            label="Reason"
            hint="The shopper sees it in the widget."
            maxLength={300}
            value={reason}
            error={reasonError}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(null);
            }}
          />
        </div>
      </Dialog>
    </>
  );
}
