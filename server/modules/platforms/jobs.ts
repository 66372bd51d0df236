/**
 * The kinds of job that call a platform for a store: an uninstall cancels the ones still waiting
 * (the token is gone; a reinstall sets up again). Each platform's kinds are listed here.
 */
import type { Db } from '../../db/connection.ts';
import type { Config } from '../../config.ts';
import { cancelJobs, enqueueJob } from '../../domain/jobs/index.ts';
import { connectionStatus } from './connections.ts';
import type { Platform } from './tables.ts';
import { BIGCOMMERCE_BACKFILL_JOB } from './bigcommerce/backfill.ts';
import { BIGCOMMERCE_SETUP_JOB } from './bigcommerce/setup.ts';
import { SHOPIFY_BACKFILL_JOB } from './shopify/backfill.ts';
import { queueWebhookSync, SYNC_KIND } from './shopify/webhook-sync.ts';

export const PLATFORM_JOB_KINDS: string[] = [BIGCOMMERCE_SETUP_JOB, BIGCOMMERCE_BACKFILL_JOB, SYNC_KIND, SHOPIFY_BACKFILL_JOB];

/** Cancels the store's platform work still queued or running; answers how many jobs. */
export function cancelPlatformWork(db: Db, storeId: number, now: Date): Promise<number> {
  return cancelJobs(db, storeId, now, PLATFORM_JOB_KINDS);
}

/** The platform the store is connected to and this server is configured for; null for none. */
async function connectedPlatform(db: Db, config: Config, storeId: number): Promise<Platform | null> {
  const status = await connectionStatus(db, storeId);
  if (status?.status !== 'connected' || !config.platforms[status.platform]) return null;
  return status.platform;
}

async function queueBigCommerceSetup(db: Db, storeId: number, now: Date): Promise<{ jobId: number }> {
  const job = await enqueueJob(db, { kind: BIGCOMMERCE_SETUP_JOB, storeId }, now);
  return { jobId: job.id };
}

/**
 * The integrations screen's re-sync for an installed store: a job checks the platform's webhooks
 * and the storefront loader, and sets up again what is missing; null when the store is not
 * installed from a platform with a setup (or not configured here).
 */
export async function checkPlatformSetup(db: Db, config: Config, storeId: number, now: Date): Promise<{ jobId: number } | null> {
  const platform = await connectedPlatform(db, config, storeId);
  if (platform === 'shopify') return queueWebhookSync(db, storeId, now);
  if (platform === 'bigcommerce') return queueBigCommerceSetup(db, storeId, now);
  return null;
}

/**
 * After the store's HMAC secret was replaced, in the same transaction: BigCommerce's hooks send a
 * header made from it, so its setup job gives them the new one now rather than letting every
 * delivery be refused until a re-sync. Shopify signs with the app secret, and the merchant of a
 * store connected by hand pastes the new secret: no platform call for them. Answers whether a job
 * was queued.
 */
export async function refreshWebhookSecret(db: Db, config: Config, storeId: number, now: Date): Promise<boolean> {
  if ((await connectedPlatform(db, config, storeId)) !== 'bigcommerce') return false;
  await queueBigCommerceSetup(db, storeId, now);
  return true;
}
