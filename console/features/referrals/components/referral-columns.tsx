import type { ReferralRow, ReferralStateName } from '../../../../server/contract/referrals.ts';
import { Badge, type BadgeTone } from '../../../components/ui/Badge.tsx';
import type { DataColumn } from '../../../components/ui/table/DataTable.tsx';
import { moneyFormatter } from '../../../lib/format.ts';

const STATE_TONES: Record<ReferralStateName, BadgeTone> = { pending: 'attention', completed: 'success', cancelled: 'neutral', blocked: 'attention' };
export const STATE_NAMES: Record<ReferralStateName, string> = { pending: 'Pending', completed: 'Completed', cancelled: 'Cancelled', blocked: 'Blocked' };

const dollars = (minor: number, currency = 'USD') => moneyFormatter(currency)(minor);

/** The columns of a referral table (the referrals screen adds its decisions, the customer card uses them as they are). */
export const referralColumns: DataColumn<ReferralRow>[] = [
  { id: 'created_at', header: 'Date', cell: (row) => new Date(row.created_at).toLocaleDateString('en-US', { timeZone: 'UTC', dateStyle: 'medium' }) },
  { id: 'referrer', header: 'Referrer', cell: (row) => row.referrer.name || row.referrer.email, hideable: false },
  { id: 'friend', header: 'Friend', cell: (row) => row.friend_email, hideable: false },
  { id: 'state', header: 'State', cell: (row) => <Badge tone={STATE_TONES[row.state]}>{STATE_NAMES[row.state]}</Badge>, hideable: false },
  {
    id: 'order',
    header: 'Order',
    cell: (row) => (row.order_number ? `${row.order_number} · ${dollars(row.order_total_minor ?? 0, row.order_currency ?? 'USD')}` : '—'),
  },
  { id: 'reason', header: 'Reason', cell: (row) => row.reason ?? (row.state === 'completed' && row.rewarded ? 'referrer rewarded' : '—') },
];
