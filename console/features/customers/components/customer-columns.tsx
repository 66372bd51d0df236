import { Link } from 'react-router';
import type { CustomerRow } from '../../../../server/contract/customers.ts';
import { Badge, type BadgeTone } from '../../../components/ui/Badge.tsx';
import type { DataColumn } from '../../../components/ui/table/DataTable.tsx';
import { formatCount, formatPoints } from '../../../lib/format.ts';

const STATUS: Record<CustomerRow['program_status'], { label: string; tone: BadgeTone }> = {
  member: { label: 'Member', tone: 'success' },
  excluded: { label: 'Excluded', tone: 'attention' },
  guest: { label: 'Guest', tone: 'neutral' },
};
/** The customer's place in the program: the holdout group (kept out to measure the lift, whatever its status), or its program status. */
export const programStatusBadge = (customer: Pick<CustomerRow, 'program_status' | 'holdout'>) =>
  customer.holdout ? (
    <Badge tone="neutral">Holdout group</Badge>
  ) : (
    <Badge tone={STATUS[customer.program_status].tone}>{STATUS[customer.program_status].label}</Badge>
  );

const SOURCES: Record<string, string> = { manual: 'Added by hand', import: 'Import', order: 'Order', widget: 'Widget sign-up' };
export const sourceLabel = (source: string) => SOURCES[source] ?? source;
export const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The customer list's columns (ids are the server's sort keys where sortable). */
export const CUSTOMER_COLUMNS: DataColumn<CustomerRow>[] = [
  {
    id: 'name',
    header: 'Name',
    sortable: true,
    hideable: false,
    cell: (row) => <Link to={`/customers/details?id=${row.id}`}>{row.name || row.email}</Link>,
  },
  { id: 'email', header: 'E-mail', sortable: true, cell: (row) => row.email },
  { id: 'balance', header: 'Points', sortable: true, cell: (row) => formatPoints(row.balance) },
  { id: 'pending', header: 'Pending', sortable: true, cell: (row) => formatPoints(row.pending) },
  { id: 'lifetime', header: 'Lifetime', sortable: true, cell: (row) => formatPoints(row.lifetime) },
  { id: 'vip_tier', header: 'VIP tier', cell: (row) => row.vip_tier ?? '—' },
  { id: 'referrals', header: 'Referrals', sortable: true, cell: (row) => formatCount(row.referrals) },
  { id: 'joined', header: 'Joined', sortable: true, cell: (row) => formatDay(row.joined_at) },
  { id: 'program_status', header: 'Program status', cell: (row) => programStatusBadge(row) },
  { id: 'source', header: 'Source', cell: (row) => sourceLabel(row.source) },
];
