import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Experiment, ExperimentSurface, VariantLetter, VariantResult } from './contract.ts';
import type { Db } from '../../db/connection.ts';
import { json } from '../../db/normalize.ts';
import { getDocument, publishVersion, restoreVersion, saveDraft } from '../../domain/documents/index.ts';
import { ApiError } from '../../http/errors.ts';
import { MINIMUM_SAMPLE, proportionDifference, rate } from './stats.ts';
import type { ExperimentRow } from './tables.ts';
import { findVariant } from './variants.ts';

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
const notFound = () => new ApiError(404, 'This experiment does not exist.', 'not_found');

const COLUMNS = ['id', 'store_id', 'kind', 'split_b', 'variant_b', 'variant_b_version', 'beacon_secret', 'status', 'winner', 'started_at', 'ended_at'] as const;

/** The experiments running on a store's storefront now (at most one per surface). */
export async function runningExperiments(db: Db, storeId: number): Promise<ExperimentRow[]> {
  const rows = await db.selectFrom('experiments').select(COLUMNS).where('store_id', '=', storeId).where('status', '=', 'running').execute();
  return rows as ExperimentRow[];
}

/** One experiment of the store, or a 404. */
export async function experimentOf(db: Db, storeId: number, id: number): Promise<ExperimentRow> {
  const row = await db.selectFrom('experiments').select(COLUMNS).where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row as ExperimentRow;
}

interface StartExperiment {
  storeId: number;
  kind: ExperimentSurface;
  splitB: number;
  userId: number | null;
  now: Date;
}

/**
 * Starts an experiment: A is what is published, B the latest version of the surface's variant B
 * (held by its number and copied, so later edits of B wait for the next experiment). Refused
 * without a variant B or with one running.
 */
