import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { json } from '../../db/normalize.ts';
import { customersOf } from '../../db/customer-lookups.ts';
import { checkEntryPoints, checkLimits, type AccountTotalsRow } from './limits.ts';
import type { EntryType, LedgerEntry } from './tables.ts';

export type Executor = Kysely<Database>;

/**
 * Why a customer is kept out of the program: the holdout group earns nothing at all; a guest
 * (bought without joining) holds no points until they join; an excluded customer earns nothing
 * from the program (a merchant's adjustment still applies).
 */
export type KeptOut = 'holdout' | 'guest' | 'excluded';

const KEPT_OUT_MESSAGES: Record<KeptOut, string> = {
  holdout: 'This customer is in the holdout group (kept out of the program to measure its lift) and earns nothing.',
  guest: 'This customer is a guest (bought without joining the program) and holds no points; invite them to join first.',
  excluded: 'This customer is excluded from the program and earns nothing; include them in the program first.',
};

/** A credit refused because its customer is kept out of the program; nothing is written. */
export class OutOfProgramError extends Error {
  constructor(readonly why: KeptOut) {
    super(KEPT_OUT_MESSAGES[why]);
  }
}

/** What the program gives; an excluded customer receives none of it. */
const PROGRAM_EARNING: ReadonlySet<EntryType> = new Set(['order_earn', 'action_earn', 'award', 'referral_reward', 'tier_reward']);

/** Raised inside a transaction when a debit would take the balance below zero; nothing is written. */
export class InsufficientPointsError extends Error {
  constructor(readonly needed: number) {
    super('Not enough points');
  }
}

/** Runs `work` in the caller's transaction, or in a new one. */
export async function inTransaction<T>(db: Executor, work: (trx: Executor) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute((trx: Transaction<Database>) => work(trx));
}

/** What made an entry: with the store, the unique idempotency key of the ledger. */
export interface EntrySource {
  sourceType: string;
  sourceId: string;
  /** the rule that produced it (`earn:12`, `redeem:3`…); '' when none */
  ruleKey?: string;
}

export interface EntryInput extends EntrySource {
  storeId: number;
  customerId: number;
  type: EntryType;
  /** human computation, e.g. "order #1001: $54.20 × 1 point per $1 = 54" */
  computation: string;
  reason?: string | null;
  parentEntryId?: number | null;
  metadata?: Record<string, unknown>;
}

export interface CreditInput extends EntryInput {
  points: number;
  /** pending until this time (approval window); absent or past = available now */
  releaseAt?: Date | null;
  /** the earned batch expires at this time */
  expiresAt?: Date | null;
  /** counts towards lifetime points (default true for credits) */
  countsLifetime?: boolean;
}

export interface DebitInput extends EntryInput {
  points: number;
  /** lifetime change (a refund clawback lowers lifetime; a redemption does not) */
  lifetimeDelta?: number;
}

interface AccountDelta {
  storeId: number;
  customerId: number;
  balance: number;
  pending: number;
  lifetime: number;
}

