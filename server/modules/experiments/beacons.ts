import { sql } from 'kysely';
import { runsInThisThread, type Db } from '../../db/connection.ts';
import { addInWindow } from '../../auth/window-counter.ts';
import { findStoreBy } from '../stores/index.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { BEACON_LIMITS, verifyBeacon, type BeaconClaims } from './exposure.ts';

/** How long a store key is taken to name the same store (a renamed or removed store is seen after this). */
const STORE_TTL_MS = 30_000;
/** An experiment's store and secret never change; kept this long to bound what a removed one leaves. */
const EXPERIMENT_TTL_MS = 300_000;
/** Keys each cache holds at most (the oldest go first). */
const CACHE_SIZE = 10_000;
/** Beacons counted in one flush at most. */
const BATCH_SIZE = 500;
/**
 * On a database in this thread (PGlite), how long a flush gathers beacons before it runs: each
 * flush costs ~3 ms of this thread whatever it holds (planning, commit) and ~0.15 ms a beacon (as
 * measured on a 2-core machine), and nothing else runs meanwhile, so at hundreds a second flushes
 * of a few beacons each took most of the thread. A PostgreSQL server works beside this process:
 * there a flush runs at once.
 */
const GATHER_MS = 10;
/** A flush gathering beacons runs at once when this many wait. */
export const GATHER_SIZE = 64;

/**
 * Values by key, loaded once and kept for `ttlMs` (of the process's own time, never the app's
 * clock): concurrent misses of one key share one load; a load that fails or finds nothing is not
 * kept.
 */
function memo<V>(ttlMs: number, load: (key: string) => Promise<V | undefined>) {
  const entries = new Map<string, { value: Promise<V | undefined>; expiresAt: number }>();
  return (key: string): Promise<V | undefined> => {
    const now = performance.now();
    const kept = entries.get(key);
    if (kept && kept.expiresAt > now) return kept.value;
    entries.delete(key);
    if (entries.size >= CACHE_SIZE) entries.delete(entries.keys().next().value!);
    const value = load(key);
    entries.set(key, { value, expiresAt: now + ttlMs });
    value.then(
      (found) => found === undefined && entries.get(key)?.value === value && entries.delete(key),
      () => entries.get(key)?.value === value && entries.delete(key),
    );
    return value;
  };
}

export interface BeaconInput {
  token: string;
  event: 'open' | 'redeem';
  address: string;
}

interface Pending {
  claims: BeaconClaims;
  event: BeaconInput['event'];
  keys: [address: string, shopper: string];
  now: Date;
  settle: (outcome: Outcome) => void;
}

/** What a flush decided for one beacon (an Error when the flush failed). */
type Outcome = 'counted' | 'repeat' | 'limited' | Error;

const tooMany = () => new ApiError(429, 'Too many beacons from this shopper or address: try again in a minute.', 'rate_limited');
const closing = () => new ApiError(503, 'The server is shutting down: send the beacon again.', 'shutting_down');

/**
 * The beacons of one server process. A beacon's token is checked as it arrives, against the
 * store and experiment secret kept in memory (no statement once they are known); the checked ones
 * wait and are counted together, one flush at a time: beacons arriving while a flush runs go into
 * the next one, so a flush holds what arrived during the last. A flush is one statement (one round
 * trip, one commit): it counts the rate-limit hits of its beacons and the events of those within
 * their limits, and each beacon is answered only after its flush, with what the database
 * decided: counted, a repeat (its page load's event was counted before, or the experiment
 * stopped), or over its limits. Nothing is answered before it is stored, so a crash loses no
 * count that was answered; `close` answers the beacons already taken and refuses later ones.
 */
export class BeaconCounter {
  private readonly waiting: Pending[] = [];
  private flushing: Promise<void> | null = null;
  private closed = false;
  /** the beacons being checked or waiting for their flush */
  private readonly taken = new Set<Promise<boolean>>();
  /** keys over their limit, until their window ends: counting them more changes no answer */
  private readonly blockedUntil = new Map<string, number>();

  private readonly storeIdOf = memo(STORE_TTL_MS, async (storeKey) => (await findStoreBy(this.db, 'store_name', storeKey))?.id);

  private readonly experimentOf = memo(EXPERIMENT_TTL_MS, async (id) =>
    this.db.selectFrom('experiments').select(['store_id', 'beacon_secret']).where('id', '=', Number(id)).executeTakeFirst(),
  );

