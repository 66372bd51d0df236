import { Link, useSearchParams } from 'react-router';
import { ENTRY_TYPES, type ActivityEntry, type EntryType } from '../../../server/contract/points-activity.ts';
import { Field } from '../../components/ui/Field.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { DataTable, type DataColumn } from '../../components/ui/table/DataTable.tsx';
import { formatPoints } from '../../lib/format.ts';
import { activityQuery } from './api/points.ts';

const TYPE_NAMES: Record<EntryType, string> = {
  order_earn: 'Order',
  action_earn: 'Action',
  adjustment: 'Adjustment',
  redemption: 'Redemption',
  redemption_rollback: 'Redemption refunded',
  refund_clawback: 'Order refunded',
  expiry: 'Expired',
  award: 'Award',
  release: 'Pending approved',
  referral_reward: 'Referral',
  tier_reward: 'VIP tier',
};

const signed = (value: number) => (value > 0 ? `+${formatPoints(value)}` : formatPoints(value));

const columns: DataColumn<ActivityEntry>[] = [
  {
    id: 'created_at',
    header: 'Date',
    cell: (row) => new Date(row.created_at).toLocaleString('en-US', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' }) + ' UTC',
    hideable: false,
  },
  {
    id: 'customer',
    header: 'Customer',
    cell: (row) => <Link to={`/customers/details?id=${row.customer.id}`}>{row.customer.name || row.customer.email}</Link>,
    hideable: false,
  },
  { id: 'type', header: 'Type', cell: (row) => TYPE_NAMES[row.type] ?? row.type },
  {
    id: 'points',
    header: 'Points',
    cell: (row) => (row.pending_points && !row.points ? `${signed(row.pending_points)} pending` : signed(row.points)),
  },
  { id: 'why', header: 'Why', cell: (row) => (row.reason ? `${row.computation} — ${row.reason}` : row.computation), hideable: false },
];

/** spec §2 /rewards-loyalty/points/activity-list/: every ledger entry of the store, newest first, filtered on the server. */
export function ActivityPage() {
  const [search, setSearch] = useSearchParams();
  const type = search.get('type') ?? '';
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const setFilter = (key: 'type' | 'from' | 'to', value: string) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      next.delete('page');
      return next;
    });
  return (
    <>
      <PageHeader
        title="Activity"
        subtitle="Every points transaction of your members, newest first, and why it happened."
        back={{ to: '/rewards-loyalty/points', label: 'Points' }}
      />
      <div className="ls-card ls-stack">
        <div className="ls-row ls-activity-filters" role="group" aria-label="Filters">
          <div className="ls-field">
            <label className="ls-field__label" htmlFor="activity-type">
              Type
            </label>
            <select id="activity-type" className="ls-field__input" value={type} onChange={(event) => setFilter('type', event.target.value)}>
              <option value="">All types</option>
              {ENTRY_TYPES.map((entry) => (
                <option key={entry} value={entry}>
                  {TYPE_NAMES[entry]}
                </option>
              ))}
            </select>
          </div>
          <Field label="From" type="date" value={from} max={to || undefined} onChange={(event) => setFilter('from', event.target.value)} />
          <Field label="To" type="date" value={to} min={from || undefined} onChange={(event) => setFilter('to', event.target.value)} />
        </div>
        <DataTable
          label="Points activity"
          columns={columns}
          searchLabel="Search by customer name or e-mail"
          query={(params) =>
            activityQuery({
              page: params.page,
              limit: params.pageSize,
              type: type || undefined,
              customer: params.search || undefined,
              from: from || undefined,
              to: to || undefined,
            })
          }
          getRowId={(row) => String(row.id)}
          emptyMessage="No points activity matches these filters."
        />
      </div>
    </>
  );
}
