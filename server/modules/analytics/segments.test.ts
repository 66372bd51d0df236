import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { toNumber } from '../../db/normalize.ts';
import { credit, debit } from '../../domain/ledger/index.ts';
import { referralFunnel, tierDistribution } from './charts.ts';
import { expiringPoints, expiryHorizon, outstandingLiability } from './liability.ts';
import { liveBuckets, liveExpiring, totalOf } from './live.ts';
import { metricsOf, periodBuckets, periodMetrics } from './metrics.ts';
import { periodOf, type Period } from './period.ts';
import { refreshRollups } from './rollups.ts';
import { segmentBalance } from './segments.ts';
import { memberFilter, type MemberFilter } from './sql.ts';

const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
const JUNE = periodOf('2025-06-01', '2025-06-30');
const YEAR = periodOf('2024-07-01', '2025-06-30');
/** When the liability's expiring points are counted: the members' batches expire later that day and over the next months. */
const NOW = at('2025-06-30');
const DAY_MS = 86_400_000;
const afterNow = (days: number) => new Date(NOW.getTime() + days * DAY_MS);

const FILTERS: MemberFilter[] = [
  { tag: 'vip' },
  { tag: 'wholesale' },
  { tier: 'Gold' },
  { tier: 'Silver' },
  { source: 'widget' },
  { source: 'import' },
  { channel: 'web' },
  { channel: 'pos' },
  { tag: 'vip', tier: 'Gold' },
  { tier: 'Gold', source: 'widget' },
  { tag: 'wholesale', channel: 'pos' },
  { tag: 'vip', source: 'import', channel: 'web' },
];

/**
 * Filtered figures read from the member segments equal the same figures computed live from the
 * entries, rewards, orders and points batches (live.ts), for every filter and period, after the
 * days were rolled up and again after rolled days changed: a member's tier, source or tags, a
 * first order through a channel, an order moved to another channel or deleted, an entry on a
 * rolled day, a spend from batches expiring on later days, a referral completed, a visit moved to
 * another referrer, an invitation deleted.
 */
