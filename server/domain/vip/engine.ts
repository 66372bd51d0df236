import { sql } from 'kysely';
import { queueEmails, type QueuedEmail } from '../emails/outbox.ts';
import { creditMany, inTransaction, type CreditInput, type Executor } from '../ledger/index.ts';
import type { TierPeriod } from '../schemas/vip.ts';
import { VipError, entryRewardOf, loadLadder, metricOf, periodKey, periodStart, tierFor, type Ladder, type TierWithPerks } from './ladder.ts';
import { storeFigures } from './figures.ts';
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
 * idempotency key) and the "Tier switch" email, all in the caller's transaction.
 */
async function recordChanges(trx: Executor, storeId: number, ladder: Ladder, changes: TierChange[], options: ChangeOptions, now: Date): Promise<void> {
  if (changes.length === 0) return;
  const activity = await trx
    .insertInto('vip_activity')
    .values(
      changes.map((change) => ({
        store_id: storeId,
        customer_id: change.customerId,
        from_tier_id: change.from?.id ?? null,
        to_tier_id: change.to?.id ?? null,
        from_name: change.from?.name ?? null,
        to_name: change.to?.name ?? null,
        direction: change.direction,
        cause: options.cause,
        reason: options.reason ?? null,
        metric: change.metric,
        created_at: now,
      })),
    )
    .returning(['id', 'customer_id'])
    .execute();
  // set-based: one UPDATE … FROM (VALUES …) each for the members' rows and the customers' tier names
  const moves = sql.join(changes.map((change) => sql`(${change.customerId}::bigint, ${change.to?.id ?? null}::bigint, ${change.to?.name ?? null}::text)`));
  await sql`update vip_members m set tier_id = v.tier_id, tier_since = ${now}, manual = ${options.manual ?? false}
    from (values ${moves}) as v(customer_id, tier_id, name)
    where m.store_id = ${storeId} and m.customer_id = v.customer_id`.execute(trx);
  await sql`update customers c set vip_tier = v.name
    from (values ${moves}) as v(customer_id, tier_id, name)
    where c.store_id = ${storeId} and c.id = v.customer_id`.execute(trx);
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
  await creditMany(trx, rewards, now);
  const customers = await trx
    .selectFrom('customers')
    .select(['id', 'email'])
    .where('store_id', '=', storeId)
    .where(
      'id',
      'in',
      changes.map((change) => change.customerId),
    )
    .where('deleted_at', 'is', null)
    .execute();
  const emailOf = new Map(customers.map((customer) => [customer.id, customer.email]));
  const activityOf = new Map(activity.map((row) => [row.customer_id, row.id]));
  const emails = changes.flatMap((change): QueuedEmail[] => {
    const to = emailOf.get(change.customerId);
    if (!to || !change.to) return [];
    return [
      {
        storeId,
        customerId: change.customerId,
        key: 'loyalty-tier-update',
        eventKey: `vip:${activityOf.get(change.customerId)}`,
        to,
        data: { tier_name: change.to.name, previous_tier_name: change.from?.name ?? 'no tier' },
      },
    ];
  });
  await queueEmails(trx, emails, now);
}

/**
 * Re-measures some customers of a store from their stored figures and moves them between tiers, inside the caller's
 * transaction (the ledger's or the order's): up as soon as a threshold is reached, down when the
 * store's fall-below policy and the period allow it. Does nothing when the store has no tiers.
 */
export async function reevaluateTiers(
  db: Executor,
  storeId: number,
  customerIds: number[],
  now: Date,
  cause: TierCause = 'earn',
  known?: Ladder,
): Promise<TierChange[]> {
  const ids = [...new Set(customerIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const ladder = known ?? (await loadLadder(db, storeId));
  if (ladder.tiers.length === 0 || !ladder.settings.enabled) return [];
  return inTransaction(db, async (trx) => {
    const members = await storeFigures(trx, storeId, ids, periodStart(ladder.settings.period, now), now);
    const memberOf = new Map(members.map((member) => [member.customer_id, member]));
    const changes: TierChange[] = [];
    for (const id of ids) {
      const member = memberOf.get(id);
      const metric = member ? metricOf(ladder.settings.basis, member) : 0;
      const current = ladder.tiers.find((tier) => tier.id === member?.tier_id) ?? null;
      const target = tierFor(ladder.tiers, metric);
      if (target?.id === current?.id) continue;
      const up = (target?.threshold ?? -1) > (current?.threshold ?? -1);
      if (!up && !mayDrop(member, ladder, cause, now)) continue;
      changes.push({ customerId: id, from: current, to: target, direction: up ? 'up' : 'down', metric });
    }
    await recordChanges(trx, storeId, ladder, changes, { cause }, now);
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

/** The tier multiplier of each customer (1 without a tier), for the order earn. */
export async function multipliersOf(db: Executor, storeId: number, customerIds: number[]): Promise<Map<number, { multiplier: number; tier: string }>> {
  const out = new Map<number, { multiplier: number; tier: string }>();
  if (customerIds.length === 0) return out;
  const rows = await db
    .selectFrom('vip_members as m')
    .innerJoin('vip_tiers as t', 't.id', 'm.tier_id')
    .innerJoin('vip_perks as p', (join) => join.onRef('p.tier_id', '=', 't.id').on('p.kind', '=', 'multiplier'))
    .select(['m.customer_id', 't.name', 'p.multiplier'])
    .where('m.store_id', '=', storeId)
    .where('m.customer_id', 'in', [...new Set(customerIds)])
    .execute();
  for (const row of rows) if (row.multiplier !== null) out.set(row.customer_id, { multiplier: Number(row.multiplier), tier: row.name });
  return out;
}
