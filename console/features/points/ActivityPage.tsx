import { Link, useSearchParams } from 'react-router';
import { ENTRY_TYPES, type ActivityEntry, type EntryType } from '../../../server/contract/points-activity.ts';
import { Field } from '../../components/ui/Field.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { Tabs } from '../../components/ui/aria/Tabs.tsx';
import { DataTable, type DataColumn } from '../../components/ui/table/DataTable.tsx';
import { formatSignedPoints, formatUtcDateTime } from '../../lib/format.ts';
import { activityQuery } from './api/points.ts';
import { CustomerActivityTable } from './components/CustomerActivityTable.tsx';

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

const columns: DataColumn<ActivityEntry>[] = [
  { id: 'created_at', header: 'Date', cell: (row) => formatUtcDateTime(row.created_at), hideable: false },
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
    cell: (row) => (row.pending_points && !row.points ? `${formatSignedPoints(row.pending_points)} pending` : formatSignedPoints(row.points)),
  },
  { id: 'why', header: 'Why', cell: (row) => (row.reason ? `${row.computation} — ${row.reason}` : row.computation), hideable: false },
];

type ActivityView = 'entries' | 'customers';

/**
 * spec §2 /rewards-loyalty/points/activity-list/: the store's points activity in a period (From, To),
 * seen as every ledger entry, newest first, or per customer (transaction/customer/list); the
 * view, the period and each table's paging, sort and search live in the URL.
 */
export function ActivityPage() {
  const [search, setSearch] = useSearchParams();
  const view: ActivityView = search.get('view') === 'customers' ? 'customers' : 'entries';
  const type = search.get('type') ?? '';
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const setFilter = (key: 'type' | 'from' | 'to' | 'view', value: string) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      for (const page of ['page', 'c_page']) next.delete(page);
      return next;
    });
  return (
    <>
      <PageHeader
        title="Activity"
        subtitle="Every points transaction of your members and why it happened, or what each member earned, spent and lost in a period."
        back={{ to: '/rewards-loyalty/points', label: 'Points' }}
      />
      <div className="ls-card ls-stack">
        <div className="ls-row ls-activity-filters" role="group" aria-label="Period">
          <Field label="From" type="date" value={from} max={to || undefined} onChange={(event) => setFilter('from', event.target.value)} />
          <Field label="To" type="date" value={to} min={from || undefined} onChange={(event) => setFilter('to', event.target.value)} />
        </div>
        <Tabs
          label="Activity views"
          selected={view}
          onSelect={(id) => setFilter('view', id === 'customers' ? id : '')}
          items={[
            {
              id: 'entries',
              label: 'Entries',
              content: (
                <div className="ls-stack">
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
              ),
            },
            { id: 'customers', label: 'By customer', content: <CustomerActivityTable period={{ from: from || undefined, to: to || undefined }} /> },
          ]}
        />
      </div>
    </>
  );
}