/** Adds deltas to accounts (created when missing), locking rows in one global order. */
async function applyAccountDeltas(trx: Executor, deltas: AccountDelta[], now: Date): Promise<void> {
  const merged = new Map<string, AccountDelta>();
  for (const delta of deltas) {
    const id = `${delta.storeId}:${delta.customerId}`;
    const existing = merged.get(id);
    if (existing) {
      existing.balance += delta.balance;
      existing.pending += delta.pending;
      existing.lifetime += delta.lifetime;
    } else merged.set(id, { ...delta });
  }
  const rows = [...merged.values()].sort((a, b) => a.storeId - b.storeId || a.customerId - b.customerId);
  // an INSERT checks its proposed row (balance ≥ 0) before ON CONFLICT: lowering deltas update instead
  const raises = (row: AccountDelta) => row.balance >= 0 && row.pending >= 0 && row.lifetime >= 0;
  const raising = rows.filter(raises).map((row) => ({
    store_id: row.storeId,
    customer_id: row.customerId,
    balance: row.balance,
    pending: row.pending,
    lifetime: row.lifetime,
  }));
  if (raising.length > 0) {
    const totals = await sql<AccountTotalsRow>`
      insert into points_accounts as a (store_id, customer_id, balance, pending, lifetime, updated_at)
      select store_id, customer_id, balance, pending, lifetime, ${now}::timestamptz
      from jsonb_to_recordset(${json(raising)}::jsonb) as r(store_id bigint, customer_id bigint, balance bigint, pending bigint, lifetime bigint)
      order by store_id, customer_id
      on conflict (store_id, customer_id) do update set balance = a.balance + excluded.balance, pending = a.pending + excluded.pending,
        lifetime = a.lifetime + excluded.lifetime, updated_at = excluded.updated_at
      returning a.balance, a.pending, a.lifetime`.execute(trx);
    checkLimits(totals.rows);
  }
  for (const row of rows.filter((candidate) => !raises(candidate))) {
    const updated = await sql<AccountTotalsRow>`update points_accounts
      set balance = balance + ${row.balance}, pending = pending + ${row.pending}, lifetime = lifetime + ${row.lifetime}, updated_at = ${now}
      where store_id = ${row.storeId} and customer_id = ${row.customerId} returning balance, pending, lifetime`.execute(trx);
    if (updated.rows.length === 0) throw new InsufficientPointsError(-row.balance);
    checkLimits(updated.rows);
  }
}

export interface CreditResult {
  /** entries written now (duplicates of an idempotency key are skipped) */
  inserted: LedgerEntry[];
  duplicates: number;
  /** credits skipped because the customer is kept out of the program (holdout group, guest, or excluded) */
  heldOut: number;
  /** why the first skipped credit was refused */
  keptOut: KeptOut | null;
}

/** A row to append: explicit deltas of balance, pending and lifetime. */
export interface EntryRow {
  store_id: number;
  customer_id: number;
  type: EntryType;
  points: number;
  pending_points: number;
  lifetime_points: number;
  source_type: string;
  source_id: string;
  rule_key: string;
  parent_entry_id: number | null;
  computation: string;
  reason: string | null;
  release_at: Date | null;
  expires_at: Date | null;
  metadata: Record<string, unknown>;
}

/** What an entry row says of itself whatever it moves: whose, what kind, its idempotency key and why. */
const entryFields = (input: EntryInput) => ({
  store_id: input.storeId,
  customer_id: input.customerId,
  type: input.type,
  source_type: input.sourceType,
  source_id: input.sourceId,
  rule_key: input.ruleKey ?? '',
  parent_entry_id: input.parentEntryId ?? null,
  computation: input.computation,
  reason: input.reason ?? null,
  metadata: input.metadata ?? {},
});

/** The columns of an entry row as `jsonb_to_recordset` reads them (the rows go to the server as one JSON parameter). */
const ENTRY_RECORD = sql.raw(`store_id bigint, customer_id bigint, type text, points bigint, pending_points bigint, lifetime_points bigint,
  source_type text, source_id text, rule_key text, parent_entry_id bigint, computation text, reason text,
  release_at timestamptz, expires_at timestamptz, metadata jsonb, position integer`);

/**
 * The statement that writes `rows` as entries in their given order, a repeated idempotency key
 * skipped, answering the rows written (`returning *`): a CTE `input`, then the insert reading it.
 */
export const insertEntries = (rows: Array<EntryRow & { position: number }>, now: Date) => ({
  input: sql`input as (select * from jsonb_to_recordset(${json(rows)}::jsonb) as r(${ENTRY_RECORD}))`,
  insert: sql`insert into ledger_entries (store_id, customer_id, type, points, pending_points, lifetime_points, source_type, source_id, rule_key,
      parent_entry_id, computation, reason, release_at, expires_at, metadata, created_at)
    select store_id, customer_id, type, points, pending_points, lifetime_points, source_type, source_id, rule_key,
      parent_entry_id, computation, reason, release_at, expires_at, metadata, ${now}::timestamptz
    from input order by position
    on conflict (store_id, source_type, source_id, rule_key) do nothing
    returning *`,
});

