import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';
import type { MetricsAnswer } from './contract/analytics.ts';
import { holdoutLift, liftOf, periodOf } from './service.ts';
import { credit, creditMany, OutOfProgramError } from '../../domain/ledger/index.ts';

const MARCH = { from: '2024-03-01', to: '2024-03-31' };
const at = (day: string) => new Date(`${day}T12:00:00Z`);

describe('lift arithmetic', () => {
  it('says the sample is too small below 30 customers a group, and that there is no holdout when there is none', () => {
    const row = (holdout: boolean, customers: number) => ({ holdout, customers, repeaters: 1, mean_spend: 100, var_spend: 10 });
    expect(liftOf(row(false, 100), row(true, 29))).toMatchObject({
      sufficient: false,
      repeat_rate: null,
      message: expect.stringMatching(/^Sample too small: 100 members and 29 holdout/),
    });
    expect(liftOf(row(false, 100), undefined)).toMatchObject({ sufficient: false, message: expect.stringMatching(/No holdout group/) });
  });
});

// 40 members and 40 holdout customers join in March 2024; 20 members and 10 holdout customers
// order twice ($100 each time), the others once ($50). By hand:
//   repeat rates 0.5 and 0.25, lift 0.25, SE = √(0.25/40 + 0.1875/40) = 0.1045825, 95 % CI 0.25 ± 0.2049780
//   spend per customer 7,500 and 6,250 (minor units), lift 1,250;
//   sample variances 250,000,000/39 and 187,500,000/39, SE = √((6,410,256.41 + 4,807,692.31)/40) = 529.5741, CI 1,250 ± 1,037.9464
describeEachDatabase('analytics: incremental lift from the holdout group, and the holdout share', (ctx) => {
  const headers = async () => (await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, ctx.fixture.storeA.id)).headers;
  const metrics = async (body: object) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/data/v1/analytics/metrics', headers: await headers(), payload: body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as MetricsAnswer;
  };
  const storeId = () => ctx.fixture.storeA.id;

  beforeAll(async () => {
    const db = ctx.db;
    const orders: object[] = [];
    for (const [group, repeaters] of [
      ['member', 20],
      ['holdout', 10],
    ] as const) {
      for (let n = 0; n < 40; n++) {
        const customer = await db
          .insertInto('customers')
          .values({ store_id: storeId(), first_name: group, last_name: String(n), email: `lift-${group}-${n}@example.test` })
          .returning('id')
          .executeTakeFirstOrThrow();
        await sql`update customers set created_at = ${at('2024-03-02')}, holdout = ${group === 'holdout'} where id = ${customer.id}`.execute(db);
        const order = (k: number, total: number) => ({
          store_id: storeId(),
          customer_id: customer.id,
          external_id: `lift-${group}-${n}-${k}`,
          total_minor: total,
          currency: 'USD',
          status: 'paid',
          placed_at: at('2024-03-10'),
        });
        if (n < repeaters) orders.push(order(1, 5000), order(2, 5000));
        else orders.push(order(1, 5000));
      }
    }
    await db
      .insertInto('orders')
      .values(orders as never)
      .execute();
  });

  it('compares the repeat rate and spend of new members with the holdout group, each with its 95 % interval, as computed by hand', async () => {
    const { lift } = await metrics(MARCH);
    expect(lift.sufficient).toBe(true);
    expect(lift.members).toEqual({ customers: 40, compared: 40, repeat_rate: 0.5, spend_per_customer_minor: 7500 });
    expect(lift.holdout).toEqual({ customers: 40, compared: 40, repeat_rate: 0.25, spend_per_customer_minor: 6250 });
    expect(lift.repeat_rate!.lift).toBeCloseTo(0.25, 9);
    expect(lift.repeat_rate!.low).toBeCloseTo(0.045022, 5);
    expect(lift.repeat_rate!.high).toBeCloseTo(0.454978, 5);
    expect(lift.spend_per_customer_minor!.lift).toBeCloseTo(1250, 6);
    expect(lift.spend_per_customer_minor!.low).toBeCloseTo(212.05, 1);
    expect(lift.spend_per_customer_minor!.high).toBeCloseTo(2287.95, 1);
    expect(lift.message).toMatch(/beyond chance/);
    // a period where nobody joined: said plainly
    const { lift: empty } = await metrics({ from: '2024-01-01', to: '2024-01-31' });
    expect(empty).toMatchObject({ sufficient: false, repeat_rate: null, spend_per_customer_minor: null });
  });

  it('compares a random sample of a larger group, says so, and widens the interval accordingly', async () => {
    const full = await holdoutLift(ctx.db, storeId(), periodOf(MARCH.from, MARCH.to), 'USD');
    const sampled = await holdoutLift(ctx.db, storeId(), periodOf(MARCH.from, MARCH.to), 'USD', 32);
    expect(full.message).not.toMatch(/sample/);
    // the groups are counted whole (everyone who joined), the figures computed on the sample
    expect(sampled.members).toMatchObject({ customers: 40, compared: 32 });
    expect(sampled.holdout).toMatchObject({ customers: 40, compared: 32 });
    expect(full.members).toMatchObject({ customers: 40, compared: 40 });
    expect(sampled.message).toMatch(/^Based on a random sample of 32 of the 40 members and 32 of the 40 holdout customers who joined in this period/);
    // the sample's own rates, with an interval from the sample (wider than the whole groups')
    const width = (lift: typeof full) => lift.repeat_rate!.high - lift.repeat_rate!.low;
    expect(width(sampled)).toBeGreaterThan(width(full));
    expect(sampled.repeat_rate!.lift).toBeCloseTo(sampled.members.repeat_rate! - sampled.holdout.repeat_rate!, 9);
    // the same sample each time: a fixed random order
    expect(await holdoutLift(ctx.db, storeId(), periodOf(MARCH.from, MARCH.to), 'USD', 32)).toEqual(sampled);
  });

  it('filters the members by VIP tier and source, offers the values the store has, and refuses unknown ones naming the field', async () => {
    await sql`update customers set source = 'widget', vip_tier = case when last_name in ('0', '1', '2') then 'Gold' else null end
      where store_id = ${storeId()} and email like 'lift-member-%'`.execute(ctx.db);
    const options = await ctx.app.inject({ method: 'POST', url: '/data/v1/analytics/filter-options', headers: await headers(), payload: {} });
    expect(options.json().data.sources).toContainEqual({ value: 'widget', customers: 40 });
    expect(options.json().data.tiers).toContainEqual({ value: 'Gold', customers: 3 });
    expect((await metrics({ ...MARCH, source: 'widget' })).current.members_joined).toBe(40);
    const gold = await metrics({ ...MARCH, tier: 'Gold', source: 'widget' });
    expect(gold.current).toMatchObject({ members_joined: 3, member_orders: 6, member_revenue_minor: 30_000 });
    for (const [field, value] of [
      ['tier', 'Platinum'],
      ['source', 'carrier-pigeon'],
      ['tag', 'nobody-has-this'],
    ]) {
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/data/v1/analytics/metrics',
        headers: await headers(),
        payload: { ...MARCH, [field!]: value },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors[field!]).toContain(value);
    }
  });

  it('keeps the chosen share of NEW customers out of the program: they earn nothing', async () => {
    const h = await headers();
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/v1/store/setting/update', headers: h, payload: { holdout_percent: 25 } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.holdout_percent).toMatch(/20 %/);
    const saved = await ctx.app.inject({ method: 'POST', url: '/api/v1/store/setting/update', headers: h, payload: { holdout_percent: 20 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await metrics(MARCH)).holdout_percent).toBe(20);

    await ctx.db
      .insertInto('customers')
      .values(
        Array.from({ length: 400 }, (_, n) => ({ store_id: storeId(), first_name: 'New', last_name: String(n), email: `holdout-share-${n}@example.test` })),
      )
      .execute();
    // drawn by the end of the inserting statement (its own RETURNING is too early to show it)
    const created = await ctx.db.selectFrom('customers').select(['id', 'holdout']).where('email', 'like', 'holdout-share-%').execute();
    const held = created.filter((row) => row.holdout);
    // a random share drawn per customer: 20 % ± 6 standard deviations of 400 draws
    expect(held.length).toBeGreaterThan(400 * 0.2 - 6 * Math.sqrt(400 * 0.2 * 0.8));
    expect(held.length).toBeLessThan(400 * 0.2 + 6 * Math.sqrt(400 * 0.2 * 0.8));
    // other stores are untouched by this store's setting
    await ctx.db
      .insertInto('customers')
      .values(
        Array.from({ length: 50 }, (_, n) => ({
          store_id: ctx.fixture.storeB.id,
          first_name: 'B',
          last_name: String(n),
          email: `holdout-b-${n}@example.test`,
        })),
      )
      .execute();
    const other = await ctx.db.selectFrom('customers').select('holdout').where('email', 'like', 'holdout-b-%').execute();
    expect(other.map((row) => row.holdout)).toEqual(Array.from({ length: 50 }, () => false));

    const heldOut = held[0]!.id;
    const member = created.find((row) => !row.holdout)!.id;
    const entry = (customerId: number, id: string) => ({
      storeId: storeId(),
      customerId,
      type: 'award' as const,
      points: 100,
      sourceType: 'test',
      sourceId: id,
      computation: id,
    });
    await expect(credit(ctx.db, entry(heldOut, 'holdout-award'), ctx.clock.now())).rejects.toBeInstanceOf(OutOfProgramError);
    const batch = await creditMany(ctx.db, [entry(heldOut, 'holdout-batch'), entry(member, 'member-batch')], ctx.clock.now());
    expect(batch).toMatchObject({ heldOut: 1, duplicates: 0 });
    expect(batch.inserted.map((row) => row.customer_id)).toEqual([member]);
    const earned = await ctx.db.selectFrom('ledger_entries').select('id').where('customer_id', '=', heldOut).execute();
    expect(earned).toEqual([]);
    // a manual adjustment is refused with a clear 422
    const adjust = await ctx.app.inject({
      method: 'POST',
      url: '/data/v1/customer/adjust/points',
      headers: h,
      payload: { customer_id: heldOut, points: 10, reason: 'goodwill' },
    });
    expect(adjust.statusCode, adjust.body).toBe(422);
    await ctx.app.inject({ method: 'POST', url: '/api/v1/store/setting/update', headers: h, payload: { holdout_percent: 0 } });
  });
});
