import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { endpointBody, OUTGOING_TOPICS, TOPIC_DESCRIPTIONS, type DeliveryRecord, type EndpointRecord } from '../../../../server/contract/outgoing-webhooks.ts';
import { ConfirmDialog } from '../../../components/ui/aria/ConfirmDialog.tsx';
import { Drawer } from '../../../components/ui/aria/Drawer.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { CheckboxGroupField } from '../../../components/ui/form/CheckboxGroupField.tsx';
import { applyServerErrors, useContractForm } from '../../../components/ui/form/contract-form.ts';
import { FormAlert, TextField } from '../../../components/ui/form/FormFields.tsx';
import { Banner } from '../../../components/ui/PageHeader.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/table/DataTable.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { deliveryLogQuery, endpointsQuery, useCreateEndpoint, useRemoveEndpoint } from '../api/outgoing-webhooks.ts';
import { useCan } from '../../../lib/useCan.ts';
import { ViewOnlyNote } from '../../../components/ui/ViewOnlyNote.tsx';
import { countOf, formatCount } from '../../../lib/format.ts';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

const DELIVERY_COLUMNS: DataColumn<DeliveryRecord>[] = [
  { id: 'created_at', header: 'Event', cell: (row) => when(row.created_at), hideable: false },
  { id: 'topic', header: 'Topic', cell: (row) => row.topic },
  { id: 'event_key', header: 'Event ID', cell: (row) => <code>{row.event_key}</code> },
  { id: 'endpoint', header: 'Endpoint', cell: (row) => `#${row.endpoint_id}` },
  {
    id: 'status',
    header: 'Status',
    cell: (row) =>
      row.status === 'delivered'
        ? `Delivered ${when(row.delivered_at)} (${countOf(row.attempts, 'try', 'tries')})`
        : row.status === 'failed'
          ? `Failed after ${row.attempts} tries: ${row.last_error ?? ''}`
          : row.attempts === 0
            ? 'Queued'
            : `Retrying at ${when(row.next_attempt_at)} after ${row.last_error ?? 'a failure'}`,
  },
];

/** POST /outgoing-webhooks: an https URL and the events it receives, checked by the server's own schema. */
function EndpointForm({ onDone }: { onDone: () => void }) {
  const form = useContractForm(endpointBody, { url: '', topics: ['points.earned', 'points.redeemed'] });
  const create = useCreateEndpoint();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await create.mutateAsync(values);
      toast({ message: 'Endpoint added' });
      onDone();
    } catch (error) {
      setFailure(`The endpoint was not added: ${applyServerErrors(form, error)}`);
    }
  });
  return (
    <form className="ls-stack" onSubmit={(event) => void submit(event)} noValidate>
      <FormAlert message={failure} />
      <TextField control={form.control} register={form.register} name="url" label="Endpoint URL (https)" placeholder="https://example.com/loyalty-events" />
      <CheckboxGroupField
        control={form.control}
        name="topics"
        legend="Events"
        options={OUTGOING_TOPICS.map((topic) => ({ value: topic, label: topic, hint: TOPIC_DESCRIPTIONS[topic] }))}
      />
      <div>
        <Button type="submit" variant="primary" loading={create.isPending}>
          Add endpoint
        </Button>
      </div>
    </form>
  );
}

/** The merchant's endpoints for the program's own events, their delivery counts and the delivery log. */
export function OutgoingWebhooks() {
  const endpoints = useQuery(endpointsQuery());
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<EndpointRecord | null>(null);
  const remove = useRemoveEndpoint();
  const toast = useToast();
  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast({ message: 'Endpoint removed' });
        setRemoving(null);
      },
    });
  };
  const canChange = useCan('store:settings');
  return (
    <section className="ls-card ls-stack" aria-labelledby="outgoing-heading">
      <div className="ls-row" style={{ justifyContent: 'space-between' }}>
        <h2 id="outgoing-heading">Outgoing webhooks</h2>
        {canChange ? (
          <Button variant="primary" onClick={() => setAdding(true)}>
            Add endpoint
          </Button>
        ) : null}
      </div>
      <ViewOnlyNote permission="store:settings" />
      <p className="ls-muted">
        The program's events are posted as JSON to your https endpoints, signed with your HMAC secret:{' '}
        <code>X-Loyalty-Signature: t=&lt;unix time&gt;,v1=&lt;hex HMAC-SHA256 of "t.body"&gt;</code>. A failed delivery is retried with backoff for about a day;
        each event is delivered once (its ID is in <code>X-Loyalty-Event-Id</code>).
      </p>
      {endpoints.isError ? <Banner tone="critical">{`Endpoints could not be loaded: ${errorMessage(endpoints.error)}`}</Banner> : null}
      {endpoints.isPending ? <p role="status">Loading endpoints…</p> : null}
      {endpoints.data?.length === 0 ? <p>No endpoint yet.</p> : null}
      {endpoints.data && endpoints.data.length > 0 ? (
        <ul className="ls-stack" aria-label="Endpoints">
          {endpoints.data.map((endpoint) => (
            <li key={endpoint.id} className="ls-row" style={{ justifyContent: 'space-between' }}>
              <span>
                <strong>
                  #{endpoint.id} <code>{endpoint.url}</code>
                </strong>
                <br />
                <span className="ls-muted">
                  {endpoint.topics.join(', ')} · {formatCount(endpoint.deliveries.delivered)} delivered, {formatCount(endpoint.deliveries.pending)} waiting,{' '}
                  {formatCount(endpoint.deliveries.failed)} failed · last delivery {when(endpoint.last_delivered_at)}
                </span>
              </span>
              {canChange ? (
                <Button onClick={() => setRemoving(endpoint)} aria-label={`Remove endpoint ${endpoint.url}`}>
                  Remove
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <h3>Delivery log</h3>
      <DataTable
        label="Webhook deliveries"
        columns={DELIVERY_COLUMNS}
        query={deliveryLogQuery}
        getRowId={(row) => String(row.id)}
        emptyMessage="Nothing delivered yet"
        urlPrefix="deliveries_"
      />
      <Drawer open={adding} title="New endpoint" onClose={() => setAdding(false)}>
        <EndpointForm onDone={() => setAdding(false)} />
      </Drawer>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this endpoint?"
        confirmLabel="Remove endpoint"
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => {
          remove.reset();
          setRemoving(null);
        }}
      >
        <p>Nothing more is sent to {removing?.url}; its waiting deliveries are dropped.</p>
        {remove.isError ? <Banner tone="critical">{`Not removed: ${errorMessage(remove.error)}`}</Banner> : null}
      </ConfirmDialog>
    </section>
  );
}
