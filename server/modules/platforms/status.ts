/**
 * The store's link to the platform it was installed from, as the console's dashboard shows it —
 * connected, waiting for a reconnect (the platform refused the token), or uninstalled — and the
 * customer backfill's job, whose progress GET jobs/{id} reports.
 */
import type { Db } from '../../db/connection.ts';
import type { PlatformOverview } from './contract.ts';
import { BIGCOMMERCE_BACKFILL_JOB } from './bigcommerce/backfill.ts';
import { connectionStatus } from './connections.ts';
import { SHOPIFY_BACKFILL_JOB } from './shopify/backfill.ts';

/** The kinds of job that bring a shop's customers and orders in after an install. */
const BACKFILL_KINDS = [BIGCOMMERCE_BACKFILL_JOB, SHOPIFY_BACKFILL_JOB];

export async function platformOverviewOf(db: Db, storeId: number): Promise<PlatformOverview> {
  const connection = await connectionStatus(db, storeId);
  if (!connection) return null;
  const backfill = await db
    .selectFrom('jobs')
    .select('id')
    .where('store_id', '=', storeId)
    .where('kind', 'in', BACKFILL_KINDS)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { ...connection, backfill_job_id: backfill ? Number(backfill.id) : null };
}
