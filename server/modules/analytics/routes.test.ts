import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';
import type { ChartsAnswer, MetricsAnswer } from './contract/analytics.ts';
import { credit, debit } from '../../domain/ledger/index.ts';
import { newCustomer } from '../../domain/ledger/testing.ts';
import { storeTier } from '../../modules/vip/index.ts';
import { channelOf } from '../../domain/schemas/normalized-order.ts';
import { applyOrderEvents } from '../../modules/orders/index.ts';
import { paidOrder } from '../../../tests/helpers/orders.ts';
import { maintainLedger } from '../../jobs/ledger-maintenance.ts';

const JUNE = { from: '2025-06-01', to: '2025-06-30' };
const at = (day: string) => new Date(`${day}T12:00:00Z`);

describeEachDatabase('analytics', (ctx) => {
  const call = async (storeId: number, url: string, payload?: object) => {
    const owner = storeId === ctx.fixture.storeB.id ? ctx.fixture.users.bob : ctx.fixture.users.alice;
    const { headers } = await signInOnStore(ctx.app, owner, ctx.fixture.password, storeId);
    return ctx.app.inject({ method: 'POST', url: `/data/v1/analytics/${url}`, headers, ...(payload ? { payload } : {}) });
  };
  const answer = async <T>(url: string, payload: object, storeId = ctx.fixture.storeA.id): Promise<T> => {
    const response = await call(storeId, url, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const ids: Record<string, number> = {};

  // a small history, each figure computable by hand: three members, two guests, June 2025 against May
  beforeAll(async () => {
    const db = ctx.app.db;
    const storeId = ctx.fixture.storeA.id;
    for (const [name, joined, tags] of [
      ['c1', '2025-06-03', ['vip']],
      ['c2', '2025-06-20', []],
      ['c3', '2025-05-15', ['vip']],
    ] as const) {
      ids[name] = await newCustomer(db, storeId, 'analytics');
      await sql`update customers set created_at = ${at(joined)}, tags = ${JSON.stringify(tags)}::jsonb where id = ${ids[name]}`.execute(db);
    }
    const entry = (id: string, customer: string) => ({ storeId, sourceType: 'test', sourceId: id, customerId: ids[customer]!, computation: id });
    await credit(db, { ...entry('c1-award', 'c1'), type: 'award', points: 1000 }, at('2025-06-05'));
    await credit(db, { ...entry('c2-award', 'c2'), type: 'award', points: 200 }, at('2025-06-21'));
    const expiresSoon = new Date(ctx.clock.now().getTime() + 30 * 86_400_000);
    await credit(db, { ...entry('c3-award', 'c3'), type: 'award', points: 300, expiresAt: expiresSoon }, at('2025-05-20'));
    const spent = await debit(db, { ...entry('c1-redeem', 'c1'), type: 'redemption', points: 500 }, at('2025-06-10'));
    await db
      .insertInto('rewards')
      .values({
        store_id: storeId,
        customer_id: ids.c1!,
        entry_id: spent.entry.id,
        code: 'AN-1',
        title: '$5 off',
        discount_type: 'fixed_amount',
        discount_value: 500,
        points_spent: 500,
      })
      .execute();
    await sql`update rewards set created_at = ${at('2025-06-10')}, used_at = ${at('2025-06-15')}, status = 'used' where code = 'AN-1'`.execute(db);
    const order = (n: string, customer: string | null, total: number, day: string, extra: { currency?: string; status?: string } = {}) => ({
      store_id: storeId,
      customer_id: customer ? ids[customer]! : null,
      external_id: `an-${n}`,
      total_minor: total,
      currency: extra.currency ?? 'USD',
      status: extra.status ?? 'paid',
      placed_at: at(day),
    });
    await db
      .insertInto('orders')
      .values([
        order('1', 'c1', 5000, '2025-06-05'),
        order('2', 'c1', 3000, '2025-06-12'),
        order('3', 'c2', 2000, '2025-06-22'),
        order('4', null, 4000, '2025-06-07'),
        order('5', null, 1000, '2025-06-08'),
        order('6', 'c1', 9900, '2025-06-09', { currency: 'AUD' }),
        order('7', 'c2', 8800, '2025-06-23', { status: 'cancelled' }),
        order('8', 'c3', 7000, '2025-05-25'),
      ])
      .execute();
    for (const [title, cost, value] of [
      ['$5 off', 500, 500],
      ['$12 off', 1000, 1200],
    ] as const) {
      const rule = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/redeem/store',
        headers: (await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, storeId)).headers,
        payload: { type: 'fixed_amount', title, points_cost: cost, discount_value: value },
      });
      expect(rule.statusCode, rule.body).toBe(201);
    }
  });

  it('answers the period’s figures, the previous period’s and the liability, as computed by hand', async () => {
    const all = await answer<MetricsAnswer>('metrics', JUNE);
    expect(all.period).toEqual({ ...JUNE, granularity: 'day' });
    expect(all.current).toEqual({
      members_joined: 2,
      points_issued: 1200,
      points_redeemed: 500,
      redemption_rate: 500 / 1200,
      rewards_issued: 1,
      rewards_used: 1,
      member_orders: 3,
      member_revenue_minor: 10000,
      member_aov_minor: 3333,
      guest_orders: 2,
      guest_revenue_minor: 5000,
      guest_aov_minor: 2500,
      repeat_rate: 1 / 3, // c1's second order is a returning member's
    });
    expect(all.previous).toMatchObject({
      members_joined: 1,
      points_issued: 300,
      member_orders: 1,
      member_revenue_minor: 7000,
      guest_orders: 0,
      guest_aov_minor: null,
    });
    // the members with the vip tag only
    const vip = await answer<MetricsAnswer>('metrics', { ...JUNE, tag: 'vip', compare: false });
    expect(vip.previous).toBeNull();
    expect(vip.current).toMatchObject({
      members_joined: 1,
      points_issued: 1000,
      redemption_rate: 0.5,
      member_orders: 2,
      member_revenue_minor: 8000,
      repeat_rate: 0.5, // of c1's two orders, the second is a returning member's
      guest_orders: 2,
    });
    // 500 (c1) + 300 (c3) points outstanding, valued at the best rate (1,000 points for $12: 1.2 cents a point); c3's expire within 90 days
    expect(vip.liability).toEqual({
      outstanding_points: 800,
      pending_points: 0,
      expiring_points_90d: 300,
      point_value_minor: 1.2,
      point_value_rule: { title: '$12 off', points_cost: 1000, discount_minor: 1200 },
      liability_minor: 960,
      liability_after_expiry_minor: 600,
    });
  });

  it('draws every day of the period with the previous period beside it', async () => {
    const { charts } = await answer<ChartsAnswer>('charts', JUNE);
    const byKey = Object.fromEntries(charts.map((chart) => [chart.key, chart]));
    const members = byKey.members!;
    expect(members.x).toHaveLength(30);
    expect(members.x[0]).toBe('2025-06-01');
    const day = (chart: (typeof charts)[number], label: string, date: string) => chart.series.find((s) => s.label === label)!.values[chart.x.indexOf(date)];
    expect(members.series.find((s) => s.label === 'New members')!.values.reduce((a, b) => a + b, 0)).toBe(2);
    expect(day(members, 'New members', '2025-06-03')).toBe(1);
    // the previous period (May 2 – 31) lined up day by day: c3 joined on its 14th day
    expect(members.series.find((s) => s.label === 'New members (previous period)')!.values[13]).toBe(1);
    expect(day(byKey.revenue!, 'Members', '2025-06-05')).toBe(50);
    expect(day(byKey.revenue!, 'Guests', '2025-06-07')).toBe(40);
    expect(day(byKey.points!, 'Redeemed', '2025-06-10')).toBe(500);
    // a year is drawn by week
    const year = await answer<ChartsAnswer>('charts', { from: '2025-01-01', to: '2025-12-31', compare: false });
    expect(year.period.granularity).toBe('week');
    expect(year.charts[0]!.series).toHaveLength(1);
  });

  it('draws the redemption and repeat rates, members by VIP tier and the referral funnel, as computed by hand', async () => {
    const db = ctx.app.db;
    const storeId = ctx.fixture.storeA.id;
    for (const [name, threshold] of [
      ['Silver', 100],
      ['Platinum', 5000],
      ['Gold', 1000],
    ] as const)
      await storeTier(db, storeId, { name, threshold, description: '' }, ctx.clock.now());
    await sql`update customers set vip_tier = case id when ${ids.c1} then 'Gold' when ${ids.c3} then 'Silver' end where id in (${ids.c1}, ${ids.c3})`.execute(
      db,
    );
    // c1 referred: two invitations in June and one in May, three visits, two friends claimed in June, one completed
    const referrer = ids.c1!;
    await db
      .insertInto('referral_invites')
      .values(
        (['2025-06-02', '2025-06-03', '2025-05-20'] as const).map((day, i) => ({
          store_id: storeId,
          referrer_id: referrer,
          friend_email: `f${i}@mail.test`,
          created_at: at(day),
        })),
      )
      .execute();
    await db
      .insertInto('referral_visits')
      .values(
        (['2025-06-04', '2025-06-05', '2025-06-06'] as const).map((day, i) => ({
          store_id: storeId,
          referrer_id: referrer,
          visitor: `v${i}`,
          created_at: at(day),
          expires_at: at('2025-07-30'),
        })),
      )
      .execute();
    await db
      .insertInto('referrals')
      .values([
        {
          store_id: storeId,
          referrer_id: referrer,
          friend_email: 'f0@mail.test',
          state: 'completed',
          completed_at: at('2025-06-20'),
          created_at: at('2025-06-04'),
        },
        { store_id: storeId, referrer_id: referrer, friend_email: 'f1@mail.test', state: 'pending', created_at: at('2025-06-05') },
      ])
      .execute();
    // 19 months: drawn by month, June 2025 the last bucket
    const { charts } = await answer<ChartsAnswer>('charts', { from: '2023-12-01', to: '2025-06-30', compare: false });
    const byKey = Object.fromEntries(charts.map((chart) => [chart.key, chart]));
    const june = (key: string) => byKey[key]!.series[0]!.values[byKey[key]!.x.indexOf('2025-06-01')];
    const may = (key: string) => byKey[key]!.series[0]!.values[byKey[key]!.x.indexOf('2025-05-01')];
    expect(june('redemption_rate')).toBe(41.7); // 500 of 1,200 points
    expect(may('redemption_rate')).toBe(0);
    expect(june('repeat_rate')).toBe(33.3); // c1's second order of the members' three
    expect(may('repeat_rate')).toBe(0); // c3's first order
    expect(byKey.tiers).toMatchObject({ kind: 'bar', comparable: false, x: ['Silver', 'Gold', 'Platinum', 'No tier'] });
    const customers = await db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow();
    expect(byKey.tiers!.series[0]!.values).toEqual([1, 1, 0, Number(customers.n) - 2]);
    expect(byKey.referrals).toMatchObject({ kind: 'bar', x: ['Invites sent', 'Links clicked', 'Friends claimed a coupon', 'Referrals completed'] });

    // June with May beside it; the members tagged vip (c1 and c3) only
    const vip = await answer<ChartsAnswer>('charts', { ...JUNE, tag: 'vip' });
    const vipBy = Object.fromEntries(vip.charts.map((chart) => [chart.key, chart]));
    expect(vipBy.tiers!.series).toEqual([{ label: 'Members', values: [1, 1, 0, 0] }]); // a picture of now: nothing beside it
    expect(vipBy.referrals!.series).toEqual([
      { label: 'Referrals', values: [2, 3, 2, 1] },
      { label: 'Referrals (previous period)', values: [1, 0, 0, 0], previous: true },
    ]);
    // c2 referred nobody
    await sql`update customers set tags = '["quiet"]'::jsonb where id = ${ids.c2}`.execute(db);
    const quiet = await answer<ChartsAnswer>('charts', { ...JUNE, tag: 'quiet', compare: false });
    expect(quiet.charts.find((chart) => chart.key === 'referrals')!.series[0]!.values).toEqual([0, 0, 0, 0]);
    expect(quiet.charts.find((chart) => chart.key === 'tiers')!.series[0]!.values).toEqual([0, 0, 0, 1]);
    await sql`update customers set tags = '[]'::jsonb where id = ${ids.c2}`.execute(db);
  });

  it('keeps the tag rows the filters read in step with the customers’ tags: inserted, changed, deleted', async () => {
    const db = ctx.app.db;
    const storeId = ctx.fixture.storeA.id;
    const rowsOf = (id: number) => db.selectFrom('customer_tags').select(['store_id', 'tag']).where('customer_id', '=', id).orderBy('tag').execute();
    const [one, two] = await db
      .insertInto('customers')
      .values([
        { store_id: storeId, email: 'tags.one@shop.test', first_name: 'T', last_name: '1', tags: JSON.stringify(['gift', 'wholesale', 'gift']) },
        { store_id: storeId, email: 'tags.two@shop.test', first_name: 'T', last_name: '2', tags: '[]' },
      ])
      .returning('id')
      .execute();
    expect(await rowsOf(one!.id)).toEqual([
      { store_id: storeId, tag: 'gift' },
      { store_id: storeId, tag: 'wholesale' },
    ]);
    expect(await rowsOf(two!.id)).toEqual([]);
    await sql`update customers set tags = case id when ${one!.id} then '["wholesale","vip"]'::jsonb else '["gift"]'::jsonb end where id in (${one!.id}, ${two!.id})`.execute(
      db,
    );
    expect((await rowsOf(one!.id)).map((row) => row.tag)).toEqual(['vip', 'wholesale']);
    expect((await rowsOf(two!.id)).map((row) => row.tag)).toEqual(['gift']);
    await db.deleteFrom('customers').where('id', 'in', [one!.id, two!.id]).execute();
    expect(await rowsOf(one!.id)).toEqual([]);
    expect(await rowsOf(two!.id)).toEqual([]);
  });

  it('filters by sales channel: its orders (guests’ too) and the members who ordered through it; the options list the channels; an unknown one is a 422', async () => {
    const db = ctx.app.db;
    const storeId = ctx.fixture.storeA.id;
    await sql`update orders set channel = case external_id when 'an-1' then 'web' when 'an-5' then 'web' else 'pos' end
      where store_id = ${storeId} and external_id in ('an-1', 'an-3', 'an-4', 'an-5')`.execute(db);
    try {
      const pos = await answer<MetricsAnswer>('metrics', { ...JUNE, channel: 'pos', compare: false });
      // c2 ordered through pos (order 3, her first); a guest too (order 4)
      expect(pos.current).toMatchObject({
        members_joined: 1,
        points_issued: 200,
        member_orders: 1,
        member_revenue_minor: 2000,
        repeat_rate: 0,
        guest_orders: 1,
        guest_revenue_minor: 4000,
      });
      // c1 ordered through the web: of her orders only order 1 counts
      const web = await answer<MetricsAnswer>('metrics', { ...JUNE, channel: 'web', compare: false });
      expect(web.current).toMatchObject({
        members_joined: 1,
        points_issued: 1000,
        points_redeemed: 500,
        member_orders: 1,
        member_revenue_minor: 5000,
        guest_orders: 1,
      });
      const charts = await answer<ChartsAnswer>('charts', { ...JUNE, channel: 'pos', compare: false });
      const revenue = charts.charts.find((chart) => chart.key === 'revenue')!;
      expect(revenue.series.map((series) => series.values.reduce((a, b) => a + b, 0))).toEqual([20, 40]);
      const options = await answer<{ channels: { value: string; customers: number }[] }>('filter-options', {});
      expect(options.channels).toEqual([
        { value: 'pos', customers: 2 },
        { value: 'web', customers: 2 },
      ]);
      const refused = await call(storeId, 'metrics', { ...JUNE, channel: 'carrier-pigeon' });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(['channel']);
      // another store's channels are not this store's
      expect((await call(ctx.fixture.storeB.id, 'metrics', { ...JUNE, channel: 'pos' })).statusCode).toBe(422);
    } finally {
      await sql`update orders set channel = null where store_id = ${storeId}`.execute(db);
    }
  });

  it('records the sales channel the order webhook names', async () => {
    const storeId = ctx.fixture.storeA.id;
    await applyOrderEvents(
      ctx.app.db,
      storeId,
      [{ platform: 'custom', orderExternalId: 'CH-1', order: { ...paidOrder('CH-1', 'channel.buyer@shop.test', 1500), ...channelOf('  Marketplace ') } }],
      ctx.clock.now(),
    );
    const row = await ctx.app.db
      .selectFrom('orders')
      .select('channel')
      .where('store_id', '=', storeId)
      .where('external_id', '=', '#CH-1')
      .executeTakeFirstOrThrow();
    expect(row.channel).toBe('marketplace');
    expect(channelOf('   ')).toEqual({});
  });

  it('counts revenue in the store’s currency: a currency change recounts the rolled-up days', async () => {
    const setCurrency = (currency: string) =>
      sql`update stores set settings = settings || ${JSON.stringify({ currency })}::jsonb where id = ${ctx.fixture.storeA.id}`.execute(ctx.app.db);
    await setCurrency('AUD');
    try {
      const aud = await answer<MetricsAnswer>('metrics', { ...JUNE, compare: false });
      expect(aud.currency).toBe('AUD');
      expect(aud.current).toMatchObject({ member_orders: 1, member_revenue_minor: 9900, guest_orders: 0 });
    } finally {
      await setCurrency('USD');
    }
    expect((await answer<MetricsAnswer>('metrics', JUNE)).current.member_revenue_minor).toBe(10000);
  });

  it('leaves a long backlog to the maintenance job and says so; the figures are complete once it ran', async () => {
    const storeId = ctx.fixture.storeA.id;
    // forty days of history marked as just arrived (an import, a migration)
    await sql`insert into analytics_dirty (store_id, day) select ${storeId}, d::date from generate_series('2025-05-01'::date, '2025-06-09'::date, interval '1 day') d`.execute(
      ctx.app.db,
    );
    const waiting = await answer<MetricsAnswer>('metrics', JUNE);
    expect(waiting.preparing_days).toBe(40);
    const maintenance = await maintainLedger(ctx.app.db, ctx.clock);
    expect(maintenance.analyticsDays).toBeGreaterThanOrEqual(40); // and whatever else changed in other stores
    const ready = await answer<MetricsAnswer>('metrics', JUNE);
    expect(ready.preparing_days).toBe(0);
    expect(ready.current.points_issued).toBe(1200);
  });

  it('refuses a reversed, too long or impossible period and an unknown tag with a field message', async () => {
    const refused = async (payload: object, field: string) => {
      const response = await call(ctx.fixture.storeA.id, 'metrics', payload);
      expect(response.statusCode, response.body).toBe(422);
      expect(Object.keys(response.json().errors)).toContain(field);
    };
    await refused({ from: '2025-06-30', to: '2025-06-01' }, 'to');
    await refused({ from: '2019-01-01', to: '2025-06-01' }, 'to');
    await refused({ from: '2025-02-30', to: '2025-03-01' }, 'from');
    await refused({ ...JUNE, tag: 'no-such-tag' }, 'tag');
    expect((await call(ctx.fixture.storeA.id, 'metrics', { ...JUNE, extra: 1 })).statusCode).toBe(422);
  });

  it('keeps each store to its own data, filter options included', async () => {
    const other = await answer<MetricsAnswer>('metrics', JUNE, ctx.fixture.storeB.id);
    expect(other.current.points_issued).toBe(0);
    expect(other.current.member_orders).toBe(0);
    expect(other.liability.liability_minor).toBeNull(); // store B has no way to redeem a money amount
    expect((await call(ctx.fixture.storeB.id, 'metrics', { ...JUNE, tag: 'vip' })).statusCode).toBe(422);
    const options = await answer<{ tags: { value: string; customers: number }[]; max_days: number }>('filter-options', {});
    expect(options.tags).toContainEqual({ value: 'vip', customers: 2 });
    expect(options.max_days).toBe(1827);
    const otherOptions = await answer<{ tags: { value: string }[] }>('filter-options', {}, ctx.fixture.storeB.id);
    expect(otherOptions.tags.map((tag) => tag.value)).not.toContain('vip');
  });
});
