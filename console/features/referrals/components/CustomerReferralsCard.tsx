import { DataTable } from '../../../components/ui/table/DataTable.tsx';
import { referralsQuery } from '../api/referrals.ts';
import { referralColumns } from './referral-columns.tsx';

/** The customer detail's referrals (data host transaction/referrals): those they made and the one that brought them. */
export function CustomerReferralsCard({ customerId }: { customerId: number }) {
  return (
    <section className="ls-card ls-stack" aria-labelledby="customer-referrals-heading">
      <h2 id="customer-referrals-heading">Referrals</h2>
      <DataTable
        label="Referrals of this customer"
        urlPrefix="referrals"
        columns={referralColumns}
        query={(params) => referralsQuery({ page: params.page, limit: params.pageSize, customer_id: customerId })}
        getRowId={(row) => String(row.id)}
        emptyMessage="This customer has not referred anyone and was not referred."
      />
    </section>
  );
}
