import { Link } from 'react-router';
import type { WebhookEventRecord } from '../../../server/contract/apps.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Banner, PageHeader } from '../../components/ui/PageHeader.tsx';
import { DataTable, type DataColumn } from '../../components/ui/table/DataTable.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import { eventListQuery, useWebhookSync } from './api/apps.ts';
import { AppCards } from './components/AppCards.tsx';
import { OutgoingWebhooks } from './components/OutgoingWebhooks.tsx';
import { useCan } from '../../lib/useCan.ts';

const EVENT_COLUMNS: DataColumn<WebhookEventRecord>[] = [
  { id: 'received_at', header: 'Received', cell: (event) => new Date(event.received_at).toLocaleString(), hideable: false },
  { id: 'platform', header: 'App', cell: (event) => event.platform },
  { id: 'topic', header: 'Topic', cell: (event) => event.topic },
  { id: 'event_key', header: 'Event', cell: (event) => <code>{event.event_key}</code> },
  {
    id: 'status',
    header: 'Status',
    cell: (event) => (event.processed_at ? 'Processed' : event.last_error ? `Failed after ${event.attempts} tries: ${event.last_error}` : 'Waiting'),
  },
];

/** spec §2 /integrations: the supported apps with their state, the webhook events received and their re-sync, the outgoing webhooks. */
export function IntegrationsPage() {
  const sync = useWebhookSync();
  const canChange = useCan('store:settings');
  return (
    <>
      <PageHeader
        title="Integrations"
        subtitle="Your store platform's order webhooks: their connection, the events received and their processing."
        actions={
          canChange ? (
            <Button onClick={() => sync.mutate()} loading={sync.isPending}>
              Re-sync webhooks
            </Button>
          ) : null
        }
      />
      <div className="ls-stack">
        {sync.isSuccess ? <Banner tone="success">{`${sync.data.retried} failed events tried again.`}</Banner> : null}
        {sync.isError ? <Banner tone="critical">{`Not re-synced: ${errorMessage(sync.error)}`}</Banner> : null}
        <nav className="ls-card" aria-label="Integration pages">
          <p>
            <Link to="/integrations/custom-app/">Custom App</Link>: API clients and the HMAC secret. <Link to="/integrations/store-order/">Order History</Link>{' '}
            and <Link to="/integrations/product-list/">Product History</Link>: imported orders and products.
          </p>
        </nav>
        <AppCards />
        <section className="ls-card ls-stack" aria-labelledby="events-heading">
          <h2 id="events-heading">Webhook events</h2>
          <DataTable
            label="Webhook events"
            columns={EVENT_COLUMNS}
            query={eventListQuery}
            getRowId={(event) => String(event.id)}
            emptyMessage="No webhook received yet"
            urlPrefix="events_"
          />
        </section>
        <OutgoingWebhooks />
      </div>
    </>
  );
}
