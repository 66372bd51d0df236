import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { ExperimentSurface, VariantLetter } from './contract.ts';
import type { Db } from '../../db/connection.ts';
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

export interface BeaconClaims {
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
 * The claims of a beacon token, checked: signed with the secret of its experiment (`secretOf`
 * answers it for the store's own experiments only, undefined otherwise) and issued within a day.
 * Anything else is a 422, before any count is touched.
 */
export async function verifyBeacon(token: string, secretOf: (experimentId: number) => Promise<string | undefined>, now: Date): Promise<BeaconClaims> {
  const read = readToken(token);
  if (!read) throw badBeacon();
  const secret = await secretOf(read.claims.experimentId);
  if (secret === undefined) throw badBeacon();
  const expected = Buffer.from(signature(secret, read.body));
  const given = Buffer.from(read.signed);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw badBeacon();
  const { issuedAt } = read.claims;
  if (issuedAt > now.getTime() + 60_000 || now.getTime() - issuedAt > BEACON_TTL_MS) throw badBeacon();
  return read.claims;
}
