import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { ExperimentSurface, VariantLetter } from '../../contract/experiments.ts';
import type { Db } from '../../db/connection.ts';
import { countInWindow } from '../../auth/window-counter.ts';
import { ApiError } from '../../http/errors.ts';
import { shopperKeyOf, variantFor } from './assignment.ts';
import { runningExperiments } from './experiments.ts';
import type { ExperimentRow } from './tables.ts';

/** A beacon is taken for this long after its page load. */
const BEACON_TTL_MS = 24 * 3_600_000;
/** Beacons a minute: per shopper (a few page loads' events), per address (a shop's visitors behind one NAT). */
export const BEACON_LIMITS = { perShopper: 30, perAddress: 600, windowMs: 60_000 };

export interface Shopper {
  /** the browser's anonymous first-party id, when it sent one */
  anonymousId?: string | undefined;
  /** the platform's customer id of a signed-in shopper, and ours */
  customerExternalId?: string | undefined;
  customerId: number | null;
}

/** What one page load shows of one experiment: the variant, B's document, and the token its beacons carry. */
export interface Assignment {
  kind: ExperimentSurface;
  experimentId: number;
  variant: VariantLetter;
  /** variant B's document (B only) */
  document?: unknown;
  beacon: string;
}

interface BeaconClaims {
  experimentId: number;
  variant: VariantLetter;
  shopperKey: string;
  pageLoad: string;
  issuedAt: number;
}

const signature = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

/** `<claims>.<signature>`: the claims as base64url JSON, signed with the experiment's own secret. */
function beaconToken(secret: string, claims: BeaconClaims): string {
  const body = Buffer.from(JSON.stringify([claims.experimentId, claims.variant, claims.shopperKey, claims.pageLoad, claims.issuedAt])).toString('base64url');
  return `${body}.${signature(secret, body)}`;
}

/** The claims of a token, unchecked (the signature is checked against its experiment's secret); null when malformed. */
function readToken(token: string): { claims: BeaconClaims; body: string; signed: string } | null {
  const [body, signed, extra] = token.split('.');
  if (!body || !signed || extra !== undefined) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 5) return null;
    const [experimentId, variant, shopperKey, pageLoad, issuedAt] = value as unknown[];
    if (!Number.isSafeInteger(experimentId) || (variant !== 'a' && variant !== 'b')) return null;
    if (typeof shopperKey !== 'string' || typeof pageLoad !== 'string' || typeof issuedAt !== 'number') return null;
    return { claims: { experimentId: experimentId as number, variant, shopperKey, pageLoad, issuedAt }, body, signed };
  } catch {
    return null;
  }
}

/**
 * Assigns the shopper of one page load in the store's running experiments on `kinds` and counts
 * the view: a shopper row per experiment (first seen, as a visitor or a member; views), and a
 * visitor who comes back signed in is linked to the customer. A shopper without an id sees A
 * and is not counted. One statement per running experiment; none without experiments.
 */
export async function assignShopper(db: Db, storeId: number, shopper: Shopper, kinds: readonly ExperimentSurface[], now: Date): Promise<Assignment[]> {
  const key = shopperKeyOf(shopper.anonymousId, shopper.customerExternalId);
  if (key === null) return [];
  const running = (await runningExperiments(db, storeId)).filter((row) => kinds.includes(row.kind as ExperimentSurface));
  return Promise.all(running.map((experiment) => assignOne(db, experiment, key, shopper.customerId, now)));
}

async function assignOne(db: Db, experiment: ExperimentRow, key: string, customerId: number | null, now: Date): Promise<Assignment> {
  const variant = variantFor(experiment.id, key, experiment.split_b);
  await sql`
    insert into experiment_shoppers (experiment_id, shopper_key, variant, first_seen_at, visitor_at_first, customer_id)
    values (${experiment.id}, ${key}, ${variant}, ${now}::timestamptz, ${customerId === null}, ${customerId})
    on conflict (experiment_id, shopper_key) do update set
      views = experiment_shoppers.views + 1,
      customer_id = coalesce(experiment_shoppers.customer_id, excluded.customer_id)`.execute(db);
  const claims = { experimentId: experiment.id, variant, shopperKey: key, pageLoad: randomBytes(9).toString('base64url'), issuedAt: now.getTime() };
  return {
    kind: experiment.kind as ExperimentSurface,
    experimentId: experiment.id,
    variant,
    ...(variant === 'b' && { document: experiment.variant_b }),
    beacon: beaconToken(experiment.beacon_secret, claims),
  };
}

const badBeacon = () => new ApiError(422, 'This beacon is not valid: its token was not issued by this store’s page, or it expired.', 'invalid_beacon');

/**
 * One event of one page load (a widget open, a redemption), as the embed's beacon reports it:
 * the token must be one the bootstrap signed for this store's running experiment, within a day;
 * each event counts once per page load; shoppers and addresses beyond their limits get a 429.
 * Answers whether it was counted (false for a repeat, or an experiment that has stopped).
 */
export async function countBeacon(db: Db, storeId: number, input: { token: string; event: 'open' | 'redeem'; address: string }, now: Date): Promise<boolean> {
  const read = readToken(input.token);
  if (!read) throw badBeacon();
  const { claims } = read;
  const experiment = await db
    .selectFrom('experiments')
    .select(['id', 'status', 'beacon_secret'])
    .where('store_id', '=', storeId)
    .where('id', '=', claims.experimentId)
    .executeTakeFirst();
  if (!experiment) throw badBeacon();
  const expected = Buffer.from(signature(experiment.beacon_secret, read.body));
  const given = Buffer.from(read.signed);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw badBeacon();
  if (claims.issuedAt > now.getTime() + 60_000 || now.getTime() - claims.issuedAt > BEACON_TTL_MS) throw badBeacon();
  const counts = await countInWindow(
    db,
    { table: 'rate_limit_hits', column: 'hits' },
    [`beacon address ${input.address}`.slice(0, 400), `beacon shopper ${storeId} ${claims.shopperKey}`.slice(0, 400)],
    now,
    BEACON_LIMITS.windowMs,
  );
  const [address, shopper] = counts;
  if ((address?.count ?? 0) > BEACON_LIMITS.perAddress || (shopper?.count ?? 0) > BEACON_LIMITS.perShopper)
    throw new ApiError(429, 'Too many beacons from this shopper or address: try again in a minute.', 'rate_limited');
  if (experiment.status !== 'running') return false;
  const column = sql.ref(input.event === 'open' ? 'opens' : 'redeems');
  const { rows } = await sql<{ counted: number }>`
    with fresh as (
      insert into experiment_beacons (experiment_id, page_load, event, received_at)
      values (${claims.experimentId}, ${claims.pageLoad}, ${input.event}, ${now}::timestamptz)
      on conflict do nothing
      returning 1
    )
    update experiment_shoppers set ${column} = ${column} + 1
     where experiment_id = ${claims.experimentId} and shopper_key = ${claims.shopperKey} and exists (select 1 from fresh)
    returning 1 as counted`.execute(db);
  return rows.length > 0;
}
