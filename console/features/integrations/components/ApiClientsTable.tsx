import { useMemo, useState } from 'react';
import type { ApiClientRecord } from '../../../../server/contract/api-clients.ts';
import { ConfirmDialog } from '../../../components/ui/aria/ConfirmDialog.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Banner } from '../../../components/ui/PageHeader.tsx';
import { actionColumn } from '../../../components/ui/table/action-column.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/table/DataTable.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { apiClientListQuery, useRevokeApiClient } from '../api/api-clients.ts';
import { CreateApiClientDrawer } from './CreateApiClientDrawer.tsx';
import { useCan } from '../../../lib/useCan.ts';
import { ViewOnlyNote } from '../../../components/ui/ViewOnlyNote.tsx';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');

function clientColumns(revoke: ((client: ApiClientRecord) => void) | null): DataColumn<ApiClientRecord>[] {
  return [
    { id: 'name', header: 'Name', cell: (client) => client.name, hideable: false },
    { id: 'client_id', header: 'Client ID', cell: (client) => <code>{client.client_id}</code> },
    { id: 'scopes', header: 'Scopes', cell: (client) => client.scopes.join(', ') },
    { id: 'created_at', header: 'Created', cell: (client) => when(client.created_at) },
    { id: 'last_used_at', header: 'Last token', cell: (client) => when(client.last_used_at) },
    ...(revoke ? [actionColumn('Revoke', (client: ApiClientRecord) => client.name, revoke)] : []),
  ];
}

/** The store's API clients (GET /oauth/clients), a drawer to create one and a confirmation to revoke one. */
export function ApiClientsTable() {
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiClientRecord | null>(null);
  const revoke = useRevokeApiClient();
  const toast = useToast();
  const canChange = useCan('store:settings');
  const columns = useMemo(() => clientColumns(canChange ? setRevoking : null), [canChange]);
  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toast({ message: `${revoking.name} revoked` });
        setRevoking(null);
      },
    });
  };
  return (
    <section className="ls-card ls-stack" aria-labelledby="api-clients-heading">
      <div className="ls-row" style={{ justifyContent: 'space-between' }}>
        <h2 id="api-clients-heading">API clients</h2>
        {canChange ? (
          <Button variant="primary" onClick={() => setCreating(true)}>
            New API client
          </Button>
        ) : null}
      </div>
      <ViewOnlyNote permission="store:settings" />
      <p className="ls-muted">
        Each client exchanges its ID and secret for a bearer token valid one hour at <code>POST /oauth/token</code> (OAuth 2.0 client credentials), then reads
        the API within its scopes.
      </p>
      <DataTable
        label="API clients"
        columns={columns}
        query={apiClientListQuery}
        getRowId={(client) => String(client.id)}
        emptyMessage="No API client yet"
        searchLabel="Search API clients"
        urlPrefix="clients_"
      />
      <CreateApiClientDrawer open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke ${revoking?.name ?? 'the client'}?`}
        confirmLabel="Revoke client"
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => {
          revoke.reset();
          setRevoking(null);
        }}
      >
        <p>Its tokens stop working at once and it can no longer obtain new ones. This cannot be undone.</p>
        {revoke.isError ? <Banner tone="critical">{`Not revoked: ${errorMessage(revoke.error)}`}</Banner> : null}
      </ConfirmDialog>
    </section>
  );
}
