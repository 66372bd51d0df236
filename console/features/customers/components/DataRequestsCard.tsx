import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { dataRequestsQuery, downloadDataRequest } from '../api/customers.ts';
import { formatDay } from './customer-columns.tsx';
import { saveFile } from './download.ts';

/**
 * The shop's requests for this customer's data (Shopify's customers/data_request): each answered
 * by a file of the customer's profile, ledger, rewards and referrals, for the merchant to send on.
 * Shown only when there is one.
 */
export function DataRequestsCard({ customerId }: { customerId: number }) {
  const requests = useQuery(dataRequestsQuery(customerId));
  const toast = useToast();
  if (!requests.data?.length) return null;
  const download = async (id: number) => {
    try {
      const file = await downloadDataRequest(id);
      saveFile(file.blob, file.filename);
    } catch (error) {
      toast({ message: `Not downloaded: ${errorMessage(error)}`, tone: 'critical' });
    }
  };
  return (
    <section className="ls-card ls-stack" aria-labelledby="data-requests-heading">
      <h2 id="data-requests-heading">Data requests</h2>
      <ul className="ls-stack">
        {requests.data.map((request) => (
          <li key={request.id}>
            {`Requested through ${request.platform} on ${formatDay(request.requested_at)} `}
            <Button onClick={() => void download(request.id)}>Download the customer's data</Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