/** A batch for every positive available credit among the rows of the CTE `entries` (store_id, customer_id, id, points, expires_at). */
const batchesOf = (entries: string, now: Date) => sql`
  insert into points_batches (store_id, customer_id, entry_id, points, remaining, expires_at, created_at)
  select store_id, customer_id, id, points, points, expires_at, ${now}::timestamptz from ${sql.table(entries)} where points > 0`;

/**
 * Appends entries in one statement (a repeated idempotency key is skipped) that also opens a
 * batch for every positive available credit, then moves the cached totals by the same amounts,
 * all in the caller's transaction. Rows are inserted in key order so concurrent writers lock in
 * one order; the answer is in id order.
 */
export async function appendEntries(trx: Executor, rows: EntryRow[], now: Date): Promise<LedgerEntry[]> {
  const unique = new Map<string, EntryRow>();
  for (const row of rows) {
    const id = `${row.store_id}\u0000${row.source_type}\u0000${row.source_id}\u0000${row.rule_key}`;
    if (!unique.has(id)) unique.set(id, row);
  }
  if (unique.size === 0) return [];
  const sorted = [...unique.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row], position) => ({ ...row, position }));
  const { input, insert } = insertEntries(sorted, now);
  const { rows: inserted } = await sql<LedgerEntry>`
    with ${input},
    entries as (${insert}),
    batches as (${batchesOf('entries', now)})
    select * from entries order by id`.execute(trx);
  await applyAccountDeltas(
    trx,
    inserted.map((entry) => ({
      storeId: entry.store_id,
      customerId: entry.customer_id,
      balance: entry.points,
      pending: entry.pending_points,
      lifetime: entry.lifetime_points,
    })),
    now,
  );
  return inserted;
}

/**
 * Credits many entries in one transaction: pending ones (release in the future) move only the
 * pending total; available ones open a batch and move balance and lifetime.
 */
export async function creditMany(db: Executor, inputs: CreditInput[], now: Date): Promise<CreditResult> {
  if (inputs.length === 0) return { inserted: [], duplicates: 0, heldOut: 0, keptOut: null };
  const keptOut = await keptOutCustomers(db, inputs);
  const refused = (input: CreditInput): KeptOut | undefined => {
    const why = keptOut.get(input.customerId);
    return why === 'holdout' || why === 'guest' || (why === 'excluded' && PROGRAM_EARNING.has(input.type)) ? why : undefined;
  };
  const earning = keptOut.size === 0 ? inputs : inputs.filter((input) => !refused(input));
  const rows = earning.map((input): EntryRow => {
    checkEntryPoints(input.points, 'credit');
    const pending = input.releaseAt != null && input.releaseAt.getTime() > now.getTime();
    return {
      ...entryFields(input),
      points: pending ? 0 : input.points,
      pending_points: pending ? input.points : 0,
      lifetime_points: pending || input.countsLifetime === false ? 0 : input.points,
      release_at: pending ? input.releaseAt! : null,
      expires_at: input.expiresAt ?? null,
    };
  });
  const inserted = rows.length === 0 ? [] : await inTransaction(db, (trx) => appendEntries(trx, rows, now));
  const firstRefused = earning.length === inputs.length ? undefined : inputs.find((input) => refused(input));
  return {
    inserted,
    duplicates: earning.length - inserted.length,
    heldOut: inputs.length - earning.length,
    keptOut: firstRefused ? refused(firstRefused)! : null,
  };
}

/**
 * Opening balances credited in the statement that writes their customers (the CSV import): CTEs
 * to follow the caller's CTE `source` (customer_id, points, opened: the customer row is new in
 * this statement, held: the customer is in the holdout group or a guest, computation). A held customer is
 * credited nothing (as creditMany refuses); any other with points gets one `adjustment` entry,
 * whose idempotency key is `sourceType` and the customer (a repeated file credits nothing), and
 * its batch. A new customer's account is opened with its balance (`customer_accounts_after_insert`,
 * firing after the statement, then finds it: no account opened at zero and then updated); an
 * existing customer's account is raised. Adds `opening_entries` (customer_id, points) and
 * `opening_accounts` (the new totals: the caller passes them to checkLimits).
 */
