import { sql } from 'kysely';
import { type QueuedEmail, queueEmails } from '../emails/index.ts';
import { creditMany, inTransaction, type CreditInput, type Executor, type LedgerEntry } from '../../domain/ledger/index.ts';
import { onLedgerEvent } from '../../domain/ledger/events.ts';
import type { TierPeriod } from './contract.ts';
import { VipError, entryRewardOf, loadLadder, metricOf, multiplierOf, periodKey, periodStart, tierFor, type Ladder, type TierWithPerks } from './ladder.ts';
import { FIGURES_SOURCE, storeFigures } from './figures.ts';
import type { TierCause, VipMember } from './tables.ts';

const YEAR = 365 * 86_400_000;

/** Whether a member below their tier's threshold leaves it now. */
function mayDrop(member: VipMember | undefined, ladder: Ladder, cause: TierCause, now: Date): boolean {
  if (!member?.tier_id) return true;
  if (!ladder.tiers.some((tier) => tier.id === member.tier_id)) return true; // the tier is gone
  if (cause === 'earn') return ladder.settings.fall_below === 'drop' && !member.manual;
  if (cause === 'settings') return ladder.settings.fall_below === 'drop';
  // period end: a calendar year has turned; a rolling year has passed since the member entered the tier
  const period: TierPeriod = ladder.settings.period;
  if (period === 'lifetime') return ladder.settings.fall_below === 'drop';
  if (period === 'calendar_year') return true;
  return member.tier_since === null || member.tier_since.getTime() <= now.getTime() - YEAR;
}

export interface TierChange {
  customerId: number;
  from: TierWithPerks | null;
  to: TierWithPerks | null;
  direction: 'up' | 'down';
  metric: number;
}

interface ChangeOptions {
  cause: TierCause;
  reason?: string | null;
  manual?: boolean;
}

/**
 * Records tier changes: the members' rows, an activity entry each, the customer's tier name,
 * the entry reward of a tier reached (once per tier and period, through the ledger's
 * idempotency key) and the "Tier switch" email, all in the caller's transaction. The activity
 * rows, the members' tiers and the customers' tier names are written by one statement (which
 * also answers the addresses the emails go to); the emails are queued, or handed to
 * `deferred.emails` when the caller queues them with its own, and the entry rewards credited, or
 * handed to `deferred.credits` when the caller credits them with its own.
 */
async function recordChanges(
  trx: Executor,
  storeId: number,
  ladder: Ladder,
  changes: TierChange[],
  options: ChangeOptions,
  now: Date,
  deferred?: Deferred,
): Promise<void> {
  if (changes.length === 0) return;
  // one array parameter per column, whatever the number of changes (as persistWebhooks: binding every value costs more)
  const column = <T>(value: (change: TierChange) => T) => changes.map(value);
  const { rows: recorded } = await sql<{ id: number; customer_id: number; email: string | null }>`
    with moves (customer_id, from_tier_id, to_tier_id, from_name, to_name, direction, metric) as (
      select * from unnest(${column((change) => change.customerId)}::bigint[], ${column((change) => change.from?.id ?? null)}::bigint[],
        ${column((change) => change.to?.id ?? null)}::bigint[], ${column((change) => change.from?.name ?? null)}::text[],
        ${column((change) => change.to?.name ?? null)}::text[], ${column((change) => change.direction)}::text[], ${column((change) => change.metric)}::bigint[])),
    activity as (
      insert into vip_activity (store_id, customer_id, from_tier_id, to_tier_id, from_name, to_name, direction, cause, reason, metric, created_at)
      select ${storeId}, customer_id, from_tier_id, to_tier_id, from_name, to_name, direction, ${options.cause}, ${options.reason ?? null}, metric, ${now}::timestamptz
      from moves order by customer_id
      returning id, customer_id),
    members as (
      update vip_members m set tier_id = v.to_tier_id, tier_since = ${now}::timestamptz, manual = ${options.manual ?? false}
      from moves v where m.store_id = ${storeId} and m.customer_id = v.customer_id),
    named as (
      update customers c set vip_tier = v.to_name
      from moves v where c.store_id = ${storeId} and c.id = v.customer_id
      returning c.id, c.email, c.deleted_at)
    select a.id, a.customer_id, n.email from activity a left join named n on n.id = a.customer_id and n.deleted_at is null`.execute(trx);
  const key = periodKey(ladder.settings.period, now);
  const rewards = changes.flatMap((change): CreditInput[] => {
    const points = change.direction === 'up' ? entryRewardOf(change.to) : 0;
    if (points <= 0 || !change.to) return [];
    return [
      {
        storeId,
        customerId: change.customerId,
        type: 'tier_reward',
        points,
        sourceType: 'vip_entry',
        sourceId: `${change.to.id}:${change.customerId}`,
        ruleKey: key,
        computation: `entered ${change.to.name}: ${points} point${points === 1 ? '' : 's'} (once per tier${key === 'lifetime' ? '' : ` in ${key}`})`,
        metadata: { tier_id: change.to.id, period: key },
      },
    ];
  });
  if (deferred?.credits) deferred.credits.push(...rewards);
  else await creditMany(trx, rewards, now);
  const recordOf = new Map(recorded.map((row) => [Number(row.customer_id), row]));
  const emails = changes.flatMap((change): QueuedEmail[] => {
    const record = recordOf.get(change.customerId);
    if (!record?.email || !change.to) return [];
    return [
      {
        storeId,
        customerId: change.customerId,
        key: 'loyalty-tier-update',
        eventKey: `vip:${record.id}`,
        to: record.email,
        data: { tier_name: change.to.name, previous_tier_name: change.from?.name ?? 'no tier' },
      },
    ];
  });
  if (deferred) deferred.emails.push(...emails);
  else await queueEmails(trx, emails, now);
}