describeEachDatabase('analytics: filtered figures from the member segments', (ctx) => {
  const storeId = () => ctx.fixture.storeA.id;
  const ids: Record<string, number> = {};
  let orderNo = 0;
  const order = (customer: string | null, total: number, day: string, channel: string | null, extra: { currency?: string; status?: string } = {}) => ({
    store_id: storeId(),
    customer_id: customer ? ids[customer]! : null,
    external_id: `seg-${++orderNo}`,
    total_minor: total,
    currency: extra.currency ?? 'USD',
    status: extra.status ?? 'paid',
    placed_at: at(day, 8 + (orderNo % 10)),
    channel,
  });
  const entry = (customer: string, id: string) => ({ storeId: storeId(), customerId: ids[customer]!, sourceType: 'test', sourceId: id, computation: id });

  /** Every figure the segments answer for `filter`, and the same from the sources. */
  async function compare(filter: MemberFilter, period: Period) {
    const db = ctx.db;
    const nonEmpty = (rows: { bucket: string }[]) =>
      Object.fromEntries(
        rows.filter((row) => Object.entries(row).some(([key, value]) => key !== 'bucket' && (value as unknown) !== 0)).map((row) => [row.bucket, row]),
      );
    const live = await liveBuckets(db, storeId(), period, 'USD', filter);
    expect(await periodMetrics(db, storeId(), period, filter), JSON.stringify(filter)).toEqual(metricsOf(totalOf(live)));
    expect(nonEmpty(await periodBuckets(db, storeId(), period, filter)), JSON.stringify(filter)).toEqual(nonEmpty(live));
    const tiers = await db
      .selectFrom('customers')
      .select([sql<string>`coalesce(vip_tier, 'No tier')`.as('tier'), sql<string>`count(*)`.as('members')])
      .where('store_id', '=', storeId())
      .where(memberFilter(storeId(), 'customers.id', filter))
      .groupBy('vip_tier')
      .execute();
    const distribution = (await tierDistribution(db, storeId(), filter)).filter((row) => row.members > 0);
    expect(Object.fromEntries(distribution.map((row) => [row.tier, row.members])), JSON.stringify(filter)).toEqual(
      Object.fromEntries(tiers.map((row) => [row.tier, toNumber(row.members)])),
    );
    const accounts = await db
      .selectFrom('points_accounts')
      .select([sql<string>`coalesce(sum(balance), 0)`.as('balance'), sql<string>`coalesce(sum(pending), 0)`.as('pending')])
      .where('store_id', '=', storeId())
      .where(memberFilter(storeId(), 'points_accounts.customer_id', filter))
      .executeTakeFirstOrThrow();
    expect(await segmentBalance(db, storeId(), filter), JSON.stringify(filter)).toEqual({
      balance: toNumber(accounts.balance),
      pending: toNumber(accounts.pending),
    });
  }

  /** The filter's points expiring within 90 days of `now` as the liability counts them (segments, today's batches), and from the batches. */
  async function compareExpiring(filter: MemberFilter, now: Date) {
    const live = await liveExpiring(ctx.db, storeId(), now, expiryHorizon(now), filter);
    expect(await expiringPoints(ctx.db, storeId(), now, expiryHorizon(now), filter), `${JSON.stringify(filter)} at ${now.toISOString()}`).toBe(live);
    const liability = await outstandingLiability(ctx.db, storeId(), now, filter);
    expect(liability.expiring_points_90d, JSON.stringify(filter)).toBe(Math.min(live, liability.outstanding_points));
  }

  async function compareAll() {
    await refreshRollups(ctx.db, { storeId: storeId() });
    for (const filter of FILTERS) {
      for (const period of [JUNE, YEAR]) await compare(filter, period);
      await compareExpiring(filter, NOW);
    }
  }

  /** The unspent points of one customer's batch expiring at `expiresAt`. */
  const remainingAt = async (customer: string, expiresAt: Date) => {
    const row = await ctx.db
      .selectFrom('points_batches')
      .select('remaining')
      .where('customer_id', '=', ids[customer]!)
      .where('expires_at', '=', expiresAt)
      .executeTakeFirstOrThrow();
    return toNumber(row.remaining);
  };

  beforeAll(async () => {
    const db = ctx.db;
    for (const [name, joined, tier, source, tags] of [
      ['a', '2025-06-02', 'Gold', 'widget', ['vip', 'wholesale']],
      ['b', '2025-06-03', null, 'import', ['vip']],
      ['c', '2025-05-20', 'Silver', 'widget', []],
      ['d', '2025-06-05', 'Gold', 'manual', ['wholesale']],
      ['e', '2025-06-10', null, 'manual', []],
    ] as const) {
      const row = await db
        .insertInto('customers')
        .values({
          store_id: storeId(),
          first_name: 'Seg',
          last_name: name,
          email: `seg-${name}@example.test`,
          vip_tier: tier,
          source,
          tags: JSON.stringify(tags),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[name] = row.id;
      await sql`update customers set created_at = ${at(joined)} where id = ${row.id}`.execute(db);
    }
    for (const [customer, points, day] of [
      ['a', 1000, '2025-06-03'],
      ['b', 400, '2025-06-04'],
      ['c', 250, '2025-05-21'],
      ['d', 600, '2025-06-06'],
      ['e', 150, '2025-06-11'],
    ] as const)
      await credit(db, { ...entry(customer, `seg-award-${customer}`), type: 'award', points }, at(day));
    const spent = await debit(db, { ...entry('a', 'seg-redeem-a'), type: 'redemption', points: 500 }, at('2025-06-08'));
    await db
      .insertInto('rewards')
      .values({
        store_id: storeId(),
        customer_id: ids.a!,
        entry_id: spent.entry.id,
        code: 'SEG-1',
        title: '$5 off',
        discount_type: 'fixed_amount',
        discount_value: 500,
        points_spent: 500,
      })
      .execute();
    await sql`update rewards set created_at = ${at('2025-06-08')}, used_at = ${at('2025-06-12')}, status = 'used' where code = 'SEG-1'`.execute(db);
    // batches expiring after NOW: later that day, within the 90 days, past them; on days with no other fact of their customer
    for (const [customer, points, day, expiresIn] of [
      ['a', 100, '2025-06-15', 5],
      ['b', 40, '2025-06-20', 10],
      ['b', 60, '2025-06-20', 40],
      ['c', 30, '2025-06-07', 89],
      ['c', 70, '2025-06-07', 95],
      ['d', 80, '2025-06-16', 0.25],
      ['d', 20, '2025-06-16', 60],
      ['e', 90, '2025-06-11', 20],
      ['e', 15, '2025-06-11', 200],
    ] as const)
      await credit(db, { ...entry(customer, `seg-expiring-${customer}-${expiresIn}`), type: 'award', points, expiresAt: afterNow(expiresIn) }, at(day));
    await db
      .insertInto('orders')
      .values([
        order('a', 5000, '2025-06-03', 'web'),
        order('a', 3000, '2025-06-09', 'pos'),
        order('a', 2000, '2025-06-15', 'web'),
        order('b', 4000, '2025-06-04', 'web'),
        order('b', 1500, '2025-06-20', null),
        order('c', 7000, '2025-05-22', 'pos'),
        order('c', 2500, '2025-06-07', 'pos'),
        order('d', 6000, '2025-06-06', 'pos', { status: 'refunded' }),
        order('d', 3500, '2025-06-16', null),
        order('e', 9900, '2025-06-11', 'web', { currency: 'AUD' }),
        order(null, 1200, '2025-06-07', 'web'),
        order(null, 800, '2025-06-08', 'pos'),
        order(null, 1100, '2025-06-08', null),
      ])
      .execute();
    // the referral funnel of each referrer: invitations, visits through their link, claimed coupons (referrals), completed ones;
    // e's on days with no other fact of hers
    const friend = (n: number) => `seg-friend-${n}@example.test`;
    await db
      .insertInto('referral_invites')
      .values(
        (
          [
            ['a', 1, '2025-06-05'],
            ['b', 2, '2025-06-12'],
            ['e', 3, '2025-06-22'],
            ['c', 4, '2025-05-25'],
            ['d', 5, '2025-06-18'],
          ] as const
        ).map(([referrer, n, day]) => ({ store_id: storeId(), referrer_id: ids[referrer]!, friend_email: friend(n), created_at: at(day) })),
      )
      .execute();
    await db
      .insertInto('referral_visits')
      .values(
        (
          [
            ['a', 'seg-v1', '2025-06-06'],
            ['b', 'seg-v2', '2025-06-13'],
            ['e', 'seg-v3', '2025-06-23'],
            ['c', 'seg-v4', '2025-05-26'],
          ] as const
        ).map(([referrer, visitor, day]) => ({
          store_id: storeId(),
          referrer_id: ids[referrer]!,
          visitor,
          created_at: at(day),
          expires_at: afterNow(30),
        })),
      )
      .execute();
    await db
      .insertInto('referrals')
      .values([
        { store_id: storeId(), referrer_id: ids.a!, friend_email: friend(1), state: 'completed', created_at: at('2025-06-07'), completed_at: at('2025-06-10') },
        { store_id: storeId(), referrer_id: ids.e!, friend_email: friend(3), state: 'pending', created_at: at('2025-06-24') },
        { store_id: storeId(), referrer_id: ids.d!, friend_email: friend(5), state: 'pending', created_at: at('2025-06-19') },
      ])
      .execute();
  });

  it('answers every filter as the live computation does, once the days are rolled up', async () => {
    await compareAll();
    // the comparison is not of empty figures
    expect(await periodMetrics(ctx.db, storeId(), JUNE, { tag: 'vip', tier: 'Gold' })).toMatchObject({
      members_joined: 1,
      member_orders: 3,
      repeat_rate: 2 / 3,
    });
    expect(await periodMetrics(ctx.db, storeId(), JUNE, { channel: 'web' })).toMatchObject({ members_joined: 3, member_orders: 3, guest_orders: 1 });
    expect(await expiringPoints(ctx.db, storeId(), NOW, expiryHorizon(NOW), { tag: 'vip' })).toBe(100 + 40 + 60); // a's and b's
    expect(referralFunnel(await periodBuckets(ctx.db, storeId(), JUNE, { tag: 'vip' }))).toEqual([2, 2, 1, 1]); // a's and b's
    expect(await expiringPoints(ctx.db, storeId(), NOW, expiryHorizon(NOW), { tier: 'Gold' })).toBe(100 + 80 + 20); // a's and d's, d's 80 later today
  });

  it('follows a member’s new tier, source and tags, a first order through a channel, a moved or deleted order, an entry on rolled days, a spend from batches expiring later and referrals', async () => {
    const db = ctx.db;
    await compareAll();
    await sql`update customers set vip_tier = 'Gold', tags = '["vip"]'::jsonb where id = ${ids.e}`.execute(db);
    await sql`update customers set source = 'import' where id = ${ids.c}`.execute(db);
    await sql`update customers set tags = '["vip"]'::jsonb where id = ${ids.d}`.execute(db);
    // d's first order through the web: d's whole history joins the web's members
    await db
      .insertInto('orders')
      .values(order('d', 1800, '2025-06-25', 'web'))
      .execute();
    await sql`update orders set channel = 'web' where store_id = ${storeId()} and customer_id = ${ids.c} and placed_at = ${at('2025-06-07', 8 + (7 % 10))}`.execute(
      db,
    );
    await db.deleteFrom('orders').where('store_id', '=', storeId()).where('customer_id', '=', ids.a!).where('channel', '=', 'pos').execute();
    await credit(db, { ...entry('b', 'seg-late-b'), type: 'award', points: 75 }, at('2025-06-04', 18));
    // b's redemption on a rolled day spends the batch expiring in ten days and part of the one in forty
    await debit(db, { ...entry('b', 'seg-redeem-b'), type: 'redemption', points: 50 }, at('2025-06-26'));
    expect([await remainingAt('b', afterNow(10)), await remainingAt('b', afterNow(40))]).toEqual([0, 50]);
    // d's referral completes; a's visitor comes back through b's link; c's invitation is deleted
    await sql`update referrals set state = 'completed', completed_at = ${at('2025-06-27')} where store_id = ${storeId()} and referrer_id = ${ids.d}`.execute(
      db,
    );
    await sql`update referral_visits set referrer_id = ${ids.b}, created_at = ${at('2025-06-28')} where store_id = ${storeId()} and visitor = 'seg-v1'`.execute(
      db,
    );
    await db.deleteFrom('referral_invites').where('store_id', '=', storeId()).where('referrer_id', '=', ids.c!).execute();
    await compareAll();
    expect(await periodMetrics(db, storeId(), JUNE, { tier: 'Gold' })).toMatchObject({ members_joined: 3 });
    // a's, b's (after the spend) and now d's and e's
    expect(await expiringPoints(db, storeId(), NOW, expiryHorizon(NOW), { tag: 'vip' })).toBe(100 + 50 + (80 + 20) + 90);
    expect(referralFunnel(await periodBuckets(db, storeId(), JUNE, { tag: 'vip' }))).toEqual([4, 3, 3, 2]); // a's, b's, d's, e's
    expect(await periodMetrics(db, storeId(), JUNE, { channel: 'pos' })).toMatchObject({ members_joined: 1, member_orders: 0 }); // d, by her refunded order
  });

  it('counts the points expiring within 90 days from the rolled-up expiry days and today’s batches, as the batches sum them', async () => {
    const db = ctx.db;
    const now = new Date('2026-03-01T12:00:00Z');
    const hours = (n: number) => new Date(now.getTime() + n * 3_600_000);
    const live = async () => {
      const row = await db
        .selectFrom('points_batches')
        .select(sql<string>`coalesce(sum(remaining), 0)`.as('points'))
        .where('store_id', '=', storeId())
        .where('remaining', '>', 0)
        .where('expires_at', '>', now)
        .where('expires_at', '<', new Date('2026-05-31T00:00:00Z')) // the end of the 90th day
        .executeTakeFirstOrThrow();
      return toNumber(row.points);
    };
    const rolled = async () => {
      await refreshRollups(db, { storeId: storeId() });
      return (await outstandingLiability(db, storeId(), now, null)).expiring_points_90d;
    };
    // expiring later today, in ten and forty-five days, on the ninetieth day before and after now's time, past it
    for (const [n, offset] of [1, 2, 240, 1080, 90 * 24 - 1, 90 * 24 + 1, 100 * 24].entries())
      await credit(db, { ...entry('e', `seg-expiring-${n}`), type: 'award', points: 10 * (n + 1), expiresAt: hours(offset) }, now);
    expect(await rolled()).toBe(await live());
    expect(await live()).toBe(10 + 20 + 30 + 40 + 50 + 60);
    // a redemption spends the earliest batches first: today's, then part of the tenth day's
    await debit(db, { ...entry('e', 'seg-expiring-spend'), type: 'redemption', points: 40 }, now);
    expect(await rolled()).toBe(await live());
    // and so do the filters' segments
    for (const filter of FILTERS) await compareExpiring(filter, now);
  });
});