  /** how long a flush gathers beacons first: GATHER_MS on a database in this thread, else none */
  private readonly gatherMs: number;
  /** wakes a gathering flush when enough beacons wait */
  private wake: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    options: { gatherMs?: number } = {},
  ) {
    this.gatherMs = options.gatherMs ?? (runsInThisThread(db) ? GATHER_MS : 0);
  }

  /** Waits until `gatherMs` have passed or GATHER_SIZE beacons wait, whichever comes first (or the counter closes). */
  private async gathered(): Promise<void> {
    if (this.waiting.length >= GATHER_SIZE || this.closed) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.wake = null;
        resolve();
      }, this.gatherMs);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
    });
  }

  /**
   * One event of one page load: its token must be one the bootstrap signed for this store's
   * experiment, within a day (else a 422); each event counts once per page load; shoppers and
   * addresses beyond their limits get a 429. Answers whether it was counted.
   */
  async count(storeKey: string, input: BeaconInput, now: Date): Promise<boolean> {
    if (this.closed) throw closing();
    const taken = this.take(storeKey, input, now);
    this.taken.add(taken);
    try {
      return await taken;
    } finally {
      this.taken.delete(taken);
    }
  }

  /** Answers the beacons already taken (each counted, or refused as it would be before), then refuses new ones. */
  async close(): Promise<void> {
    this.closed = true;
    this.wake?.();
    await Promise.allSettled(this.taken);
    await this.flushing;
  }

  private async take(storeKey: string, input: BeaconInput, now: Date): Promise<boolean> {
    const storeId = await this.storeIdOf(storeKey.toLowerCase());
    if (storeId === undefined) throw notFound('Store');
    const claims = await verifyBeacon(
      input.token,
      async (experimentId) => {
        const experiment = await this.experimentOf(String(experimentId));
        return experiment && Number(experiment.store_id) === storeId ? experiment.beacon_secret : undefined;
      },
      now,
    );
    const keys: Pending['keys'] = [`beacon address ${input.address}`.slice(0, 400), `beacon shopper ${storeId} ${claims.shopperKey}`.slice(0, 400)];
    const outcome = await new Promise<Outcome>((settle) => {
      this.waiting.push({ claims, event: input.event, keys, now, settle });
      this.flushing ??= this.flushAll();
      if (this.waiting.length >= GATHER_SIZE) this.wake?.();
    });
    if (outcome instanceof Error) throw outcome;
    if (outcome === 'limited') throw tooMany();
    return outcome === 'counted';
  }

  /** Flushes until none wait; the last check and the end are one step, so no beacon is left behind. */
  private async flushAll(): Promise<void> {
    // the beacons that arrive in this turn of the event loop join the first flush (on PGlite, those of the next few milliseconds)
    await new Promise((resolve) => setImmediate(resolve));
    if (this.gatherMs > 0) await this.gathered();
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, BATCH_SIZE);
      try {
        await this.flush(batch);
      } catch (error) {
        for (const pending of batch) pending.settle(error instanceof Error ? error : new Error(String(error)));
      }
    }
    this.flushing = null;
  }

  private async flush(batch: Pending[]): Promise<void> {
    const now = new Date(Math.max(...batch.map((pending) => pending.now.getTime())));
    const time = now.getTime();
    for (const [key, until] of this.blockedUntil) if (until <= time) this.blockedUntil.delete(key);
    const outcomes = await countBatch(this.db, batch, now, (key) => this.blockedUntil.has(key));
    for (const [key, until] of outcomes.blocked) this.blockedUntil.set(key, until);
    for (const [index, pending] of batch.entries())
      pending.settle(outcomes.limited.has(index) ? 'limited' : outcomes.counted.has(index) ? 'counted' : 'repeat');
  }
}

const LIMITS = [BEACON_LIMITS.perAddress, BEACON_LIMITS.perShopper] as const;

/**
 * The hits `beacons` add to their keys, as one beacon after another would: per key, how many
 * (keys in one order); per beacon and key, the count after the batch above which that beacon is
 * over (its own hit was the rank-th on the key: over when the count before the batch plus its
 * rank passes the limit), or null for a key `blocked` (over its limit until its window ends:
 * counting it more changes no answer, so it is not counted and the beacon is over).
 */
function hitsOf(beacons: readonly Pick<Pending, 'keys'>[], blocked: (key: string) => boolean) {
  const hits = new Map<string, number>();
  const ranks = beacons.map(({ keys }) =>
    keys.map((key) => {
      if (blocked(key)) return null;
      const rank = (hits.get(key) ?? 0) + 1;
      hits.set(key, rank);
      return rank;
    }),
  );
  const counted = [...hits.keys()].sort();
  const limitOf = new Map(beacons.flatMap(({ keys }) => keys.map((key, which) => [key, LIMITS[which]!] as const)));
  return {
    counts: counted.map((key) => ({ key, hits: hits.get(key)! })),
    limits: counted.map((key) => limitOf.get(key)!),
    bounds: beacons.map(({ keys }, index) =>
      keys.map((key, which) => (ranks[index]![which] === null ? null : LIMITS[which]! + hits.get(key)! - ranks[index]![which]!)),
    ),
  };
}