/** What a caller writes itself with its own: the "Tier switch" emails, and (when given) the entry rewards to credit. */
export interface Deferred {
  emails: QueuedEmail[];
  credits?: CreditInput[];
}

/**
 * Whether an order earn may move its customers' tiers before its points are credited: their
 * figures come from the orders (already written), not from the ledger. The entry
 * rewards are then credited with the earns, in one ledger write.
 */
export const movesBeforeEarn = (ladder: Ladder): boolean => FIGURES_SOURCE[ladder.settings.basis] === 'orders';

/**
 * Re-measures some customers of a store from their stored figures and moves them between tiers, inside the caller's
 * transaction (the ledger's or the order's): up as soon as a threshold is reached, down when the
 * store's fall-below policy and the period allow it. Does nothing when the store has no tiers.
 * What `deferred` asks for is left to the caller (see recordChanges).
 */
export async function reevaluateTiers(
  db: Executor,
  storeId: number,
  customerIds: number[],
  now: Date,
  cause: TierCause = 'earn',
  known?: Ladder,
  deferred?: Deferred,
): Promise<TierChange[]> {
  const ids = [...new Set(customerIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const ladder = known ?? (await loadLadder(db, storeId));
  if (ladder.tiers.length === 0 || !ladder.settings.enabled) return [];
  return inTransaction(db, async (trx) => {
    // the members whose figures reach another tier than theirs: the others stay where they are
    const moving = await storeFigures(trx, storeId, ids, periodStart(ladder.settings.period, now), now, ladder);
    const changes: TierChange[] = [];
    for (const member of moving) {
      const id = member.customer_id;
      const metric = metricOf(ladder.settings.basis, member);
      const current = ladder.tiers.find((tier) => tier.id === member.tier_id) ?? null;
      const target = tierFor(ladder.tiers, metric);
      if (target?.id === current?.id) continue;
      const up = (target?.threshold ?? -1) > (current?.threshold ?? -1);
      if (!up && !mayDrop(member, ladder, cause, now)) continue;
      changes.push({ customerId: id, from: current, to: target, direction: up ? 'up' : 'down', metric });
    }
    await recordChanges(trx, storeId, ladder, changes, { cause }, now, deferred);
    return changes;
  });
}

/** data host vip/switch: a member's tier set by hand with a reason, kept until the period ends. */
export async function switchTier(
  db: Executor,
  input: { storeId: number; customerId: number; tierId: number | null; reason: string; who: string },
  now: Date,
): Promise<TierChange | null> {
  return inTransaction(db, async (trx) => {
    const ladder = await loadLadder(trx, input.storeId);
    const to = input.tierId === null ? null : (ladder.tiers.find((tier) => tier.id === input.tierId) ?? null);
    if (input.tierId !== null && !to) throw new VipError(404, 'Tier not found.', 'not_found', 'tier_id');
    await reevaluateTiers(trx, input.storeId, [input.customerId], now, 'earn', ladder);
    const member = await trx
      .selectFrom('vip_members')
      .selectAll()
      .where('store_id', '=', input.storeId)
      .where('customer_id', '=', input.customerId)
      .forUpdate()
      .executeTakeFirst();
    if (!member) await storeFigures(trx, input.storeId, [input.customerId], periodStart(ladder.settings.period, now), now);
    const from = ladder.tiers.find((tier) => tier.id === member?.tier_id) ?? null;
    if ((from?.id ?? null) === (to?.id ?? null)) return null;
    const change: TierChange = {
      customerId: input.customerId,
      from,
      to,
      direction: (to?.threshold ?? -1) > (from?.threshold ?? -1) ? 'up' : 'down',
      metric: member ? metricOf(ladder.settings.basis, member) : 0,
    };
    await recordChanges(trx, input.storeId, ladder, [change], { cause: 'manual', reason: `${input.reason} (by ${input.who})`, manual: true }, now);
    return change;
  });
}

const PERIOD_BATCH = 500;

/**
 * The maintenance job's tier step: members whose period ended (a new calendar year, a day
 * further along a rolling year) are measured again and may leave their tier; a batch at a time.
 */
export async function endTierPeriods(db: Executor, now: Date, batch = PERIOD_BATCH): Promise<number> {
  const stores = await db.selectFrom('vip_settings').select('store_id').where('enabled', '=', true).where('period', '!=', 'lifetime').execute();
  let moved = 0;
  for (const { store_id: storeId } of stores) {
    const ladder = await loadLadder(db, storeId);
    if (ladder.tiers.length === 0) continue;
    // a calendar year: everyone measured before 1 January; a rolling year: members with a tier not measured today
    const stale = ladder.settings.period === 'calendar_year' ? periodStart('calendar_year', now)! : new Date(now.getTime() - 86_400_000);
    for (;;) {
      let query = db.selectFrom('vip_members').select('customer_id').where('store_id', '=', storeId).where('evaluated_at', '<', stale);
      if (ladder.settings.period === 'rolling_12_months') query = query.where('tier_id', 'is not', null);
      const due = await query.orderBy('customer_id').limit(batch).execute();
      if (due.length === 0) break;
      const changes = await reevaluateTiers(
        db,
        storeId,
        due.map((row) => row.customer_id),
        now,
        'period_end',
        ladder,
      );
      moved += changes.length;
      if (due.length < batch) break;
    }
  }
  return moved;
}

/** The tier multiplier of each customer whose tier has one (1× without), for the order earn: the ladder's own tiers, one read of the members' tiers. */
export async function multipliersOf(
  db: Executor,
  storeId: number,
  customerIds: number[],
  ladder: Ladder,
): Promise<Map<number, { multiplier: number; tier: string }>> {
  const out = new Map<number, { multiplier: number; tier: string }>();
  const multiplied = new Map(ladder.tiers.filter((tier) => multiplierOf(tier) !== 1).map((tier) => [tier.id, tier]));
  if (customerIds.length === 0 || multiplied.size === 0) return out;
  const rows = await db
    .selectFrom('vip_members')
    .select(['customer_id', 'tier_id'])
    .where('store_id', '=', storeId)
    .where('customer_id', 'in', [...new Set(customerIds)])
    .where('tier_id', 'in', [...multiplied.keys()])
    .execute();
  for (const row of rows) {
    const tier = row.tier_id === null ? undefined : multiplied.get(row.tier_id);
    if (tier) out.set(row.customer_id, { multiplier: multiplierOf(tier), tier: tier.name });
  }
  return out;
}

/**
 * Released points count towards a tier as earned ones do: the members whose pending points became
 * available (an approval window passed, held points approved) are measured again in the release's
 * transaction, store by store.
 */
export async function remeasureReleased(trx: Executor, { releases }: { releases: LedgerEntry[] }, now: Date): Promise<void> {
  const byStore = new Map<number, number[]>();
  for (const release of releases) {
    if (release.lifetime_points <= 0) continue;
    const customerIds = byStore.get(release.store_id);
    if (customerIds) customerIds.push(release.customer_id);
    else byStore.set(release.store_id, [release.customer_id]);
  }
  for (const [storeId, customerIds] of byStore) await reevaluateTiers(trx, storeId, customerIds, now);
}

// tiers follow the ledger: wherever this area is loaded, a release measures its members again
onLedgerEvent('points.released', remeasureReleased);
