/**
 * Incremental lift from the holdout group: the customers who joined in the period, members
 * against the holdout (kept out of the program), compared on repeat rate (the share with two
 * orders or more in the period) and spend per customer (revenue of their orders in the period),
 * each difference with its 95 % confidence interval (normal approximation; Welch's standard error
 * for spend). Computed by one SQL aggregate over at most LIFT_SAMPLE customers of each group: a
 * larger group is represented by a simple random sample of it (the first LIFT_SAMPLE in a fixed
 * random order), which the interval, computed from the sample, accounts for, and
 * the message says; each group's `customers` is still everyone who joined, `compared` the sample. With fewer than MIN_GROUP customers in a group the answer says the sample is
 * too small and gives no interval. Orders in the store's currency only.
 */
import { sql } from 'kysely';
import { toNumber } from '../../db/normalize.ts';
import type { Executor } from '../../domain/ledger/index.ts';
import type { Period } from './period.ts';
import { REVENUE_STATUSES } from './sql.ts';

/** Customers each group needs before a difference is reported. */
export const MIN_GROUP = 30;
/** The most customers of a group compared: a larger group is sampled (its repeat rate, near 50 %, then within ±2.2 points, 95 %). */
export const LIFT_SAMPLE = 2000;
const Z95 = 1.959964;

export interface GroupFigures {
  /** every customer of the group who joined in the period */
  customers: number;
  /** the customers compared: all of them, or the random sample of a larger group */
  compared: number;
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
  /** customers compared (the sample's when sampled) */
  customers: number;
  /** every customer of the group who joined in the period (the compared ones when not said) */
  joined?: number;
  /** true when the group had more customers than were compared */
  sampled?: boolean;
  repeaters: number;
  mean_spend: number;
  var_spend: number;
}

const count = (value: number) => value.toLocaleString('en-US');
const interval = (lift: number, standardError: number): Difference => ({ lift, low: lift - Z95 * standardError, high: lift + Z95 * standardError });

/** The lift figures from each group's count, repeaters, mean and sample variance of spend (pure: the tests check it by hand). */
export function liftOf(members: GroupRow | undefined, holdout: GroupRow | undefined): Lift {
  const figures = (row: GroupRow | undefined): GroupFigures => ({
    customers: row?.joined ?? row?.customers ?? 0,
    compared: row?.customers ?? 0,
    repeat_rate: row && row.customers > 0 ? row.repeaters / row.customers : null,
    spend_per_customer_minor: row && row.customers > 0 ? row.mean_spend : null,
  });
  const m = figures(members);
  const h = figures(holdout);
  if (!members || !holdout || m.compared < MIN_GROUP || h.compared < MIN_GROUP) {
    const message =
      h.customers === 0
        ? 'No holdout group in this period: set a holdout share in the program settings to measure the lift on new customers.'
        : `Sample too small: ${m.customers} members and ${h.customers} holdout customers joined in this period; each group needs at least ${MIN_GROUP} before the lift means anything.`;
    return { members: m, holdout: h, sufficient: false, message, repeat_rate: null, spend_per_customer_minor: null };
  }
  const pm = m.repeat_rate!;
  const ph = h.repeat_rate!;
  const repeatSe = Math.sqrt((pm * (1 - pm)) / m.compared + (ph * (1 - ph)) / h.compared);
  const spendSe = Math.sqrt(members.var_spend / m.compared + holdout.var_spend / h.compared);
  const repeat = interval(pm - ph, repeatSe);
  const spend = interval(members.mean_spend - holdout.mean_spend, spendSe);
  const significant = repeat.low > 0 || spend.low > 0;
  const verdict = significant
    ? 'Members repeat or spend more than the holdout group, beyond chance (95 % confidence).'
    : 'The difference between members and the holdout group is within chance (95 % confidence): keep measuring.';
  const sampled = [
    members.sampled ? `${count(m.compared)} of the ${count(m.customers)} members` : null,
    holdout.sampled ? `${count(h.compared)} of the ${count(h.customers)} holdout customers` : null,
  ].filter(Boolean);
  const message =
    sampled.length === 0
      ? verdict
      : `Based on a random sample of ${sampled.join(' and ')} who joined in this period (the interval allows for the sampling). ${verdict}`;
  return { members: m, holdout: h, sufficient: true, message, repeat_rate: repeat, spend_per_customer_minor: spend };
}

/** The lift of the customers who joined in the period (members in the program vs the holdout group), at most `sample` of each group compared. */
export async function holdoutLift(db: Executor, storeId: number, period: Period, currency: string, sample = LIFT_SAMPLE): Promise<Lift> {
  // each group's first sample + 1 in the index's random order (the index's condition: members in the program, the holdout
  // whatever their status), read from the index alone; the one past the sample says the group was sampled
  const joinedInPeriod = sql`store_id = ${storeId} and deleted_at is null and (holdout or program_status = 'member')
    and created_at >= ${period.start} and created_at < ${period.end}`;
  const group = (holdout: boolean) => sql`(
    select id, holdout, row_number() over (order by hashint8(id), id) as n from customers
    where ${joinedInPeriod} and holdout = ${holdout}
    order by hashint8(id), id limit ${sample + 1})`;
  const { rows } = await sql<Record<keyof GroupRow, unknown>>`
    with cohort as (${group(false)} union all ${group(true)}),
    per as (
      select c.holdout, c.n, o.orders, o.spend from cohort c
      cross join lateral (
        select count(*) as orders, coalesce(sum(o.total_minor), 0) as spend from orders o
        where o.store_id = ${storeId} and o.customer_id = c.id and o.placed_at >= ${period.start} and o.placed_at < ${period.end}
          and o.status in (${sql.join(REVENUE_STATUSES)}) and o.currency = ${currency}) o
    )
    select holdout, count(*) filter (where n <= ${sample}) as customers, count(*) filter (where n <= ${sample} and orders >= 2) as repeaters,
      (avg(spend) filter (where n <= ${sample}))::float8 as mean_spend, coalesce(var_samp(spend) filter (where n <= ${sample}), 0)::float8 as var_spend,
      max(n) > ${sample} as sampled
    from per group by holdout`.execute(db);
  const groups = rows.map((row): GroupRow => ({
    holdout: row.holdout === true,
    customers: toNumber(row.customers),
    repeaters: toNumber(row.repeaters),
    mean_spend: Number(row.mean_spend),
    var_spend: Number(row.var_spend),
    sampled: row.sampled === true,
  }));
  // the whole groups' sizes (the comparison reads at most `sample` of each)
  const joined = await sql<{ holdout: boolean; joined: unknown }>`
    select holdout, count(*) as joined from customers where ${joinedInPeriod} group by holdout`.execute(db);
  for (const row of groups) row.joined = toNumber(joined.rows.find((found) => found.holdout === row.holdout)?.joined ?? row.customers);
  return liftOf(
    groups.find((row) => !row.holdout),
    groups.find((row) => row.holdout),
  );
}
