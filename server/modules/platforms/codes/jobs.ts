/**
 * The jobs that put the program's codes in the shop's discounts and take them out again. The
 * platform's answers decide what happens: throttled → wait as asked (no attempt counted); token
 * refused → the store must reconnect, the job waits and continues after a reinstall; refused for
 * good, or failing past its last attempt → the code is `refused` and its points come back once.
 * A code is created once: the job is keyed by the reward, the adapter looks the code up before
 * creating it whenever an earlier claim may have created it (a job taken over after a crash finds
 * it; a creation refused as taken looks it up too), and the result commits with the job's
 * checkpoint (a runner that lost the job writes nothing).
 */
import type { Db } from '../../../db/connection.ts';
import { PermanentFailure, RetryLater, type JobKind, type RunningJob } from '../../../domain/jobs/index.ts';
import { inTransaction } from '../../../domain/ledger/index.ts';
import { PlatformRefused, PlatformThrottled, PlatformUnauthorized, type PlatformAdapter, type RewardCode } from '../adapter.ts';
import type { PlatformAdapters } from '../adapters.ts';
import { connectionOf, connectionStatus, markNeedsReconnect, type Connection } from '../connections.ts';
import { platformRetryDelay, RECONNECT_WAIT_MS } from '../job-errors.ts';
import { CREATE_CODE_JOB, DEACTIVATE_CODE_JOB, queueDeactivation } from './issue.ts';
import { giveBackRefused } from './refund.ts';
import type { RewardCodeRow } from './tables.ts';

/** What the code jobs call the platforms with. */
export interface CodeJobDeps {
  adapters: PlatformAdapters;
  /** config.platforms.tokenKeys: they open the stores' tokens */
  keys: readonly Buffer[];
}

export const RECONNECT_MESSAGE = 'Reconnect your shop: it refused our access, so codes wait until you do.';
/** The shopper lands on the cart with the code applied. */
const RETURN_TO = '/cart';

type CodeJob = RunningJob<{ codeId: number }>;

const findCode = (db: Db, id: number) => db.selectFrom('reward_codes').selectAll().where('id', '=', id).executeTakeFirst();