export function openingBalances(storeId: number, sourceType: string, reason: string, now: Date) {
  return sql`
    opening_entries as (
      insert into ledger_entries (store_id, customer_id, type, points, lifetime_points, source_type, source_id, computation, reason, created_at)
      select ${storeId}::bigint, customer_id, 'adjustment', points, points, ${sourceType}::text, customer_id::text, computation, ${reason}::text, ${now}::timestamptz
      from source where points > 0 and not held order by customer_id::text
      on conflict (store_id, source_type, source_id, rule_key) do nothing
      returning store_id, customer_id, id, points, expires_at),
    opening_batches as (${batchesOf('opening_entries', now)}),
    opening_accounts as (
      insert into points_accounts as a (store_id, customer_id, balance, lifetime, updated_at)
      select ${storeId}::bigint, s.customer_id, coalesce(e.points, 0), coalesce(e.points, 0), ${now}::timestamptz
      from source s left join opening_entries e on e.customer_id = s.customer_id where s.opened or e.id is not null order by s.customer_id
      on conflict (store_id, customer_id) do update set
        balance = a.balance + excluded.balance, lifetime = a.lifetime + excluded.lifetime, updated_at = excluded.updated_at
      returning a.balance, a.pending, a.lifetime)`;
}

/** The customers among the credits' who are kept out of the program: in the holdout group, guests or excluded (deleted ones are). */
async function keptOutCustomers(db: Executor, inputs: CreditInput[]): Promise<Map<number, KeptOut>> {
  const byStore = new Map<number, number[]>();
  for (const input of inputs) {
    const ids = byStore.get(input.storeId);
    if (ids) ids.push(input.customerId);
    else byStore.set(input.storeId, [input.customerId]);
  }
  const keptOut = new Map<number, KeptOut>();
  for (const [storeId, ids] of byStore) {
    const { rows } = await customersOf<{ id: number; holdout: boolean; program_status: string }>(
      storeId,
      'id',
      [...new Set(ids)],
      ['id', 'holdout', 'program_status'],
    ).execute(db);
    for (const row of rows) {
      if (row.holdout) keptOut.set(row.id, 'holdout');
      else if (row.program_status === 'guest' || row.program_status === 'excluded') keptOut.set(row.id, row.program_status);
    }
  }
  return keptOut;
}

export async function credit(db: Executor, input: CreditInput, now: Date): Promise<{ entry: LedgerEntry; duplicate: boolean }> {
  const result = await creditMany(db, [input], now);
  if (result.inserted[0]) return { entry: result.inserted[0], duplicate: false };
  if (result.keptOut) throw new OutOfProgramError(result.keptOut);
  return { entry: await findEntry(db, input.storeId, input), duplicate: true };
}

async function findEntry(db: Executor, storeId: number, source: EntrySource): Promise<LedgerEntry> {
  return db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('source_type', '=', source.sourceType)
    .where('source_id', '=', source.sourceId)
    .where('rule_key', '=', source.ruleKey ?? '')
    .executeTakeFirstOrThrow();
}

/** The entry a debit writes: its points taken from the balance, its lifetime delta, nothing pending. */
export const debitRow = (input: DebitInput): EntryRow => ({
  ...entryFields(input),
  points: -input.points,
  pending_points: 0,
  lifetime_points: input.lifetimeDelta ?? 0,
  release_at: null,
  expires_at: null,
});

/**
 * Spends points: the entry first (a repeated idempotency key answers the first entry), then a
 * conditional update that can never take the balance below zero (InsufficientPointsError rolls
 * the transaction back), then the soonest-expiring batches.
 */
