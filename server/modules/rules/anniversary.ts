import { sql } from 'kysely';
import { queueMemberEmail } from '../emails/index.ts';
import { inTransaction, type Executor } from '../../domain/ledger/index.ts';
import { claimAction } from './actions.ts';
import { RedeemError } from './errors.ts';
import type { EarningRule } from './tables.ts';

const DAY = 86_400_000;
/** A missed anniversary (the job was down) is still rewarded this many days after it. */
const ANNIVERSARY_GRACE_DAYS = 7;

const startOfDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
/** month × 100 + day (UTC), e.g. 301 for 1 March */
const monthDay = (date: Date) => (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
/** The same of a customer's creation, as `customers_join_day_idx` indexes it. */
const JOIN_DAY = sql<number>`(extract(month from created_at at time zone 'UTC') * 100 + extract(day from created_at at time zone 'UTC'))::integer`;

/**
 * The anniversary of joining (a whole number of years after `joinedAt`, by UTC calendar date)
 * that falls between `from` and `now`, or null. Someone who joined on 29 February celebrates on
 * 1 March in other years.
 */
export function anniversaryBetween(joinedAt: Date, from: Date, now: Date): Date | null {
  for (let year = now.getUTCFullYear(); year >= from.getUTCFullYear() && year > joinedAt.getUTCFullYear(); year -= 1) {
    const at = new Date(Date.UTC(year, joinedAt.getUTCMonth(), joinedAt.getUTCDate()));
    if (at.getTime() >= from.getTime() && at.getTime() <= now.getTime()) return at;
  }
  return null;
}

/** Month-days on which people who have an anniversary between `from` and `now` joined. */
function joinMonthDays(from: Date, now: Date): number[] {
  const days = new Set<number>();
  for (let day = startOfDay(from); day.getTime() <= now.getTime(); day = new Date(day.getTime() + DAY)) {
    days.add(monthDay(day));
    // 1 March of a common year is the anniversary of those who joined on 29 February
    if (monthDay(day) === 301) days.add(229);
  }
  return [...days];
}

async function awardRule(db: Executor, rule: EarningRule, now: Date): Promise<number> {
  // never before the rule existed (creating it does not pay out the past year), at most the grace period back
  const from = new Date(Math.max(startOfDay(rule.created_at).getTime(), startOfDay(now).getTime() - ANNIVERSARY_GRACE_DAYS * DAY));
  const customers = await db
    .selectFrom('customers')
    .select(['id', 'created_at'])
    .where('store_id', '=', rule.store_id)
    .where(JOIN_DAY, 'in', joinMonthDays(from, now))
    .orderBy('id')
    .execute();
  const due = customers.flatMap((customer) => {
    const at = anniversaryBetween(customer.created_at, from, now);
    return at ? [{ customerId: customer.id, year: at.getUTCFullYear(), joined: customer.created_at }] : [];
  });
  if (due.length === 0) return 0;
  const claimed = new Set(
    (
      await db
        .selectFrom('ledger_entries')
        .select('source_id')
        .where('store_id', '=', rule.store_id)
        .where('source_type', '=', 'action')
        .where('rule_key', '=', `earn:${rule.id}`)
        .where(
          'customer_id',
          'in',
          due.map((item) => item.customerId),
        )
        .execute()
    ).map((entry) => entry.source_id),
  );
  let awarded = 0;
  for (const item of due) {
    const claimKey = `anniversary:${item.year}`;
    if (claimed.has(`${item.customerId}:${claimKey}`) || (rule.limit_type === 'once' && claimed.has(`${item.customerId}:once`))) continue;
    const years = item.year - item.joined.getUTCFullYear();
    try {
      const duplicate = await inTransaction(db, async (trx) => {
        const claim = await claimAction(
          trx,
          {
            storeId: rule.store_id,
            customerId: item.customerId,
            type: 'anniversary',
            ruleId: rule.id,
            claimKey,
            detail: `${years} year${years === 1 ? '' : 's'} since joining on ${item.joined.toISOString().slice(0, 10)}`,
          },
          now,
        );
        // the "Anniversary" email beside its reward (pending rewards mail on release like any earn)
        if (!claim.duplicate && claim.entry.points > 0) {
          const data = { points_earned: { count: claim.entry.points } };
          await queueMemberEmail(
            trx,
            { storeId: rule.store_id, customerId: item.customerId, key: 'anniversary', eventKey: `ledger:${claim.entry.id}`, data },
            now,
          );
        }
        return claim.duplicate;
      });
      if (!duplicate) awarded += 1;
    } catch (error) {
      // the rule's limits (a total, once every N days) or a rule switched off meanwhile: no reward this year
      if (!(error instanceof RedeemError)) throw error;
    }
  }
  return awarded;
}

/**
 * Rewards every member whose anniversary of joining (the customer's creation date) has come,
 * under each active `anniversary` earning rule. Claimed once per member, rule and year, so reruns
 * (and two processes at once) never credit twice. Returns how many rewards were given.
 */
export async function awardAnniversaries(db: Executor, now: Date): Promise<number> {
  const rules = await db.selectFrom('earning_rules').selectAll().where('type', '=', 'anniversary').where('status', '=', 'active').orderBy('id').execute();
  let awarded = 0;
  for (const rule of rules) awarded += await awardRule(db, rule, now);
  return awarded;
}