async function noteError(db: Db, id: number, error: string, now: Date): Promise<void> {
  await db
    .updateTable('reward_codes')
    .set({ error: error.slice(0, 1_000), updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** The store's working connection; a store waiting for a reconnect or a reinstall waits (RetryLater); none at all: null. */
async function usableConnection(job: CodeJob, deps: CodeJobDeps, row: RewardCodeRow): Promise<Connection | null> {
  const connection = await connectionOf(job.db, deps.keys, row.store_id);
  if (connection) return connection;
  if (!(await connectionStatus(job.db, row.store_id))) return null;
  await noteError(job.db, row.id, RECONNECT_MESSAGE, job.now());
  throw new RetryLater(RECONNECT_MESSAGE, RECONNECT_WAIT_MS);
}

/** Turns the platform's answer into what the job engine does next. */
async function asJobError(job: CodeJob, row: RewardCodeRow, error: unknown): Promise<unknown> {
  if (error instanceof PlatformThrottled) return new RetryLater(error.message, error.delayMs);
  if (error instanceof PlatformUnauthorized) {
    await markNeedsReconnect(job.db, row.store_id);
    await noteError(job.db, row.id, RECONNECT_MESSAGE, job.now());
    return new RetryLater(RECONNECT_MESSAGE, RECONNECT_WAIT_MS);
  }
  if (error instanceof PlatformRefused) return new PermanentFailure(error.message);
  await noteError(job.db, row.id, error instanceof Error ? error.message : String(error), job.now());
  return error;
}

async function call<T>(job: CodeJob, row: RewardCodeRow, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw await asJobError(job, row, error);
  }
}

function rewardCodeOf(row: RewardCodeRow): RewardCode {
  const { endsAt, ...spec } = row.spec;
  return { rewardId: row.reward_id ?? -row.referral_id!, code: row.code, ...spec, endsAt: endsAt ? new Date(endsAt) : null };
}

async function shopOrigin(db: Db, connection: Connection): Promise<string> {
  const store = await db.selectFrom('stores').select(['website', 'domain']).where('id', '=', connection.storeId).executeTakeFirst();
  return store?.website || (store?.domain ? `https://${store.domain}` : `https://${connection.shop}`);
}

async function createCode(job: CodeJob, deps: CodeJobDeps): Promise<unknown> {
  const row = await findCode(job.db, job.payload.codeId);
  if (!row) return null;
  // a code cancelled before it was created: an earlier claim (a crash, a takeover) may have created it all the same
  const mayExist = row.state === 'cancelled' && row.platform_id === null && job.attempt > 1;
  if (row.state !== 'preparing' && !mayExist) return { state: row.state };
  const adapter: PlatformAdapter | null = deps.adapters[row.platform];
  const connection = adapter ? await usableConnection(job, deps, row) : null;
  if (!adapter || !connection) {
    await job.db.updateTable('reward_codes').set({ state: 'local', updated_at: job.now() }).where('id', '=', row.id).where('state', '=', 'preparing').execute();
    return { state: 'local' };
  }
  // only an earlier claim (a retry, a takeover after a crash) can have created it already
  const created = await call(job, row, () => adapter.createCode(connection, rewardCodeOf(row), { mayExist: job.attempt > 1 }));
  const applyUrl = adapter.applyUrl(await shopOrigin(job.db, connection), row.code, RETURN_TO);
  return inTransaction(job.db, async (trx) => {
    const now = job.now();
    const done = await trx
      .updateTable('reward_codes')
      .set({ state: 'created', platform_id: created.platformId, apply_url: applyUrl, error: null, updated_at: now })
      .where('id', '=', row.id)
      .where('state', '=', 'preparing')
      .returning('id')
      .executeTakeFirst();
    // rolled back or expired while the platform created it: take it out again
    const cancelled = done
      ? undefined
      : await trx
          .updateTable('reward_codes')
          .set({ state: 'deactivating', platform_id: created.platformId, updated_at: now })
          .where('id', '=', row.id)
          .where('state', '=', 'cancelled')
          .returning('id')
          .executeTakeFirst();
    if (cancelled) await queueDeactivation(trx, row.store_id, row.id, row.reward_id ? `reward:${row.reward_id}` : `referral:${row.referral_id}`, now);
    await job.checkpoint(trx, 1);
    return { state: done ? 'created' : 'deactivating', platform_id: created.platformId };
  });
}

async function deactivateCode(job: CodeJob, deps: CodeJobDeps): Promise<unknown> {
  const row = await findCode(job.db, job.payload.codeId);
  if (row?.state !== 'deactivating') return null;
  const adapter = deps.adapters[row.platform];
  const connection = adapter ? await usableConnection(job, deps, row) : null;
  if (adapter && connection && row.platform_id) {
    const platformId = row.platform_id;
    await call(job, row, () => adapter.deactivateCode(connection, { code: row.code, platformId }));
  }
  await inTransaction(job.db, async (trx) => {
    await trx.updateTable('reward_codes').set({ state: 'deactivated', error: null, updated_at: job.now() }).where('id', '=', row.id).execute();
    await job.checkpoint(trx, 1);
  });
  return { state: 'deactivated' };
}

/** The two job kinds, over the given adapters; `concurrency` platform calls at once per process. */
export function rewardCodeJobs(deps: CodeJobDeps, concurrency = 4): JobKind<{ codeId: number }>[] {
  return [
    {
      kind: CREATE_CODE_JOB,
      concurrency,
      retryDelayMs: platformRetryDelay,
      run: (job) => createCode(job, deps),
      onFailure: (job, error) => giveBackRefused(job.db, job.payload.codeId, error, job.now()),
    },
    {
      kind: DEACTIVATE_CODE_JOB,
      concurrency,
      retryDelayMs: platformRetryDelay,
      run: (job) => deactivateCode(job, deps),
      onFailure: (job, error) => noteError(job.db, job.payload.codeId, `The shop did not deactivate this code: ${error}`, job.now()),
    },
  ];
}
