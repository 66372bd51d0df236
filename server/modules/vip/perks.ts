import { sql } from 'kysely';
import { queueBirthdayBonusEmails } from '../emails/index.ts';
import { creditMany, inTransaction, type CreditInput, type Executor } from '../../domain/ledger/index.ts';

const DAY = 86_400_000;
/** A birthday missed by the job (it was down) is still given this many days after it. */
const BIRTHDAY_GRACE_DAYS = 7;
const CHUNK = 500;

const startOfDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
const monthDay = (date: Date) => (date.getUTCMonth() + 1) * 100 + date.getUTCDate();

/** Month-days (month × 100 + day) from `from` to `now`; someone born on 29 February celebrates on 1 March in common years. */
function monthDaysBetween(from: Date, now: Date): number[] {
  const days = new Set<number>();
  for (let day = startOfDay(from); day.getTime() <= now.getTime(); day = new Date(day.getTime() + DAY)) {
    days.add(monthDay(day));
    if (monthDay(day) === 301) days.add(229);
  }
  return [...days];
}

/** This year's (or, early in January, last year's) birthday between `from` and `now`, or null. */
function birthdayBetween(month: number, day: number, from: Date, now: Date): Date | null {
  for (const year of [now.getUTCFullYear(), now.getUTCFullYear() - 1]) {
    // Date.UTC rolls 29 February of a common year over to 1 March
    const at = new Date(Date.UTC(year, month - 1, day));
    if (at.getTime() >= startOfDay(from).getTime() && at.getTime() <= now.getTime()) return at;
  }
  return null;
}

/**
 * The maintenance job's birthday step for VIP tiers: every member of a tier with a birthday bonus
 * perk whose birthday came (within a short grace period) gets the perk's points — once per member
 * and year, whatever their tier (the ledger's source key `vip_birthday`/customer/year), so reruns
 * and two processes at once credit it once — with the "Birthday" email in the same transaction
 * (sent unless the store switched that email off or the member unsubscribed). Returns how many
 * bonuses were given.
 */
export async function awardTierBirthdays(db: Executor, now: Date): Promise<number> {
  const from = new Date(startOfDay(now).getTime() - BIRTHDAY_GRACE_DAYS * DAY);
  const born = sql<number>`(extract(month from c.birthday) * 100 + extract(day from c.birthday))::integer`;
  const rows = await db
    .selectFrom('vip_perks as p')
    .innerJoin('vip_tiers as t', 't.id', 'p.tier_id')
    .innerJoin('vip_members as m', (join) => join.onRef('m.store_id', '=', 'p.store_id').onRef('m.tier_id', '=', 'p.tier_id'))
    .innerJoin('customers as c', 'c.id', 'm.customer_id')
    .leftJoin('vip_settings as s', 's.store_id', 'p.store_id')
    .select([
      'p.store_id',
      'm.customer_id',
      'p.points',
      't.name',
      sql<number>`extract(month from c.birthday)::integer`.as('month'),
      sql<number>`extract(day from c.birthday)::integer`.as('day'),
    ])
    .where('p.kind', '=', 'birthday_bonus')
    .where('p.points', 'is not', null)
    .where((eb) => eb.or([eb('s.enabled', 'is', null), eb('s.enabled', '=', true)]))
    .where('c.deleted_at', 'is', null)
    .where('c.birthday', 'is not', null)
    .where(born, 'in', monthDaysBetween(from, now))
    .orderBy('m.customer_id')
    .execute();
  const inputs = rows.flatMap((row): CreditInput[] => {
    const at = birthdayBetween(Number(row.month), Number(row.day), from, now);
    if (!at || !row.points) return [];
    const year = at.getUTCFullYear();
    return [
      {
        storeId: row.store_id,
        customerId: row.customer_id,
        type: 'tier_reward',
        points: row.points,
        sourceType: 'vip_birthday',
        sourceId: String(row.customer_id),
        ruleKey: String(year),
        computation: `${row.name} birthday bonus ${year}: ${row.points} point${row.points === 1 ? '' : 's'}`,
        metadata: { year, tier: row.name },
      },
    ];
  });
  let given = 0;
  for (let start = 0; start < inputs.length; start += CHUNK)
    given += await inTransaction(db, async (trx) => {
      const { inserted } = await creditMany(trx, inputs.slice(start, start + CHUNK), now);
      // the "Birthday" email beside each bonus given now (a bonus given before is not in `inserted`)
      await queueBirthdayBonusEmails(trx, inserted, now);
      return inserted.length;
    });
  return given;
}

export interface ExclusiveRedeem {
  tierIds: Set<number>;
  /** the tiers' names, lowest first, for the refusal */
  names: string[];
}

/** The store's ways to redeem kept for some tiers (exclusive_redeem perks): rule id → those tiers. */
export async function exclusiveRedeems(db: Executor, storeId: number): Promise<Map<number, ExclusiveRedeem>> {
  const rows = await db
    .selectFrom('vip_perks as p')
    .innerJoin('vip_tiers as t', 't.id', 'p.tier_id')
    .select(['p.redeem_rule_id', 't.id', 't.name'])
    .where('p.store_id', '=', storeId)
    .where('p.kind', '=', 'exclusive_redeem')
    .where('p.redeem_rule_id', 'is not', null)
    .orderBy('t.threshold')
    .execute();
  const out = new Map<number, ExclusiveRedeem>();
  for (const row of rows) {
    const ruleId = Number(row.redeem_rule_id);
    const own = out.get(ruleId) ?? { tierIds: new Set<number>(), names: [] };
    own.tierIds.add(row.id);
    if (!own.names.includes(row.name)) own.names.push(row.name);
    out.set(ruleId, own);
  }
  return out;
}

/** The customer's tier (none: null). */
export async function tierIdOf(db: Executor, storeId: number, customerId: number): Promise<number | null> {
  const row = await db.selectFrom('vip_members').select('tier_id').where('store_id', '=', storeId).where('customer_id', '=', customerId).executeTakeFirst();
  return row?.tier_id ?? null;
}

const orList = (names: string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`);

/** Why this customer may not use this way to redeem (it is kept for tiers they are not in), or null. */
export async function exclusiveRefusal(db: Executor, storeId: number, customerId: number, ruleId: number): Promise<string | null> {
  const exclusive = (await exclusiveRedeems(db, storeId)).get(ruleId);
  if (!exclusive) return null;
  const tierId = await tierIdOf(db, storeId, customerId);
  if (tierId !== null && exclusive.tierIds.has(tierId)) return null;
  return `This reward is for ${orList(exclusive.names)} members only.`;
}

/** Whether a shopper (a member's tier, or a visitor: undefined) sees a way to redeem. */
export const seesRedeem = (exclusives: Map<number, ExclusiveRedeem>, ruleId: number, tierId: number | null): boolean => {
  const exclusive = exclusives.get(ruleId);
  return !exclusive || (tierId !== null && exclusive.tierIds.has(tierId));
};
