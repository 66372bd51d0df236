import { Link } from 'react-router';
import type { CustomerTransactionRow } from '../../../../server/contract/customers.ts';
import { DataTable, type DataColumn } from '../../../components/ui/table/DataTable.tsx';
import { formatCount, formatPoints, formatSignedPoints, formatUtcDateTime } from '../../../lib/format.ts';
import { customerActivityQuery, type ActivityPeriod } from '../api/points.ts';

const columns: DataColumn<CustomerTransactionRow>[] = [
  {
    id: 'customer',
    header: 'Customer',
    cell: ({ customer }) =>
      customer.deleted ? 'Deleted customer' : <Link to={`/customers/details?id=${customer.id}`}>{customer.name || customer.email}</Link>,
    hideable: false,
  },
  { id: 'entries', header: 'Entries', cell: (row) => formatCount(row.entries), sortable: true },
  { id: 'earned', header: 'Earned', cell: (row) => formatPoints(row.earned), sortable: true },
  { id: 'spent', header: 'Spent on rewards', cell: (row) => formatPoints(row.spent), sortable: true },
  { id: 'expired', header: 'Expired', cell: (row) => formatPoints(row.expired) },
  { id: 'clawed_back', header: 'Taken back by refunds', cell: (row) => formatPoints(row.clawed_back) },
  { id: 'net', header: 'Net change', cell: (row) => formatSignedPoints(row.net), sortable: true, hideable: false },
  { id: 'last_activity', header: 'Last activity', cell: (row) => formatUtcDateTime(row.last_activity), sortable: true },
];

/**
 * spec §7 data host transaction/customer/list: each customer with points activity in the period,
 * what the ledger did to them in it (sorted and paged on the server, the view in the URL under `c_`).
 */
export function CustomerActivityTable({ period }: { period: ActivityPeriod }) {
  return (
    <DataTable
      label="Points activity by customer"
      columns={columns}
      searchLabel="Search customers by name or e-mail"
      query={customerActivityQuery(period)}
      getRowId={(row) => String(row.customer.id)}
      emptyMessage="No customer had points activity in this period."
      urlPrefix="c_"
    />
  );
}
