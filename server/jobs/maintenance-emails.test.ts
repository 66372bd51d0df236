import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../tests/helpers/db.ts';
import { earningRuleBody } from '../contract/points.ts';
import { maintainLedger } from './ledger-maintenance.ts';
import { credit } from '../domain/ledger/index.ts';
import { newCustomer } from '../domain/ledger/testing.ts';
import { createEarningRule, setBirthday } from '../modules/rules/index.ts';
import { expiryReminderDays, reminderFor } from '../modules/emails/index.ts';

const DAY = 86_400_000;

it('reads the reminder days from the store settings, with defaults and 0 for off', () => {
  expect(expiryReminderDays({})).toEqual({ early: 30, final: 7 });
  expect(expiryReminderDays({ email_settings: { early_expiry_days: 14, final_expiry_days: 0 } })).toEqual({ early: 14, final: 0 });
  expect(expiryReminderDays({ email_settings: { early_expiry_days: -3, final_expiry_days: 'x' } })).toEqual({ early: 30, final: 7 });
  expect(reminderFor(20, { early: 30, final: 7 })).toBe('early-points-expiry');
  expect(reminderFor(7, { early: 30, final: 7 })).toBe('final-points-expiry');
  expect(reminderFor(31, { early: 30, final: 7 })).toBeNull();
  expect(reminderFor(3, { early: 30, final: 0 })).toBe('early-points-expiry');
});

describeEachDatabase('program emails queued by the maintenance job', (ctx) => {
  const outbox = (customerId: number) =>
    ctx.db.selectFrom('email_outbox').select(['email_key', 'event_key', 'data', 'to_address']).where('customer_id', '=', customerId).orderBy('id').execute();

  it('queues the early, then the final points-expiry reminder once each, at the days the store chose', async () => {
    const storeId = ctx.fixture.storeA.id;
    await ctx.db
      .updateTable('stores')
      .set({ settings: JSON.stringify({ email_settings: { early_expiry_days: 20, final_expiry_days: 5 } }) })
      .where('id', '=', storeId)
      .execute();
    const member = await newCustomer(ctx.db, storeId, 'expiring');
    const now = ctx.clock.now();
    const earn = (id: string, points: number, days: number) =>
      credit(
        ctx.db,
        {
          storeId,
          customerId: member,
          type: 'order_earn',
          points,
          sourceType: 'order',
          sourceId: id,
          computation: 'x',
          expiresAt: new Date(now.getTime() + days * DAY),
        },
        now,
      );
    await earn('exp-1', 120, 25);
    await earn('exp-2', 30, 25);
    await earn('exp-3', 999, 200);
    expect((await maintainLedger(ctx.db, ctx.clock)).expiryReminders).toBe(0);
    ctx.clock.advance(6 * DAY); // 19 days left: the early reminder
    expect((await maintainLedger(ctx.db, ctx.clock)).expiryReminders).toBe(1);
    expect((await maintainLedger(ctx.db, ctx.clock)).expiryReminders).toBe(0);
    ctx.clock.advance(10 * DAY);
    expect((await maintainLedger(ctx.db, ctx.clock)).expiryReminders).toBe(0);
    ctx.clock.advance(5 * DAY); // 4 days left: the final reminder
    expect((await maintainLedger(ctx.db, ctx.clock)).expiryReminders).toBe(1);
    ctx.clock.advance(1 * DAY);
    expect((await maintainLedger(ctx.db, ctx.clock)).expiryReminders).toBe(0);
    const emails = await outbox(member);
    expect(emails.map((email) => email.email_key)).toEqual(['early-points-expiry', 'final-points-expiry']);
    // the figures and the day as they are, worded in the member's language when the email is sent
    expect(emails[0]!.data).toMatchObject({ expiring_points: { count: 150 }, loyalty_points_balance: { count: 1149 } });
    expect(emails[0]!.data.expiry_date).toEqual({ day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(emails[1]!.event_key).toMatch(new RegExp(`^expiry:final-points-expiry:${member}:\\d{4}-\\d{2}-\\d{2}$`));
  });

  it('sends the birthday email when the birthday gift is released on the day, once', async () => {
    const storeId = ctx.fixture.storeB.id;
    await createEarningRule(ctx.db, storeId, earningRuleBody.parse({ type: 'birthday', title: 'Birthday', points: 75 }), ctx.clock.now());
    const member = await newCustomer(ctx.db, storeId, 'birthday');
    const inTwoMonths = new Date(ctx.clock.now().getTime() + 60 * DAY).toISOString().slice(0, 10);
    const { rewardOn } = await setBirthday(ctx.db, storeId, member, inTwoMonths, ctx.clock.now());
    await maintainLedger(ctx.db, ctx.clock);
    expect(await outbox(member)).toEqual([]);
    ctx.clock.advance(new Date(`${rewardOn}T00:00:00Z`).getTime() - ctx.clock.now().getTime() + DAY / 2);
    expect((await maintainLedger(ctx.db, ctx.clock)).released).toBe(1);
    await maintainLedger(ctx.db, ctx.clock);
    const emails = await outbox(member);
    expect(emails.map((email) => email.email_key)).toEqual(['birthday']);
    expect(emails[0]!.data).toMatchObject({ points_earned: { count: 75 }, loyalty_points_balance: { count: 75 } });
  });

  it('sends the anniversary email beside the anniversary reward, once a year', async () => {
    const storeId = ctx.fixture.storeC.id;
    const start = ctx.clock.now();
    const rule = await createEarningRule(ctx.db, storeId, earningRuleBody.parse({ type: 'anniversary', title: 'Anniversary', points: 50 }), start);
    await ctx.db
      .updateTable('earning_rules')
      .set({ created_at: new Date(start.getTime() - 30 * DAY) } as never)
      .where('id', '=', rule.id)
      .execute();
    const member = await newCustomer(ctx.db, storeId, 'anniversary');
    await ctx.db
      .updateTable('customers')
      .set({ created_at: new Date(start.getTime() - 365 * DAY) } as never)
      .where('id', '=', member)
      .execute();
    expect((await maintainLedger(ctx.db, ctx.clock)).anniversaries).toBeGreaterThanOrEqual(1);
    await maintainLedger(ctx.db, ctx.clock);
    const emails = await outbox(member);
    expect(emails.map((email) => email.email_key)).toEqual(['anniversary']);
    expect(emails[0]!.data).toMatchObject({ points_earned: { count: 50 }, loyalty_points_balance: { count: 50 } });
  });
});
