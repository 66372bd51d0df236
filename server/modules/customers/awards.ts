import { sql } from 'kysely';
import { json } from '../../db/normalize.ts';
import { creditMany, inTransaction, type Executor } from '../../domain/ledger/index.ts';
import { reevaluateTiers } from '../vip/index.ts';
import { countMatching, customersAfter, type CustomerFilter } from './list.ts';
import type { AwardCampaign } from './tables.ts';
import { letRequestsThrough } from '../../domain/cooperate.ts';
import { enqueueJob, type JobKind, type RunningJob } from '../../domain/jobs/index.ts';

/** Customers credited per step of a grant (one transaction and one progress update each). */
const GRANT_CHUNK = 500;

/** The filter of an award: members only (excluded customers and guests earn nothing), never deleted ones. */
const awardFilter = (filter: CustomerFilter): CustomerFilter => ({ ...filter, search: undefined, status: 'active', programStatus: 'member' });

/** How many customers an award would reach and how many points it would grant in all. */
export async function previewAward(db: Executor, storeId: number, filter: CustomerFilter, points: number) {
  const customers = await countMatching(db, storeId, awardFilter(filter));
  return { customers, points_each: points, total_points: customers * points };
}

/** Saves a draft award (a new one, or a draft not granted yet); undefined when there is no such draft. */
export async function saveAward(
  db: Executor,
  storeId: number,
  input: { id?: number | undefined; name: string; points: number; filter: CustomerFilter },
  who: string,
  now: Date,
): Promise<AwardCampaign | undefined> {
  const values = { name: input.name, points: input.points, filter: json(input.filter), updated_at: now };
  if (input.id === undefined) {
    return db
      .insertInto('award_campaigns')
      .values({ ...values, store_id: storeId, created_by: who, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  return db
    .updateTable('award_campaigns')
    .set(values)
    .where('store_id', '=', storeId)
    .where('id', '=', input.id)
    .where('status', '=', 'draft')
    .returningAll()
    .executeTakeFirst();
}

export const findAward = (db: Executor, storeId: number, id: number) =>
  db.selectFrom('award_campaigns').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

/**
 * Marks a draft award as granting (who, when, how many customers it reaches now); a second call
 * finds it no longer a draft and changes nothing. Answers the award as it is.
 */
export async function startGrant(
  db: Executor,
  storeId: number,
  id: number,
  who: string,
  now: Date,
): Promise<{ award: AwardCampaign | undefined; started: boolean }> {
  const award = await findAward(db, storeId, id);
  if (!award || award.status !== 'draft') return { award, started: false };
  const { customers } = await previewAward(db, storeId, award.filter as CustomerFilter, award.points);
  const started = await inTransaction(db, async (trx) => {
    const granting = await trx
      .updateTable('award_campaigns')
      .set({ status: 'granting', total: customers, granted_by: who, granted_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'draft')
      .returningAll()
      .executeTakeFirst();
    if (granting) await enqueueJob(trx, { kind: AWARD_GRANT_JOB, storeId, payload: { awardId: id }, key: `award:${id}`, total: customers }, now);
    return granting;
  });
  return started ? { award: started, started: true } : { award: await findAward(db, storeId, id), started: false };
}

/**
 * Credits the award's points to its customers in id order from where it stopped, a chunk per
 * transaction with its progress and the job's checkpoint; each credit's ledger key (`award`,
 * `{id}:{customer}`) makes a repeated or resumed grant credit nobody twice.
 */
export async function runGrant(db: Executor, award: AwardCampaign, now: () => Date, checkpoint?: RunningJob<unknown>['checkpoint']): Promise<AwardCampaign> {
  let after = Number(award.last_customer_id);
  for (;;) {
    const chunk = await customersAfter(db, award.store_id, awardFilter(award.filter as CustomerFilter), after, GRANT_CHUNK)
      .select('c.id')
      .execute();
    if (chunk.length === 0) break;
    after = Number(chunk.at(-1)!.id);
    const at = now();
    await inTransaction(db, async (trx) => {
      const { inserted } = await creditMany(
        trx,
        chunk.map((customer) => ({
          storeId: award.store_id,
          customerId: Number(customer.id),
          type: 'award' as const,
          points: award.points,
          sourceType: 'award',
          sourceId: `${award.id}:${customer.id}`,
          computation: `award "${award.name}" granted by ${award.granted_by ?? 'the store'}: +${award.points}`,
          reason: award.name,
        })),
        at,
      );
      await reevaluateTiers(trx, award.store_id, [...new Set(inserted.map((entry) => entry.customer_id))], at);
      const progress = await trx
        .updateTable('award_campaigns')
        .set({
          processed: sql`processed + ${chunk.length}`,
          granted_points: sql`granted_points + ${inserted.reduce((sum, entry) => sum + entry.points, 0)}`,
          last_customer_id: after,
          updated_at: at,
        })
        .where('id', '=', award.id)
        .returning('processed')
        .executeTakeFirstOrThrow();
      await checkpoint?.(trx, progress.processed);
    });
    await letRequestsThrough();
  }
  return db
    .updateTable('award_campaigns')
    .set({ status: 'done', updated_at: now(), finished_at: now() })
    .where('id', '=', award.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The job kind that grants an award. */
export const AWARD_GRANT_JOB = 'awards.grant';

/** A grant as a job: continued after its last customer when taken over, failed with the reason after its last attempt. */
export const awardGrantJob: JobKind<{ awardId: number }> = {
  kind: AWARD_GRANT_JOB,
  async run(job) {
    const award = await findAward(job.db, job.storeId!, job.payload.awardId);
    if (award?.status !== 'granting') return null;
    const done = await runGrant(job.db, award, job.now, job.checkpoint);
    return { granted_points: Number(done.granted_points) };
  },
  async onFailure(job, error) {
    await job.db
      .updateTable('award_campaigns')
      .set({ status: 'failed', error: error.slice(0, 1000), updated_at: job.now(), finished_at: job.now() })
      .where('id', '=', job.payload.awardId)
      .execute();
  },
};

/** The store's awards, newest first, with who granted what. */
export async function awardHistory(db: Executor, storeId: number, options: { limit: number; offset: number }) {
  const [rows, count] = await Promise.all([
    db.selectFrom('award_campaigns').selectAll().where('store_id', '=', storeId).orderBy('id', 'desc').limit(options.limit).offset(options.offset).execute(),
    db
      .selectFrom('award_campaigns')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export const presentAward = (award: AwardCampaign) => ({
  id: award.id,
  name: award.name,
  points: award.points,
  filter: award.filter,
  status: award.status,
  total: award.total,
  processed: award.processed,
  granted_points: Number(award.granted_points),
  created_by: award.created_by,
  granted_by: award.granted_by,
  error: award.error,
  created_at: award.created_at.toISOString(),
  granted_at: award.granted_at?.toISOString() ?? null,
  finished_at: award.finished_at?.toISOString() ?? null,
});

/** What an award can choose customers by: each attribute, its kind and (for lists) the store's values. */
export async function filterAttributes(db: Executor, storeId: number) {
  const tiers = await db
    .selectFrom('customers')
    .select('vip_tier')
    .distinct()
    .where('store_id', '=', storeId)
    .where('vip_tier', 'is not', null)
    .orderBy('vip_tier')
    .limit(100)
    .execute();
  // the store's tags from the tag rows: the store's prefix of their primary key, not every customer's JSON
  const tags = await db.selectFrom('customer_tags').select('tag').distinct().where('store_id', '=', storeId).orderBy('tag').limit(100).execute();
  return [
    { key: 'vip_tier', label: 'VIP tier', kind: 'list', options: tiers.map((row) => row.vip_tier!) },
    { key: 'tag', label: 'Tag', kind: 'list', options: tags.map((row) => row.tag) },
    { key: 'points', label: 'Points balance', kind: 'number_range', options: [] },
    { key: 'joined', label: 'Joined', kind: 'date_range', options: [] },
    { key: 'last_order', label: 'Last order', kind: 'date_range', options: [] },
    { key: 'spend', label: 'Total spent (minor units)', kind: 'number_range', options: [] },
  ];
}
