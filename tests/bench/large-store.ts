/**
 * A large store for the scale benches, written with set-based SQL (seeding a million customers
 * through the domain would take hours): customers over two years (every tenth tagged `vip`, every
 * seventh in the `gold` tier, four sources, a fifth guests or excluded), four
 * orders per customer on average plus guest orders over the last year, a sign-up and an earn per
 * order in the ledger, a redemption and its reward for every eighth customer (most used), open
 * points batches (a share expiring within 90 days) and the cached accounts as the entries sum them.
 * `verifyLedger` holds on it.
 */
import { sql } from 'kysely';
import type { Db } from '../../server/db/connection.ts';
import { redeemRuleBody } from '../../server/contract/redeem.ts';
import { createRedeemRule } from '../../server/modules/rules/index.ts';

export interface LargeStore {
  storeId: number;
  customers: number;
  orders: number;
  entries: number;
}

export async function seedLargeStore(db: Db, customers: number, now: Date): Promise<LargeStore> {
  const store = await db
    .insertInto('stores')
    .values({
      title: 'Large store',
      platform: 'shopify',
      store_name: `large-${now.getTime()}`,
      domain: null,
      website: null,
      hmac_secret: null,
      access_token: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const s = store.id;
  await createRedeemRule(db, s, redeemRuleBody.parse({ type: 'fixed_amount', title: '$5 off', points_cost: 500, discount_value: 500 }), now);
  const run = (query: ReturnType<typeof sql>) => query.execute(db);
  // the customer list's columns vary as a real store's: four sources, a fifth guests or excluded, a seventh in the gold tier
  await run(sql`insert into customers (store_id, external_id, first_name, last_name, email, tags, source, program_status, vip_tier, referral_count, created_at)
    select ${s}, 'x' || g, 'First' || g, 'Last' || (g % 5000), 'c' || g || '@bench.test',
      case when g % 10 = 3 then '["vip"]'::jsonb else '[]'::jsonb end,
      (array['order','widget','import','manual'])[1 + g % 4], (array['member','member','member','guest','excluded'])[1 + g % 5],
      case when g % 7 = 0 then 'gold' end, g % 4,
      ${now}::timestamptz - (g % 730) * interval '1 day' - (g % 1440) * interval '1 minute'
    from generate_series(1, ${customers}) g`);
  const first = await db
    .selectFrom('customers')
    .select((eb) => eb.fn.min('id').as('id'))
    .where('store_id', '=', s)
    .executeTakeFirstOrThrow();
  const base = Number(first.id);
  // four orders per customer on average (0 to 8), placed after they joined; a guest order for every fourth customer
  await run(sql`insert into orders (store_id, customer_id, external_id, total_minor, currency, status, placed_at)
    select ${s}, ${base} + c.g - 1, 'o' || c.g || '-' || n, 1000 + (c.g::bigint * 7919 + n * 104729) % 20000, 'USD',
      case when (c.g + n) % 25 = 0 then 'refunded' else 'paid' end,
      ${now}::timestamptz - ((c.g + n * 37) % greatest(1, c.g % 730)) * interval '1 day'
    from generate_series(1, ${customers}) c(g), generate_series(1, 8) n where n <= c.g % 9`);
  await run(sql`insert into orders (store_id, customer_id, external_id, total_minor, currency, status, placed_at)
    select ${s}, null, 'g' || g, 900 + (g::bigint * 6113) % 18000, 'USD', 'paid', ${now}::timestamptz - (g % 365) * interval '1 day'
    from generate_series(1, ${Math.round(customers / 4)}) g`);
  await run(sql`insert into ledger_entries (store_id, customer_id, type, points, lifetime_points, source_type, source_id, computation, created_at)
    select ${s}, id, 'action_earn', 50, 50, 'action', id || ':once', 'Sign up: 50 points', created_at from customers where store_id = ${s}`);
  await run(sql`insert into ledger_entries (store_id, customer_id, type, points, lifetime_points, source_type, source_id, computation, created_at)
    select ${s}, customer_id, 'order_earn', total_minor / 100, total_minor / 100, 'order', external_id, 'order ' || external_id, placed_at
    from orders where store_id = ${s} and customer_id is not null`);
  await run(sql`insert into ledger_entries (store_id, customer_id, type, points, lifetime_points, source_type, source_id, computation, created_at)
    select ${s}, id, 'redemption', -50, 0, 'redemption', 'r' || id, 'redeemed 50 points', created_at + interval '3 days'
    from customers where store_id = ${s} and id % 8 = 0`);
  await run(sql`insert into rewards (store_id, customer_id, entry_id, code, title, discount_type, discount_value, points_spent, status, used_at, created_at, updated_at)
    select ${s}, customer_id, id, 'C' || id, '$5 off', 'fixed_amount', 500, 50, case when id % 5 < 3 then 'used' else 'active' end,
      case when id % 5 < 3 then created_at + interval '2 days' end, created_at, created_at
    from ledger_entries where store_id = ${s} and type = 'redemption'`);
  await run(sql`insert into points_batches (store_id, customer_id, entry_id, points, remaining, expires_at, created_at)
    select ${s}, customer_id, id, points, points, case when id % 3 = 0 then ${now}::timestamptz + (id % 120) * interval '1 day' end, created_at
    from ledger_entries where store_id = ${s} and type = 'order_earn'`);
  await run(sql`insert into points_accounts (store_id, customer_id, balance, pending, lifetime)
    select ${s}, customer_id, sum(points), 0, sum(lifetime_points) from ledger_entries where store_id = ${s} group by customer_id`);
  await run(sql`analyze`);
  const count = async (table: 'orders' | 'ledger_entries') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('store_id', '=', s)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { storeId: s, customers, orders: await count('orders'), entries: await count('ledger_entries') };
}
