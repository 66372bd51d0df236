import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Store } from '../../db/schema.ts';
import { APP_IDS, type AppId, type AppIntegrateBody } from '../../domain/schemas/apps.ts';

export type AppState = 'connected' | 'not_connected' | 'needs_hmac_secret';

export interface AppStatus {
  id: AppId;
  name: string;
  description: string;
  state: AppState;
  /** what the connection is to (the shop domain), when there is one */
  connected_to: string | null;
  last_event: { topic: string; received_at: Date; processed_at: Date | null; last_error: string | null } | null;
  events: { total: number; pending: number; failed: number };
}

const APPS: Record<AppId, { name: string; description: string }> = {
  shopify: { name: 'Shopify', description: 'Order, paid, cancelled and refund webhooks signed with X-Shopify-Hmac-Sha256; members earn on paid orders.' },
  bigcommerce: {
    name: 'BigCommerce',
    description: 'Order webhooks with a secret header; each order is fetched from the BigCommerce API with your access token.',
  },
  custom: {
    name: 'Neutral order webhook',
    description: 'Any platform: post orders in the neutral JSON format, signed with X-Signature: sha256=<HMAC of the body>.',
  },
};

/** The app's own setting, read from the store: the Shopify shop domain, the BigCommerce token's presence. */
function connectionOf(store: Store, app: AppId): { ready: boolean; to: string | null } {
  if (app === 'shopify') return { ready: Boolean(store.domain), to: store.domain };
  if (app === 'bigcommerce') return { ready: Boolean((store.settings.bigcommerce as { access_token?: string } | undefined)?.access_token), to: null };
  return { ready: true, to: null };
}

function stateOf(store: Store, app: AppId): AppState {
  if (!store.hmac_secret) return 'needs_hmac_secret';
  return connectionOf(store, app).ready ? 'connected' : 'not_connected';
}

/** Every supported app with its connection state, its last event received and its event counts. */
export async function listApps(db: Db, store: Store): Promise<AppStatus[]> {
  const counts = await db
    .selectFrom('webhook_events')
    .select([
      'platform',
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) filter (where processed_at is null and last_error is null)`.as('pending'),
      sql<string>`count(*) filter (where processed_at is null and last_error is not null)`.as('failed'),
      sql<string>`max(id)`.as('last_id'),
    ])
    .where('store_id', '=', store.id)
    .groupBy('platform')
    .execute();
  const lastIds = counts.map((row) => Number(row.last_id));
  const lastEvents = lastIds.length
    ? await db
        .selectFrom('webhook_events')
        .select(['platform', 'topic', 'received_at', 'processed_at', 'last_error'])
        .where('store_id', '=', store.id)
        .where('id', 'in', lastIds)
        .execute()
    : [];
  return APP_IDS.map((id) => {
    const count = counts.find((row) => row.platform === id);
    const last = lastEvents.find((row) => row.platform === id);
    return {
      id,
      ...APPS[id],
      state: stateOf(store, id),
      connected_to: connectionOf(store, id).to,
      last_event: last ? { topic: last.topic, received_at: last.received_at, processed_at: last.processed_at, last_error: last.last_error } : null,
      events: { total: Number(count?.total ?? 0), pending: Number(count?.pending ?? 0), failed: Number(count?.failed ?? 0) },
    };
  });
}

/** Why an app could not be connected or disconnected (a 422 for the route). */
export class AppSetupError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Saves what the app needs (the shop domain, the BigCommerce access token); the HMAC secret must exist for any. The store as saved. */
export async function integrateApp(db: Db, store: Store, body: AppIntegrateBody): Promise<Store> {
  if (!store.hmac_secret) throw new AppSetupError('app', 'Generate the HMAC secret first: every webhook is verified with it.');
  if (body.app === 'shopify') {
    const taken = await db.selectFrom('stores').select('id').where('domain', '=', body.domain).where('id', '<>', store.id).executeTakeFirst();
    if (taken) throw new AppSetupError('domain', 'This shop domain is connected to another store.');
    return db.updateTable('stores').set({ domain: body.domain }).where('id', '=', store.id).returningAll().executeTakeFirstOrThrow();
  }
  if (body.app === 'bigcommerce') {
    const patch = JSON.stringify({ bigcommerce: { access_token: body.access_token } });
    return db
      .updateTable('stores')
      .set((eb) => ({ settings: sql<string>`${eb.ref('settings')} || ${patch}::jsonb` }))
      .where('id', '=', store.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  return store;
}

/** Forgets the app's setting: its webhooks are refused from now on (no shop domain, no token to fetch orders). */
export async function disconnectApp(db: Db, store: Store, app: AppId): Promise<void> {
  if (app === 'custom') throw new AppSetupError('app', 'The neutral webhook needs no connection: generate a new HMAC secret to refuse the old signatures.');
  if (app === 'shopify') await db.updateTable('stores').set({ domain: null }).where('id', '=', store.id).execute();
  else {
    await db
      .updateTable('stores')
      .set((eb) => ({ settings: sql<string>`${eb.ref('settings')} - 'bigcommerce'` }))
      .where('id', '=', store.id)
      .execute();
  }
}
