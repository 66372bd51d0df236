import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AppRecord } from '../../../../server/contract/apps.ts';
import { ConfirmDialog } from '../../../components/ui/aria/ConfirmDialog.tsx';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { useCan } from '../../../lib/useCan.ts';
import { ViewOnlyNote } from '../../../components/ui/ViewOnlyNote.tsx';
import { countOf, formatCount } from '../../../lib/format.ts';
import { Banner } from '../../../components/ui/PageHeader.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { appsQuery, useDisconnectApp } from '../api/apps.ts';
import { AppSetupDrawer } from './AppSetupDrawer.tsx';

const STATE_BADGES = {
  connected: ['success', 'Connected'],
  not_connected: ['neutral', 'Not connected'],
  needs_hmac_secret: ['attention', 'Needs the HMAC secret'],
} as const;

function lastEventText(app: AppRecord): string {
  const last = app.last_event;
  if (!last) return 'No event received yet.';
  const outcome = last.processed_at ? 'processed' : last.last_error ? `failed: ${last.last_error}` : 'waiting';
  return `Last event: ${last.topic}, ${new Date(last.received_at).toLocaleString()} (${outcome}).`;
}

function AppCard({ app, onSetup, onDisconnect }: { app: AppRecord; onSetup: () => void; onDisconnect: () => void }) {
  const canChange = useCan('store:settings');
  const [tone, label] = STATE_BADGES[app.state];
  const headingId = `app-${app.id}-heading`;
  return (
    <section className="ls-card ls-stack" aria-labelledby={headingId}>
      <div className="ls-row">
        <h2 id={headingId}>{app.name}</h2>
        <Badge tone={tone}>{label}</Badge>
      </div>
      <p className="ls-muted">{app.description}</p>
      {app.connected_to ? <p>Connected to {app.connected_to}</p> : null}
      <p>{lastEventText(app)}</p>
      <p className="ls-muted">
        {`${countOf(app.events.total, 'event')} received, ${formatCount(app.events.pending)} waiting, ${formatCount(app.events.failed)} failed.`}
      </p>
      <div className="ls-row" hidden={!canChange}>
        <Button onClick={onSetup} aria-label={`Set up ${app.name}`}>
          Set up
        </Button>
        {app.id !== 'custom' && app.state === 'connected' ? (
          <Button onClick={onDisconnect} aria-label={`Disconnect ${app.name}`}>
            Disconnect
          </Button>
        ) : null}
      </div>
    </section>
  );
}

/** GET /apps as cards: each app's state and last event, set-up in a drawer, disconnection confirmed. */
export function AppCards() {
  const apps = useQuery(appsQuery());
  const [setup, setSetup] = useState<AppRecord | null>(null);
  const [leaving, setLeaving] = useState<AppRecord | null>(null);
  const disconnect = useDisconnectApp();
  if (apps.isError) return <Banner tone="critical">{`The apps could not be loaded: ${errorMessage(apps.error)}`}</Banner>;
  return (
    <>
      <ViewOnlyNote permission="store:settings" />
      <ul className="ls-media-grid" aria-label="Apps">
        {(apps.data ?? []).map((app) => (
          <li key={app.id}>
            <AppCard app={app} onSetup={() => setSetup(app)} onDisconnect={() => setLeaving(app)} />
          </li>
        ))}
      </ul>
      <AppSetupDrawer app={setup} onClose={() => setSetup(null)} />
      <ConfirmDialog
        open={leaving !== null}
        title={`Disconnect ${leaving?.name ?? 'the app'}?`}
        confirmLabel="Disconnect"
        busy={disconnect.isPending}
        onConfirm={() => leaving && disconnect.mutate(leaving.id, { onSuccess: () => setLeaving(null) })}
        onCancel={() => setLeaving(null)}
      >
        <p>Its webhooks are refused from now on and members stop earning on its orders until you connect it again.</p>
      </ConfirmDialog>
    </>
  );
}