/**
 * Counts `beacons` in one statement, so one round trip and one commit: the hits on each address
 * and shopper (`addInWindow`), then, of the beacons within their limits, each page load's event
 * once (a repeat of one counted before, in this batch or earlier, is not), on a running
 * experiment, on its shopper's row. Rows are written in key order (hits, then events, then
 * shoppers), so two processes flushing at once never wait on each other in a cycle. Answers the
 * indexes of the beacons over a limit and of those counted, and the keys now over their limit
 * with the end of their window.
 */
async function countBatch(db: Db, beacons: readonly Pick<Pending, 'claims' | 'event' | 'keys' | 'now'>[], now: Date, blocked: (key: string) => boolean) {
  const { counts, limits, bounds } = hitsOf(beacons, blocked);
  const column = <T>(pick: (beacon: (typeof beacons)[number], index: number) => T) => beacons.map(pick);
  const { rows } = await sql<{ outcome: 'limited' | 'counted' | 'over'; ordinal: number | null; key: string | null; window_started_at: Date | string | null }>`
    with hits as (${addInWindow({ table: 'rate_limit_hits', column: 'hits' }, counts, now, BEACON_LIMITS.windowMs)}),
    limits as (
      select * from unnest(${counts.map((count) => count.key)}::text[], ${limits}::int[]) as l(key, bound)
    ),
    batch as (
      select * from unnest(${column((_, index) => index)}::int[], ${column(({ claims }) => claims.experimentId)}::bigint[],
                           ${column(({ claims }) => claims.pageLoad)}::text[], ${column(({ event }) => event)}::text[],
                           ${column(({ claims }) => claims.shopperKey)}::text[], ${column(({ now: at }) => at.toISOString())}::timestamptz[],
                           ${column(({ keys }) => keys[0])}::text[], ${column((_, index) => bounds[index]![0])}::int[],
                           ${column(({ keys }) => keys[1])}::text[], ${column((_, index) => bounds[index]![1])}::int[])
        as b(ordinal, experiment_id, page_load, event, shopper_key, received_at, address, address_bound, shopper, shopper_bound)
    ),
    judged as (
      select b.*, b.address_bound is null or b.shopper_bound is null or a.count > b.address_bound or s.count > b.shopper_bound as limited
        from batch b
        left join hits a on a.key = b.address
        left join hits s on s.key = b.shopper
    ),
    first as (
      select distinct on (experiment_id, page_load, event) ordinal, experiment_id, page_load, event, shopper_key, received_at
        from judged where not limited
       order by experiment_id, page_load, event, ordinal
    ),
    fresh as (
      insert into experiment_beacons (experiment_id, page_load, event, received_at)
      select f.experiment_id, f.page_load, f.event, f.received_at
        from first f join experiments e on e.id = f.experiment_id and e.status = 'running'
       order by f.experiment_id, f.page_load, f.event
      on conflict do nothing
      returning experiment_id, page_load, event
    ),
    counted as (
      select f.ordinal, f.experiment_id, f.shopper_key, f.event from first f join fresh using (experiment_id, page_load, event)
    ),
    locked as materialized (
      select s.experiment_id, s.shopper_key, t.opens, t.redeems, t.ordinals
        from (select experiment_id, shopper_key, count(*) filter (where event = 'open') as opens, count(*) filter (where event = 'redeem') as redeems,
                     array_agg(ordinal) as ordinals
                from counted group by experiment_id, shopper_key) t
        join experiment_shoppers s using (experiment_id, shopper_key)
       order by s.experiment_id, s.shopper_key
         for update of s
    ),
    bumped as (
      update experiment_shoppers s set opens = s.opens + l.opens, redeems = s.redeems + l.redeems
        from locked l
       where s.experiment_id = l.experiment_id and s.shopper_key = l.shopper_key
      returning l.ordinals
    )
    select 'limited' as outcome, ordinal, null as key, null::timestamptz as window_started_at from judged where limited
    union all
    select 'counted', unnest(ordinals), null, null from bumped
    union all
    select 'over', null, h.key, h.window_started_at from hits h join limits l using (key) where h.count > l.bound`.execute(db);
  const indexes = (outcome: string) => new Set(rows.filter((row) => row.outcome === outcome).map((row) => Number(row.ordinal)));
  return {
    limited: indexes('limited'),
    counted: indexes('counted'),
    blocked: rows
      .filter((row) => row.outcome === 'over')
      .map((row) => [row.key!, new Date(row.window_started_at!).getTime() + BEACON_LIMITS.windowMs] as const),
  };
}
