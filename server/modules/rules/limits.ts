import type { Executor } from '../../domain/ledger/index.ts';
import type { EarningRule } from './tables.ts';

const DAY = 86_400_000;

/** Why a customer may not earn from this rule now, or null when they may (checked under the account lock). */
export async function limitRefusal(db: Executor, rule: EarningRule, customerId: number, now: Date): Promise<string | null> {
  if (rule.limit_type === 'unlimited') return null;
  const earned = await db
    .selectFrom('ledger_entries')
    .select((eb) => [eb.fn.countAll<number>().as('times'), eb.fn.max('created_at').as('last')])
    .where('store_id', '=', rule.store_id)
    .where('customer_id', '=', customerId)
    .where('rule_key', '=', `earn:${rule.id}`)
    .where('type', 'in', ['order_earn', 'action_earn'])
    .executeTakeFirstOrThrow();
  const times = Number(earned.times);
  if (rule.limit_type === 'once' && times >= 1) return 'This reward can be earned once.';
  if (rule.limit_type === 'total' && times >= (rule.limit_total ?? Infinity)) return `This reward can be earned ${rule.limit_total} times.`;
  if (rule.limit_type === 'per_days' && earned.last) {
    const last = new Date(earned.last as Date | string).getTime();
    if (now.getTime() - last < (rule.limit_days ?? 0) * DAY) return `This reward can be earned once every ${rule.limit_days} days.`;
  }
  return null;
}