export async function startExperiment(db: Db, input: StartExperiment): Promise<Experiment> {
  if (!Number.isInteger(input.splitB) || input.splitB < 1 || input.splitB > 99)
    throw new ApiError(422, 'The share of shoppers who see variant B is a whole percentage from 1 to 99.', 'invalid_split', { split_b: 'From 1 to 99.' });
  const variant = await findVariant(db, input.storeId, input.kind);
  if (!variant)
    throw new ApiError(422, 'This surface has no variant B yet: create and save one before starting an experiment.', 'no_variant', { kind: 'No variant B.' });
  try {
    const row = await db
      .insertInto('experiments')
      .values({
        store_id: input.storeId,
        kind: input.kind,
        split_b: input.splitB,
        variant_b: json(variant.document),
        variant_b_version: variant.draft_version,
        beacon_secret: randomBytes(24).toString('base64url'),
        started_at: input.now,
        created_by: input.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return presentExperiment(db, await experimentOf(db, input.storeId, row.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'An experiment is already running on this surface: stop it first.', 'experiment_running');
    throw error;
  }
}

/** Stops a running experiment (everyone sees A again); `winner` records which variant was kept. */
async function endExperiment(db: Db, storeId: number, id: number, now: Date, winner: VariantLetter | null): Promise<ExperimentRow> {
  const row = await db
    .updateTable('experiments')
    .set({ status: 'stopped', ended_at: now, winner })
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .where('status', '=', 'running')
    .returning('id')
    .executeTakeFirst();
  const experiment = await experimentOf(db, storeId, id);
  if (!row) throw new ApiError(409, 'This experiment has already stopped.', 'experiment_stopped');
  return experiment;
}

export async function stopExperiment(db: Db, storeId: number, id: number, now: Date): Promise<Experiment> {
  return presentExperiment(db, await endExperiment(db, storeId, id, now, null));
}

/**
 * Stops the experiment and keeps the winner. B: the version of variant B the experiment showed
 * becomes A's next version (a copy History names) and is published; A leaves what is published
 * as it is.
 */
export async function publishWinner(db: Db, storeId: number, id: number, winner: VariantLetter, userId: number | null, now: Date): Promise<Experiment> {
  const experiment = await experimentOf(db, storeId, id);
  if (experiment.status !== 'running') throw new ApiError(409, 'This experiment has already stopped.', 'experiment_stopped');
  if (winner === 'b') {
    const kind = experiment.kind as ExperimentSurface;
    const copy =
      experiment.variant_b_version === null
        ? // started before B kept versions: the copy it holds
          await saveDraft(db, { storeId, kind, baseVersion: (await getDocument(db, storeId, kind)).draft_version, document: experiment.variant_b, userId })
        : await restoreVersion(db, { storeId, kind, from: 'b', version: experiment.variant_b_version, userId });
    await publishVersion(db, { storeId, kind, version: copy.version, userId, now });
  }
  return presentExperiment(db, await endExperiment(db, storeId, id, now, winner));
}

interface Tally {
  variant: VariantLetter;
  shoppers: number;
  views: number;
  opens: number;
  redeems: number;
  visitors: number;
  members: number;
  redeemers: number;
}

/** Per variant: shoppers, views, opens, visitors who later signed in, and shoppers whose first redemption came after. */
async function tallies(db: Db, experimentId: number): Promise<Map<VariantLetter, Tally>> {
  const { rows } = await sql<{
    variant: VariantLetter;
    shoppers: string;
    views: string;
    opens: string;
    redeems: string;
    visitors: string;
    members: string;
    redeemers: string;
  }>`
    select s.variant,
           count(*) as shoppers,
           coalesce(sum(s.views), 0) as views,
           coalesce(sum(s.opens), 0) as opens,
           coalesce(sum(s.redeems), 0) as redeems,
           count(*) filter (where s.visitor_at_first) as visitors,
           count(*) filter (where s.visitor_at_first and s.customer_id is not null) as members,
           count(*) filter (
             where s.customer_id is not null
               and exists (select 1 from rewards r where r.customer_id = s.customer_id and r.created_at >= s.first_seen_at)
               and not exists (select 1 from rewards r where r.customer_id = s.customer_id and r.created_at < s.first_seen_at)
           ) as redeemers
      from experiment_shoppers s
     where s.experiment_id = ${experimentId}
     group by s.variant`.execute(db);
  return new Map(
    rows.map((row) => [
      row.variant,
      {
        variant: row.variant,
        shoppers: Number(row.shoppers),
        views: Number(row.views),
        opens: Number(row.opens),
        redeems: Number(row.redeems),
        visitors: Number(row.visitors),
        members: Number(row.members),
        redeemers: Number(row.redeemers),
      },
    ]),
  );
}

const emptyTally = (variant: VariantLetter): Tally => ({ variant, shoppers: 0, views: 0, opens: 0, redeems: 0, visitors: 0, members: 0, redeemers: 0 });

const resultOf = (tally: Tally): VariantResult => ({
  ...tally,
  member_rate: rate(tally.members, tally.visitors),
  redemption_rate: rate(tally.redeemers, tally.shoppers),
});

/** An experiment with its results. */
export async function presentExperiment(db: Db, row: ExperimentRow): Promise<Experiment> {
  const counted = await tallies(db, row.id);
  const a = counted.get('a') ?? emptyTally('a');
  const b = counted.get('b') ?? emptyTally('b');
  const enough = a.shoppers >= MINIMUM_SAMPLE && b.shoppers >= MINIMUM_SAMPLE;
  return {
    id: row.id,
    kind: row.kind as ExperimentSurface,
    status: row.status,
    split_b: row.split_b,
    variant_b_version: row.variant_b_version,
    started_at: new Date(row.started_at).toISOString(),
    ended_at: row.ended_at === null ? null : new Date(row.ended_at).toISOString(),
    winner: row.winner,
    results: {
      a: resultOf(a),
      b: resultOf(b),
      minimum_sample: MINIMUM_SAMPLE,
      enough_data: enough,
      member_difference: enough ? proportionDifference(a.members, a.visitors, b.members, b.visitors) : null,
      redemption_difference: enough ? proportionDifference(a.redeemers, a.shoppers, b.redeemers, b.shoppers) : null,
    },
  };
}

/** The store's experiments with their results, newest first. */
export async function listExperiments(db: Db, storeId: number, limit = 50): Promise<Experiment[]> {
  const rows = (await db
    .selectFrom('experiments')
    .select(COLUMNS)
    .where('store_id', '=', storeId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()) as ExperimentRow[];
  return Promise.all(rows.map((row) => presentExperiment(db, row)));
}
