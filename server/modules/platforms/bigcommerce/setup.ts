/**
 * What an install sets up on the store, as a job of the job engine (platform calls never run in a
 * request): the v3 webhooks the program listens to
 * (https://developer.bigcommerce.com/docs/integrations/webhooks) and the storefront loader through
 * the Scripts API (https://developer.bigcommerce.com/docs/integrations/scripts). Idempotent: what
 * is already there is kept, what is missing is created, so the integrations screen's re-sync runs
 * it again to check them.
 */
import type { Config } from '../../../config.ts';
import { bigcommerceWebhookSecret } from './orders.ts';
import { PermanentFailure, type JobKind, type RunningJob } from '../../../domain/jobs/index.ts';
import { connectionOf } from '../connections.ts';
import { asJobError } from '../job-errors.ts';
import { accessOf, bigcommerceList, bigcommerceRequest, type StoreAccess } from './api.ts';

export const BIGCOMMERCE_SETUP_JOB = 'platform.bigcommerce.setup';

/** The events the program follows: orders earn, customers join, products fill the catalogue. */
export const HOOK_SCOPES = [
  'store/order/created',
  'store/order/updated',
  'store/order/statusUpdated',
  'store/customer/created',
  'store/customer/updated',
  'store/customer/deleted',
  'store/product/created',
  'store/product/updated',
  'store/product/deleted',
] as const;

export const SCRIPT_NAME = 'Loyalty Studio';

interface Hook {
  id: number;
  scope: string;
  destination: string;
  is_active: boolean;
  headers?: Record<string, string> | null;
}

const attribute = (value: string) => value.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);

/** The loader tag: the store key, and the app's client id for the current customer JWT. */
export function loaderTag(publicUrl: string, storeName: string, clientId: string): string {
  return `<script async src="${attribute(`${publicUrl}/embed/loader.js`)}" data-store="${attribute(storeName)}" data-bigcommerce-client-id="${attribute(clientId)}"></script>`;
}

/**
 * Registers the missing hooks; an inactive one is switched back on, and one that sends another
 * secret is given the store's (a new HMAC secret queues this job: until it runs every delivery is
 * refused). Answers how many were created or put right.
 */
async function ensureHooks(access: StoreAccess, destination: string, secretHeader: string): Promise<number> {
  const hooks = await bigcommerceList<Hook>(access, '/v3/hooks');
  let created = 0;
  for (const scope of HOOK_SCOPES) {
    const existing = hooks.find((hook) => hook.scope === scope && hook.destination === destination);
    if (existing?.is_active && existing.headers?.['X-Webhook-Secret'] === secretHeader) continue;
    const body = { scope, destination, is_active: true, headers: { 'X-Webhook-Secret': secretHeader } };
    if (existing) await bigcommerceRequest(access, 'PUT', `/v3/hooks/${existing.id}`, body);
    else await bigcommerceRequest(access, 'POST', '/v3/hooks', body);
    created += 1;
  }
  return created;
}

/** Installs the loader on every storefront page unless it is there; answers whether it was installed now. */
async function ensureScript(access: StoreAccess, html: string): Promise<boolean> {
  const scripts = await bigcommerceList<{ name: string }>(access, '/v3/content/scripts');
  if (scripts.some((script) => script.name === SCRIPT_NAME)) return false;
  await bigcommerceRequest(access, 'POST', '/v3/content/scripts', {
    name: SCRIPT_NAME,
    description: 'Loyalty program: the rewards launcher, widget and sticky bar.',
    html,
    kind: 'script_tag',
    location: 'footer',
    visibility: 'storefront',
    load_method: 'default',
    auto_uninstall: true,
    consent_category: 'functional',
  });
  return true;
}

/** The store's name and address from its settings (`GET /v2/store`), for a store still named after its hash. */
async function nameStore(db: RunningJob<never>['db'], storeId: number, access: StoreAccess): Promise<void> {
  const info = await bigcommerceRequest<{ name?: string; domain?: string; secure_url?: string }>(access, 'GET', '/v2/store');
  if (!info?.name) return;
  await db
    .updateTable('stores')
    .set({ title: info.name.slice(0, 200), domain: info.domain?.toLowerCase() ?? null, website: info.secure_url ?? null })
    .where('id', '=', storeId)
    .where('title', '=', placeholderTitle(access.storeHash))
    .execute();
}

/** What a store is called until its settings are read. */
export const placeholderTitle = (storeHash: string) => `BigCommerce store ${storeHash}`;

export function bigcommerceSetupJob(config: Config): JobKind<Record<string, never>> {
  return {
    kind: BIGCOMMERCE_SETUP_JOB,
    async run(job) {
      const app = config.platforms.bigcommerce;
      if (!app || job.storeId === null) throw new PermanentFailure('BigCommerce is not configured on this server.');
      const storeId = job.storeId;
      const connection = await connectionOf(job.db, config.platforms.tokenKeys, storeId);
      if (!connection) throw new PermanentFailure('The store is not connected to BigCommerce.');
      const store = await job.db.selectFrom('stores').select(['store_name', 'hmac_secret']).where('id', '=', storeId).executeTakeFirstOrThrow();
      if (!store.hmac_secret) throw new PermanentFailure('The store has no HMAC secret to sign its webhooks with.');
      const access = accessOf(config.platforms.bigcommerceApiUrl, connection);
      const destination = `${config.publicUrl}/webhooks/bigcommerce?store=${encodeURIComponent(store.store_name)}`;
      await asJobError(job.db, storeId, () => nameStore(job.db, storeId, access));
      const hooksCreated = await asJobError(job.db, storeId, () => ensureHooks(access, destination, bigcommerceWebhookSecret(store.hmac_secret!)));
      const scriptInstalled = await asJobError(job.db, storeId, () => ensureScript(access, loaderTag(config.publicUrl, store.store_name, app.clientId)));
      return { hooks: HOOK_SCOPES.length, hooks_created: hooksCreated, script_installed: scriptInstalled };
    },
  };
}
