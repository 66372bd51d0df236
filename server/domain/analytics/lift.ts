/**
 * Incremental lift from the holdout group: the customers who joined in the period, members
 * against the holdout (kept out of the program), compared on repeat rate (the share with two
 * orders or more in the period) and spend per customer (revenue of their orders in the period),
 * each difference with its 95 % confidence interval (normal approximation; Welch's standard error
 * for spend). Computed by one SQL aggregate; with fewer than MIN_GROUP customers in a group the
 * answer says the sample is too small and gives no interval. Orders in the store's currency only.
 */
import { sql } from 'kysely';
import { toNumber } from '../../db/normalize.ts';
import type { Executor } from '../ledger/index.ts';
import type { Period } from './period.ts';
import { REVENUE_STATUSES } from './sql.ts';

/** Customers each group needs before a difference is reported. */
export const MIN_GROUP = 30;
const Z95 = 1.959964;

export interface GroupFigures {
  customers: number;
  repeat_rate: number | null;
  /** mean revenue per customer in the period, minor units */
  spend_per_customer_minor: number | null;
}

export interface Difference {
  /** members minus holdout */
  lift: number;
  low: number;
  high: number;
}

export interface Lift {
  members: GroupFigures;
  holdout: GroupFigures;
  /** false when a group has fewer than MIN_GROUP customers: the differences are then null */
  sufficient: boolean;
  message: string;
  repeat_rate: Difference | null;
  spend_per_customer_minor: Difference | null;
}

interface GroupRow {
  holdout: boolean;
  customers: number;
  repeaters: number;
  mean_spend: number;
  var_spend: number;
}

const interval = (lift: number, standardError: number): Difference => ({ lift, low: lift - Z95 * standardError, high: lift + Z95 * standardError });

/** The lift figures from each group's count, repeaters, mean and sample variance of spend (pure: the tests check it by hand). */
export function liftOf(members: GroupRow | undefined, holdout: GroupRow | undefined): Lift {
  const figures = (row: GroupRow | undefined): GroupFigures => ({
    customers: row?.customers ?? 0,
    repeat_rate: row && row.customers > 0 ? row.repeaters / row.customers : null,
    spend_per_customer_minor: row && row.customers > 0 ? row.mean_spend : null,
  });
  const m = figures(members);
  const h = figures(holdout);
  if (!members || !holdout || m.customers < MIN_GROUP || h.customers < MIN_GROUP) {
    const message =
      h.customers === 0
        ? 'No holdout group in this period: set a holdout share in the program settings to measure the lift on new customers.'
        : `Sample too small: ${m.customers} members and ${h.customers} holdout customers joined in this period; each group needs at least ${MIN_GROUP} before the lift means anything.`;
    return { members: m, holdout: h, sufficient: false, message, repeat_rate: null, spend_per_customer_minor: null };
  }
  const pm = m.repeat_rate!;
  const ph = h.repeat_rate!;
  const repeatSe = Math.sqrt((pm * (1 - pm)) / m.customers + (ph * (1 - ph)) / h.customers);
  const spendSe = Math.sqrt(members.var_spend / m.customers + holdout.var_spend / h.customers);
  const repeat = interval(pm - ph, repeatSe);
  const spend = interval(members.mean_spend - holdout.mean_spend, spendSe);
  const significant = repeat.low > 0 || spend.low > 0;
  const message = significant
    ? 'Members repeat or spend more than the holdout group, beyond chance (95 % confidence).'
    : 'The difference between members and the holdout group is within chance (95 % confidence): keep measuring.';
  return { members: m, holdout: h, sufficient: true, message, repeat_rate: repeat, spend_per_customer_minor: spend };
}

/** The lift of the customers who joined in the period (members in the program vs the holdout group). */
export async function holdoutLift(db: Executor, storeId: number, period: Period, currency: string): Promise<Lift> {
  const { rows } = await sql<Record<keyof GroupRow, unknown>>`
    with cohort as (
      select id, holdout from customers
      where store_id = ${storeId} and created_at >= ${period.start} and created_at < ${period.end}
        and deleted_at is null and (holdout or program_status = 'member')
    ), per as (
      select c.holdout, count(o.id) as orders, coalesce(sum(o.total_minor), 0) as spend
      from cohort c
      left join orders o on o.store_id = ${storeId} and o.customer_id = c.id
        and o.placed_at >= ${period.start} and o.placed_at < ${period.end} and o.status in (${sql.join(REVENUE_STATUSES)}) and o.currency = ${currency}
      group by c.id, c.holdout
    )
    select holdout, count(*) as customers, count(*) filter (where orders >= 2) as repeaters,
      avg(spend)::float8 as mean_spend, coalesce(var_samp(spend), 0)::float8 as var_spend
    from per group by holdout`.execute(db);
  const groups = rows.map((row): GroupRow => ({
    holdout: row.holdout === true,
    customers: toNumber(row.customers),
    repeaters: toNumber(row.repeaters),
    mean_spend: Number(row.mean_spend),
    var_spend: Number(row.var_spend),
  }));
  return liftOf(
    groups.find((row) => !row.holdout),
    groups.find((row) => row.holdout),
  );
}
