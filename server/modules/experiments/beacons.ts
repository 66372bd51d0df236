import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { countInWindow } from '../../auth/window-counter.ts';
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
 * the next one, so a flush holds what arrived during the last. A flush counts the rate-limit hits
 * of its beacons in one upsert (more only when it repeats an address or a shopper) and the events
 * that pass in one statement, and each beacon is
 * answered only after its flush, with what the database decided: counted, a repeat (its page
 * load's event was counted before, or the experiment stopped), or over its limits. Nothing is
 * answered before it is stored, so a crash loses no count that was answered; `close` answers
 * the beacons already taken and refuses later ones.
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

  constructor(private readonly db: Db) {}

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
    });
    if (outcome instanceof Error) throw outcome;
    if (outcome === 'limited') throw tooMany();
    return outcome === 'counted';
  }

  /** Flushes until none wait; the last check and the end are one step, so no beacon is left behind. */
  private async flushAll(): Promise<void> {
    // the beacons that arrive in this turn of the event loop join the first flush
    await new Promise((resolve) => setImmediate(resolve));
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
    const limited = await this.countHits(batch, now);
    const passed = batch.filter((_, index) => !limited[index]);
    for (const [index, pending] of batch.entries()) if (limited[index]) pending.settle('limited');
    const counted = await countEvents(this.db, passed);
    for (const [index, pending] of passed.entries()) pending.settle(counted.has(index) ? 'counted' : 'repeat');
  }

  /**
   * Counts each beacon's hit on its address and its shopper, as one beacon after another would:
   * in rounds where no key is counted twice (one upsert each, keys in one order), so one round in
   * all unless the batch repeats an address or a shopper. A key already over its limit in its
   * window is not counted again (no answer changes), and each round leaves out the keys the last
   * one took over. Answers per beacon whether it is over a limit.
   */
  private async countHits(batch: Pending[], now: Date): Promise<boolean[]> {
    const time = now.getTime();
    const blocked = (key: string) => (this.blockedUntil.get(key) ?? -Infinity) > time;
    const limits = [BEACON_LIMITS.perAddress, BEACON_LIMITS.perShopper];
    const limited = batch.map(() => false);
    let left = batch.map((_, index) => index);
    while (left.length > 0) {
      const keys = new Set<string>();
      const round: number[] = [];
      const later: number[] = [];
      for (const index of left) {
        const pending = batch[index]!;
        if (pending.keys.some(blocked)) limited[index] = true;
        const open = pending.keys.filter((key) => !blocked(key));
        if (open.length === 0) continue;
        if (open.some((key) => keys.has(key))) {
          later.push(index);
          continue;
        }
        for (const key of open) keys.add(key);
        round.push(index);
      }
      left = later;
      if (round.length === 0) continue;
      const counts = await countInWindow(this.db, { table: 'rate_limit_hits', column: 'hits' }, [...keys].sort(), now, BEACON_LIMITS.windowMs);
      const byKey = new Map(counts.map((count) => [count.key, count]));
      for (const index of round) {
        batch[index]!.keys.forEach((key, which) => {
          const count = byKey.get(key);
          if (!count || count.count <= limits[which]!) return;
          limited[index] = true;
          this.blockedUntil.set(key, count.windowStartedAt.getTime() + BEACON_LIMITS.windowMs);
        });
      }
    }
    for (const [key, until] of this.blockedUntil) if (until <= time) this.blockedUntil.delete(key);
    return limited;
  }
}

/**
 * Counts the events of `beacons` in one statement: each page load's event once (a repeat of one
 * counted before, in this batch or earlier, is not), on a running experiment, on its shopper's
 * row. Rows are written in key order, so two processes flushing at once never wait on each other
 * in a cycle. Answers the indexes of the beacons counted.
 */
async function countEvents(db: Db, beacons: readonly Pick<Pending, 'claims' | 'event' | 'now'>[]): Promise<Set<number>> {
  const seen = new Set<string>();
  const rows = beacons.flatMap(({ claims, event, now }, index) => {
    const key = `${claims.experimentId} ${claims.pageLoad} ${event}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [
      { ordinal: index, experimentId: claims.experimentId, pageLoad: claims.pageLoad, event, shopperKey: claims.shopperKey, receivedAt: now.toISOString() },
    ];
  });
  if (rows.length === 0) return new Set();
  const column = <T>(pick: (row: (typeof rows)[number]) => T) => rows.map(pick);
  const { rows: counted } = await sql<{ ordinal: number }>`
    with batch as (
      select * from unnest(${column((row) => row.ordinal)}::int[], ${column((row) => row.experimentId)}::bigint[], ${column((row) => row.pageLoad)}::text[],
                           ${column((row) => row.event)}::text[], ${column((row) => row.shopperKey)}::text[], ${column((row) => row.receivedAt)}::timestamptz[])
        as b(ordinal, experiment_id, page_load, event, shopper_key, received_at)
    ),
    fresh as (
      insert into experiment_beacons (experiment_id, page_load, event, received_at)
      select b.experiment_id, b.page_load, b.event, b.received_at
        from batch b join experiments e on e.id = b.experiment_id and e.status = 'running'
       order by b.experiment_id, b.page_load, b.event
      on conflict do nothing
      returning experiment_id, page_load, event
    ),
    counted as (
      select b.ordinal, b.experiment_id, b.shopper_key, b.event from batch b join fresh f using (experiment_id, page_load, event)
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
    select unnest(ordinals) as ordinal from bumped`.execute(db);
  return new Set(counted.map((row) => Number(row.ordinal)));
}