export async function debit(db: Executor, input: DebitInput, now: Date): Promise<{ entry: LedgerEntry; duplicate: boolean }> {
  checkEntryPoints(input.points, 'debit');
  return inTransaction(db, async (trx) => {
    const row = debitRow(input);
    const entry = await trx
      .insertInto('ledger_entries')
      .values({ ...row, metadata: json(row.metadata), created_at: now })
      .onConflict((oc) => oc.columns(['store_id', 'source_type', 'source_id', 'rule_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!entry) return { entry: await findEntry(trx, input.storeId, input), duplicate: true };
    const lifetime = input.lifetimeDelta ?? 0;
    const updated = await sql<AccountTotalsRow>`
      update points_accounts set balance = balance - ${input.points}, lifetime = lifetime + ${lifetime}, updated_at = ${now}
      where store_id = ${input.storeId} and customer_id = ${input.customerId} and balance >= ${input.points}
      returning balance, pending, lifetime`.execute(trx);
    if (updated.rows.length === 0) throw new InsufficientPointsError(input.points);
    checkLimits(updated.rows);
    if (input.points > 0) await spendBatches(trx, entry, input.points);
    return { entry, duplicate: false };
  });
}

/** Takes `points` from the open batches, soonest expiry first (never-expiring last), and records it. */
async function spendBatches(trx: Executor, entry: LedgerEntry, points: number): Promise<void> {
  const spent = await sql<{ batch_id: number; used: number }>`
    with ordered as (
      select id, remaining, sum(remaining) over (order by expires_at asc nulls last, id) as running
      from points_batches where store_id = ${entry.store_id} and customer_id = ${entry.customer_id} and remaining > 0
    ), take as (
      select id, least(remaining, ${points} - (running - remaining))::bigint as used from ordered where running - remaining < ${points}
    )
    update points_batches b set remaining = b.remaining - take.used from take where b.id = take.id
    returning b.id as batch_id, take.used as used`.execute(trx);
  const total = spent.rows.reduce((sum, row) => sum + Number(row.used), 0);
  if (total !== points) throw new Error(`Ledger batches of customer ${entry.customer_id} hold ${total} points, not ${points}: run ledger:verify.`);
  await trx
    .insertInto('batch_spends')
    .values(spent.rows.map((row) => ({ entry_id: entry.id, batch_id: row.batch_id, points: Number(row.used) })))
    .execute();
}

/**
 * Gives back the points of a debit (a redemption rolled back): one entry, the same batches
 * refilled. A second rollback of the same debit is a no-op.
 */
export async function reverseDebit(
  db: Executor,
  debitEntryId: number,
  input: Omit<EntryInput, 'sourceType' | 'sourceId' | 'parentEntryId'>,
  now: Date,
): Promise<{ entry: LedgerEntry; duplicate: boolean }> {
  return inTransaction(db, async (trx) => {
    const original = await trx
      .selectFrom('ledger_entries')
      .selectAll()
      .where('id', '=', debitEntryId)
      .where('store_id', '=', input.storeId)
      .executeTakeFirstOrThrow();
    const points = -original.points;
    const entry = await trx
      .insertInto('ledger_entries')
      .values({
        store_id: original.store_id,
        customer_id: original.customer_id,
        type: input.type,
        points,
        lifetime_points: -original.lifetime_points,
        source_type: 'reversal',
        source_id: String(original.id),
        rule_key: input.ruleKey ?? '',
        parent_entry_id: original.id,
        computation: input.computation,
        reason: input.reason ?? null,
        metadata: json(input.metadata ?? {}),
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['store_id', 'source_type', 'source_id', 'rule_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!entry)
      return {
        entry: await findEntry(trx, input.storeId, { sourceType: 'reversal', sourceId: String(original.id), ruleKey: input.ruleKey ?? '' }),
        duplicate: true,
      };
    await applyAccountDeltas(
      trx,
      [{ storeId: original.store_id, customerId: original.customer_id, balance: points, pending: 0, lifetime: -original.lifetime_points }],
      now,
    );
    await sql`update points_batches b set remaining = b.remaining + s.points from batch_spends s
      where s.entry_id = ${original.id} and b.id = s.batch_id`.execute(trx);
    return { entry, duplicate: false };
  });
}

/** Locks the account row (creating it at zero first) so reads and writes of one customer serialise. */
export async function lockAccount(
  trx: Executor,
  storeId: number,
  customerId: number,
  now: Date,
): Promise<{ balance: number; pending: number; lifetime: number }> {
  await trx
    .insertInto('points_accounts')
    .values({ store_id: storeId, customer_id: customerId, updated_at: now })
    .onConflict((oc) => oc.columns(['store_id', 'customer_id']).doNothing())
    .execute();
  return trx
    .selectFrom('points_accounts')
    .select(['balance', 'pending', 'lifetime'])
    .where('store_id', '=', storeId)
    .where('customer_id', '=', customerId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}
