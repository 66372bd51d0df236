import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { paidOrder } from '../../../tests/helpers/orders.ts';
import { maintainLedger } from '../../jobs/ledger-maintenance.ts';
import { deliverDue, readTemplate, saveTemplate } from '../emails/index.ts';
import { HELD_UNTIL, approveHeldEntry, creditMany, readAccount, releaseDuePoints, verifyLedger } from '../../domain/ledger/index.ts';
import { applyOrderEvents } from '../orders/index.ts';
import type { Db } from '../../db/connection.ts';
import { getProgramData } from '../program/index.ts';
import { earningRuleBody } from '../rules/contract/earning-rules.ts';
import { createEarningRule, createRedeemRule, RedeemError, redeemReward, setBirthday } from '../rules/index.ts';
import { redeemRuleBody } from '../rules/contract/redeem-rules.ts';
import { deadRunner } from '../../../tests/helpers/jobs.ts';
import { JobRunner } from '../../jobs/engine.ts';
import { claimJob, LostClaim, STALLED_AFTER_MS } from '../../domain/jobs/queue.ts';
import {
  VipError,
  VIP_APPLY_JOB,
  applyNextBatch,
  awardTierBirthdays,
  createApplyJob,
  vipApplyJob,
  findJob,
  runApplyJob,
  listTierActivity,
  listTierGroup,
  loadLadder,
  memberTier,
  saveSettings,
  simulate,
  storeTier,
  switchTier,
} from './index.ts';

async function newStore(db: Db): Promise<number> {
  const slug = `vip-${randomBytes(4).toString('hex')}`;
  const store = await db.insertInto('stores').values({ title: slug, platform: 'shopify', store_name: slug }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('earning_rules').values({ store_id: store.id, type: 'order', title: 'Orders', points: 1, config: '{"per_amount_minor": 100}' }).execute();
  return store.id;
}

describeEachDatabase(
  'VIP tier engine',
  (ctx) => {
    const now = () => ctx.clock.now();
    let orderSeq = 0;
    const order = async (storeId: number, email: string, cents: number) => {
      orderSeq += 1;
      const id = `v${orderSeq}`;
      await applyOrderEvents(
        ctx.db,
        storeId,
        [{ platform: 'shopify', orderExternalId: id, order: paidOrder(id, email, cents, { placedAt: now().toISOString() }) }],
        now(),
      );
      return ctx.db.selectFrom('customers').select('id').where('store_id', '=', storeId).where('email', '=', email).executeTakeFirstOrThrow();
    };
    const ladder = async (storeId: number) => {
      const silver = await storeTier(ctx.db, storeId, { name: 'Silver', threshold: 10_000, description: '' }, now());
      const gold = await storeTier(
        ctx.db,
        storeId,
        {
          name: 'Gold',
          threshold: 50_000,
          description: '',
          perks: [
            { kind: 'multiplier', title: '', multiplier: 2, points: null, redeem_rule_id: null },
            { kind: 'entry_reward', title: '', multiplier: null, points: 100, redeem_rule_id: null },
          ],
        },
        now(),
      );
      return { silver, gold };
    };

    /**
     * A store of 30 customers where customer i has 10 × i points, then (so only an apply job moves
     * anyone) Silver at 100 and Gold at 200 with a 50-point entry reward: 20 reach Silver, 10 Gold.
     */
    const pointsStore = async (label: string) => {
      const storeId = await newStore(ctx.db);
      await saveSettings(ctx.db, storeId, { enabled: true, basis: 'points', period: 'lifetime', fall_below: 'drop' }, now());
      const customers = await ctx.db
        .insertInto('customers')
        .values(
          Array.from({ length: 30 }, (_, index) => ({ store_id: storeId, first_name: `M${index}`, last_name: label, email: `${label}-${index}@example.test` })),
        )
        .returning('id')
        .execute();
      const ids = customers.map((customer) => customer.id).sort((a, b) => a - b);
      await creditMany(
        ctx.db,
        ids.slice(1).map((customerId, index) => ({
          storeId,
          customerId,
          type: 'award' as const,
          points: 10 * (index + 1),
          sourceType: 'test',
          sourceId: String(customerId),
          computation: 'seed',
        })),
        now(),
      );
      await storeTier(ctx.db, storeId, { name: 'Silver', threshold: 100, description: '' }, now());
      const gold = await storeTier(
        ctx.db,
        storeId,
        { name: 'Gold', threshold: 200, description: '', perks: [{ kind: 'entry_reward', title: '', multiplier: null, points: 50, redeem_rule_id: null }] },
        now(),
      );
      return { storeId, ids, gold };
    };

    it('moves a member up by amount spent inside the order transaction, with an entry, the tier name and the email', async () => {
      const storeId = await newStore(ctx.db);
      await saveSettings(ctx.db, storeId, { enabled: true, basis: 'spent', period: 'lifetime', fall_below: 'keep_until_period_end' }, now());
      await ladder(storeId);
      const buyer = await order(storeId, 'climber@example.test', 8_000);
      expect((await memberTier(ctx.db, storeId, buyer.id)).tier).toBeNull();
      await order(storeId, 'climber@example.test', 4_000);
      const tier = await memberTier(ctx.db, storeId, buyer.id);
      expect(tier).toMatchObject({ tier: 'Silver', value: 12_000, next: { name: 'Gold', left: 38_000 } });
      const customer = await ctx.db.selectFrom('customers').select('vip_tier').where('id', '=', buyer.id).executeTakeFirstOrThrow();
      expect(customer.vip_tier).toBe('Silver');
      const activity = await listTierActivity(ctx.db, storeId, { customerId: buyer.id, limit: 10, offset: 0 });
      expect(activity.rows.map((row) => [row.from_name, row.to_name, row.direction, row.cause])).toEqual([[null, 'Silver', 'up', 'earn']]);
      const emails = await ctx.db
        .selectFrom('email_outbox')
        .select(['email_key', 'data'])
        .where('store_id', '=', storeId)
        .where('email_key', '=', 'loyalty-tier-update')
        .execute();
      expect(emails).toHaveLength(1);
      expect(emails[0]!.data).toMatchObject({ tier_name: 'Silver', previous_tier_name: 'no tier' });
    });

    it('multiplies order earns in a tier and gives the entry reward once per tier and period', async () => {
      const storeId = await newStore(ctx.db);
      await saveSettings(ctx.db, storeId, { enabled: true, basis: 'spent', period: 'calendar_year', fall_below: 'drop' }, now());
      const { silver, gold } = await ladder(storeId);
      const buyer = await order(storeId, 'gold@example.test', 60_000);
      expect((await memberTier(ctx.db, storeId, buyer.id)).tier).toBe('Gold');
      // 600 for the order (before the tier), 100 entering Gold
      expect((await readAccount(ctx.db, storeId, buyer.id, now())).balance).toBe(700);
      await order(storeId, 'gold@example.test', 1_000);
      const earn = await ctx.db
        .selectFrom('ledger_entries')
        .select(['points', 'computation'])
        .where('store_id', '=', storeId)
        .where('type', '=', 'order_earn')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(earn).toEqual({ points: 20, computation: 'order #v' + orderSeq + ': $10.00 × 1 point per $1 × 2 (Gold tier) = 20' });
      // down by hand, then back up by spending: no second entry reward in the same year
      await switchTier(ctx.db, { storeId, customerId: buyer.id, tierId: silver.id, reason: 'test', who: 'alice' }, now());
      expect((await memberTier(ctx.db, storeId, buyer.id)).tier).toBe('Silver');
      await saveSettings(ctx.db, storeId, { enabled: true, basis: 'spent', period: 'calendar_year', fall_below: 'drop' }, now());
      await ctx.db.updateTable('vip_members').set({ manual: false }).where('customer_id', '=', buyer.id).execute();
      await order(storeId, 'gold@example.test', 1_000);
      expect((await memberTier(ctx.db, storeId, buyer.id)).tier_id).toBe(gold.id);
      const rewards = await ctx.db.selectFrom('ledger_entries').select('points').where('store_id', '=', storeId).where('type', '=', 'tier_reward').execute();
      expect(rewards).toEqual([{ points: 100 }]);
      expect(await verifyLedger(ctx.db, storeId)).toEqual([]);
    });

    it("moves a member by points with the order's own earn (credited first), the entry reward after it; by amount, in the earn's ledger write", async () => {
      const pointsStoreId = await newStore(ctx.db);
      await saveSettings(ctx.db, pointsStoreId, { enabled: true, basis: 'points', period: 'lifetime', fall_below: 'drop' }, now());
      await ladder(pointsStoreId); // Silver 10,000 points, Gold 50,000 with a 100-point entry reward
      const big = await order(pointsStoreId, 'points-climber@example.test', 5_000_000);
      expect(await memberTier(ctx.db, pointsStoreId, big.id)).toMatchObject({ tier: 'Gold', value: 50_000 });
      const entries = async (storeId: number) =>
        ctx.db.selectFrom('ledger_entries').select(['type', 'points']).where('store_id', '=', storeId).orderBy('id').execute();
      // the "Points Earned" email says the balance after the earn's ledger write
      const earnedEmail = async (storeId: number) =>
        (
          await ctx.db
            .selectFrom('email_outbox')
            .select('data')
            .where('store_id', '=', storeId)
            .where('email_key', '=', 'points-earned')
            .executeTakeFirstOrThrow()
        ).data;
      const byPoints = await entries(pointsStoreId);
      expect(byPoints.map((entry) => [entry.type, entry.points])).toEqual([
        ['order_earn', 50_000],
        ['tier_reward', 100],
      ]);
      expect(await earnedEmail(pointsStoreId)).toMatchObject({ points_earned: { count: 50_000 }, loyalty_points_balance: { count: 50_000 } });
      const spentStoreId = await newStore(ctx.db);
      await saveSettings(ctx.db, spentStoreId, { enabled: true, basis: 'spent', period: 'lifetime', fall_below: 'drop' }, now());
      await ladder(spentStoreId);
      const buyer = await order(spentStoreId, 'spent-climber@example.test', 60_000);
      expect((await memberTier(ctx.db, spentStoreId, buyer.id)).tier).toBe('Gold');
      // the earn (without the multiplier of the tier it reached) and the entry reward in one ledger write: the email says both
      expect((await entries(spentStoreId)).map((entry) => [entry.type, entry.points])).toEqual([
        ['order_earn', 600],
        ['tier_reward', 100],
      ]);
      expect(await earnedEmail(spentStoreId)).toMatchObject({ points_earned: { count: 600 }, loyalty_points_balance: { count: 700 } });
      expect((await readAccount(ctx.db, spentStoreId, buyer.id, now())).balance).toBe(700);
      expect(await verifyLedger(ctx.db, spentStoreId)).toEqual([]);
    });

    it('keeps a member in the tier until the calendar year ends, then the maintenance job moves them down', async () => {
      const storeId = await newStore(ctx.db);
      await saveSettings(ctx.db, storeId, { enabled: true, basis: 'spent', period: 'calendar_year', fall_below: 'keep_until_period_end' }, now());
      await ladder(storeId);
      const buyer = await order(storeId, 'yearly@example.test', 20_000);
      expect((await memberTier(ctx.db, storeId, buyer.id)).tier).toBe('Silver');
      const jump = new Date('2027-01-02T00:00:00Z').getTime() - now().getTime();
      ctx.clock.advance(jump);
      try {
        const result = await maintainLedger(ctx.db, ctx.clock);
        expect(result.tiersMoved).toBeGreaterThanOrEqual(1);
        expect((await memberTier(ctx.db, storeId, buyer.id)).tier).toBeNull();
        const activity = await listTierActivity(ctx.db, storeId, { customerId: buyer.id, limit: 10, offset: 0 });
        expect(activity.rows[0]).toMatchObject({ from_name: 'Silver', to_name: null, direction: 'down', cause: 'period_end' });
        expect((await maintainLedger(ctx.db, ctx.clock)).tiersMoved).toBe(0);
      } finally {
        ctx.clock.advance(-jump);
      }
    });

    it("simulates a store's first tier from the measured figures: everyone above its threshold moves up", async () => {
      const storeId = await newStore(ctx.db);
      await saveSettings(ctx.db, storeId, { enabled: true, basis: 'spent', period: 'lifetime', fall_below: 'drop' }, now());
      await order(storeId, 'first-a@example.test', 12_000);
      await order(storeId, 'first-b@example.test', 3_000);
      const first = await simulate(
        ctx.db,
        storeId,
        {
          tier: {
            name: 'Bronze',
            threshold: 5_000,
            description: '',
            perks: [{ kind: 'entry_reward', title: '', multiplier: null, points: 10, redeem_rule_id: null }],
          },
        },
        now(),
      );
      expect(first).toMatchObject({ members: 2, moved_up: 1, moved_down: 0, unchanged: 1, entry_reward_points: 10, figures: 'measured' });
    });

    it('refuses overlapping thresholds and taken names with nothing changed, and simulates a threshold change', async () => {
      const storeId = await newStore(ctx.db);
      await saveSettings(ctx.db, storeId, { enabled: true, basis: 'spent', period: 'lifetime', fall_below: 'drop' }, now());
      const { silver } = await ladder(storeId);
      await expect(storeTier(ctx.db, storeId, { name: 'Bronze', threshold: 10_000, description: '' }, now())).rejects.toMatchObject({
        status: 422,
        field: 'threshold',
      });
      await expect(storeTier(ctx.db, storeId, { name: 'gold', threshold: 70_000, description: '' }, now())).rejects.toBeInstanceOf(VipError);
      expect(await ctx.db.selectFrom('vip_tiers').select('name').where('store_id', '=', storeId).orderBy('threshold').execute()).toEqual([
        { name: 'Silver' },
        { name: 'Gold' },
      ]);
      await order(storeId, 'a@example.test', 12_000);
      await order(storeId, 'b@example.test', 30_000);
      await order(storeId, 'c@example.test', 5_000);
      const lower = await simulate(ctx.db, storeId, { tier: { id: silver.id, name: 'Silver', threshold: 4_000, description: '' } }, now());
      expect(lower).toMatchObject({ members: 3, moved_up: 1, moved_down: 0, unchanged: 2, figures: 'stored' });
      const higher = await simulate(
        ctx.db,
        storeId,
        {
          tiers: [
            { name: 'Silver', threshold: 20_000, id: silver.id },
            { name: 'Gold', threshold: 25_000 },
          ],
        },
        now(),
      );
      expect(higher).toMatchObject({ moved_up: 1, moved_down: 1, unchanged: 1, entry_reward_points: 0 });
      await expect(
        simulate(
          ctx.db,
          storeId,
          {
            tiers: [
              { name: 'Gold', threshold: 5 },
              { name: 'Silver', threshold: 1 },
            ],
          },
          now(),
        ),
      ).rejects.toMatchObject({
        field: 'tiers.1.threshold',
      });
    });

    /** A store measured on spend with Gold at $500 giving a 250-point birthday bonus (and Silver at $100, without one). */
    const birthdayStore = async ({ silver }: { silver: boolean }) => {
      const storeId = await newStore(ctx.db);
      await saveSettings(ctx.db, storeId, { enabled: true, basis: 'spent', period: 'lifetime', fall_below: 'keep_until_period_end' }, now());
      if (silver) await storeTier(ctx.db, storeId, { name: 'Silver', threshold: 10_000, description: '' }, now());
      await storeTier(
        ctx.db,
        storeId,
        {
          name: 'Gold',
          threshold: 50_000,
          description: '',
          perks: [{ kind: 'birthday_bonus', title: '', multiplier: null, points: 250, redeem_rule_id: null }],
        },
        now(),
      );
      return storeId;
    };

    it("gives the tier's birthday bonus on the birthday to members of the tier only, once a year, through the maintenance job", async () => {
      const storeId = await birthdayStore({ silver: true });
      const gold = await order(storeId, 'bday-gold@example.test', 60_000);
      const silver = await order(storeId, 'bday-silver@example.test', 20_000);
      const later = await order(storeId, 'bday-later@example.test', 70_000);
      // a Gold member who unsubscribed from the store's emails
      const unsubscribed = await order(storeId, 'bday-unsubscribed@example.test', 60_000);
      await ctx.db.insertInto('email_unsubscribes').values({ store_id: storeId, email: 'bday-unsubscribed@example.test' }).execute();
      const today = now().toISOString().slice(5, 10);
      const inAMonth = new Date(now().getTime() + 30 * 86_400_000).toISOString().slice(5, 10);
      await ctx.db
        .updateTable('customers')
        .set({ birthday: `1990-${today}` })
        .where('id', 'in', [gold.id, silver.id, unsubscribed.id])
        .execute();
      await ctx.db
        .updateTable('customers')
        .set({ birthday: `1985-${inAMonth}` })
        .where('id', '=', later.id)
        .execute();
      const balance = async (id: number) => (await readAccount(ctx.db, storeId, id, now())).balance;
      const before = { gold: await balance(gold.id), silver: await balance(silver.id), later: await balance(later.id) };

      const sent: string[] = [];
      const mailer = {
        send: async (email: { to: string; html: string }) => void sent.push(`${email.to} ${email.html.includes('250') ? 'with' : 'without'} 250`),
        close: () => {},
      };
      // the orders' emails out of the way first
      await deliverDue(ctx.db, mailer, 'http://localhost', now());
      sent.length = 0;
      expect((await maintainLedger(ctx.db, ctx.clock)).tierBirthdays).toBeGreaterThanOrEqual(1);
      expect(await balance(gold.id)).toBe(before.gold + 250);
      expect(await balance(silver.id)).toBe(before.silver); // Silver has no birthday bonus
      expect(await balance(later.id)).toBe(before.later); // not yet their birthday
      // once a year: the job again, and a day later (within the grace days), gives nothing more
      expect(await awardTierBirthdays(ctx.db, now())).toBe(0);
      expect(await awardTierBirthdays(ctx.db, new Date(now().getTime() + 86_400_000))).toBe(0);
      expect(await balance(gold.id)).toBe(before.gold + 250);
      const entries = await ctx.db
        .selectFrom('ledger_entries')
        .select(['type', 'points', 'computation'])
        .where('store_id', '=', storeId)
        .where('source_type', '=', 'vip_birthday')
        .execute();
      expect(entries.filter((entry) => entry.computation.startsWith('Gold birthday bonus'))).toHaveLength(2);
      // the "Birthday" email, once per bonus: sent to the member, skipped for the one who unsubscribed
      const birthdayEmails = () =>
        ctx.db
          .selectFrom('email_outbox')
          .select(['to_address', 'status', 'last_error', 'data'])
          .where('store_id', '=', storeId)
          .where('email_key', '=', 'birthday')
          .orderBy('id')
          .execute();
      await deliverDue(ctx.db, mailer, 'http://localhost', now());
      expect(sent).toEqual(['bday-gold@example.test with 250']);
      expect((await birthdayEmails()).map((email) => [email.to_address, email.status, email.last_error, email.data.points_earned])).toEqual([
        ['bday-gold@example.test', 'sent', null, { count: 250 }],
        ['bday-unsubscribed@example.test', 'skipped', 'The member unsubscribed.', { count: 250 }],
      ]);
      // the next year's birthday gives it again, with its email, which the store has now switched off
      const template = await readTemplate(ctx.db, storeId, 'birthday');
      const owner = await ctx.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
      await saveTemplate(ctx.db, storeId, owner.id, 'birthday', { enabled: false, editor: template.editor, fields: template.fields }, now());
      const nextYear = new Date(now().getTime() + 365 * 86_400_000);
      nextYear.setUTCMonth(now().getUTCMonth(), now().getUTCDate());
      expect(await awardTierBirthdays(ctx.db, nextYear)).toBeGreaterThanOrEqual(1);
      expect(await balance(gold.id)).toBe(before.gold + 500);
      await deliverDue(ctx.db, mailer, 'http://localhost', nextYear);
      expect(sent).toHaveLength(1);
      expect((await birthdayEmails()).map((email) => [email.to_address, email.status, email.last_error])).toEqual([
        ['bday-gold@example.test', 'sent', null],
        ['bday-unsubscribed@example.test', 'skipped', 'The member unsubscribed.'],
        ['bday-gold@example.test', 'skipped', 'The email is switched off.'],
        ['bday-unsubscribed@example.test', 'skipped', 'The member unsubscribed.'],
      ]);
      expect(await verifyLedger(ctx.db, storeId)).toEqual([]);
    });

    it('keeps an exclusive way to redeem for its tiers: refused to other members with a clear message, hidden from them on the storefront', async () => {
      const storeId = await newStore(ctx.db);
      await saveSettings(ctx.db, storeId, { enabled: true, basis: 'spent', period: 'lifetime', fall_below: 'keep_until_period_end' }, now());
      const open = await createRedeemRule(ctx.db, storeId, redeemRuleBody.parse({ type: 'free_shipping', title: 'Free shipping', points_cost: 100 }), now());
      const vault = await createRedeemRule(
        ctx.db,
        storeId,
        redeemRuleBody.parse({ type: 'fixed_amount', title: 'Gold vault $20', points_cost: 100, discount_value: 2000 }),
        now(),
      );
      await storeTier(ctx.db, storeId, { name: 'Silver', threshold: 10_000, description: '' }, now());
      await storeTier(
        ctx.db,
        storeId,
        {
          name: 'Gold',
          threshold: 50_000,
          description: '',
          perks: [{ kind: 'exclusive_redeem', title: 'The Gold vault', multiplier: null, points: null, redeem_rule_id: vault.id }],
        },
        now(),
      );
      const gold = await order(storeId, 'vault-gold@example.test', 60_000);
      const silver = await order(storeId, 'vault-silver@example.test', 20_000);
      const silverBefore = await readAccount(ctx.db, storeId, silver.id, now());

      const refused = await redeemReward(ctx.db, { storeId, customerId: silver.id, redeemId: vault.id }, now()).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(RedeemError);
      expect(refused).toMatchObject({ status: 403, code: 'tier_exclusive', message: 'This reward is for Gold members only.' });
      expect(await readAccount(ctx.db, storeId, silver.id, now())).toEqual(silverBefore);
      expect(await ctx.db.selectFrom('rewards').select('id').where('customer_id', '=', silver.id).execute()).toEqual([]);
      // the open way stays open to everyone; the Gold member takes the vault's
      await redeemReward(ctx.db, { storeId, customerId: silver.id, redeemId: open.id }, now());
      const reward = await redeemReward(ctx.db, { storeId, customerId: gold.id, redeemId: vault.id }, now());
      expect(reward).toMatchObject({ title: 'Gold vault $20', discount_value: 2000 });

      const titles = async (shopper?: { customerId: number | null }) =>
        (await getProgramData(ctx.db, storeId, now(), shopper)).waysToRedeem.map((way) => way.title);
      expect(await titles({ customerId: gold.id })).toEqual(['Free shipping', 'Gold vault $20']);
      expect(await titles({ customerId: silver.id })).toEqual(['Free shipping']);
      expect(await titles({ customerId: null })).toEqual(['Free shipping']);
      // the console's preview lists every way
      expect(await titles()).toEqual(['Free shipping', 'Gold vault $20']);
    });

    it('applies a ladder change to every member in batches with progress: an activity entry per moved member, entry rewards exactly once', async () => {
      const { storeId, ids, gold } = await pointsStore('batch');
      const run = async () => {
        const job = await createApplyJob(ctx.db, storeId, now());
        await runApplyJob(ctx.db, storeId, job.id, now, 7);
        return (await findJob(ctx.db, storeId, job.id))!;
      };
      const counts = async () => ({
        activity: Number(
          (
            await ctx.db
              .selectFrom('vip_activity')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('store_id', '=', storeId)
              .executeTakeFirstOrThrow()
          ).n,
        ),
        rewards: Number(
          (
            await ctx.db
              .selectFrom('ledger_entries')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('store_id', '=', storeId)
              .where('type', '=', 'tier_reward')
              .executeTakeFirstOrThrow()
          ).n,
        ),
      });
      const first = await run();
      expect(first).toMatchObject({ status: 'done', processed: 30, total: 30, moved_up: 20, moved_down: 0, error: null });
      expect(await counts()).toEqual({ activity: 20, rewards: 10 });
      const group = await ctx.db.selectFrom('customers').select(['vip_tier']).where('store_id', '=', storeId).where('vip_tier', '=', 'Gold').execute();
      expect(group).toHaveLength(10);
      // the same job run again (a second runner) does nothing: it was claimed
      await runApplyJob(ctx.db, storeId, first.id, now, 7);
      expect(await counts()).toEqual({ activity: 20, rewards: 10 });

      // Gold raised to 250: members at 200…240 drop to Silver (the store drops at once)
      await storeTier(ctx.db, storeId, { id: gold.id, name: 'Gold', threshold: 250, description: '' }, now());
      expect(await run()).toMatchObject({ status: 'done', processed: 30, moved_up: 0, moved_down: 5 });
      expect(await counts()).toEqual({ activity: 25, rewards: 10 });
      // back to 200: they climb again without a second entry reward; a further run moves nobody
      await storeTier(ctx.db, storeId, { id: gold.id, name: 'Gold', threshold: 200, description: '' }, now());
      expect(await run()).toMatchObject({ moved_up: 5, moved_down: 0 });
      expect(await run()).toMatchObject({ status: 'done', moved_up: 0, moved_down: 0 });
      expect(await counts()).toEqual({ activity: 30, rewards: 10 });
      expect((await memberTier(ctx.db, storeId, ids[29]!)).tier).toBe('Gold');
      expect(await verifyLedger(ctx.db, storeId)).toEqual([]);
    });

    it('measures the customers there were when the apply was requested: its progress never passes its total when customers join mid-run', async () => {
      const { storeId } = await pointsStore('joining');
      const job = await createApplyJob(ctx.db, storeId, now());
      const saved = await loadLadder(ctx.db, storeId);
      expect(await applyNextBatch(ctx.db, storeId, job.id, saved, now(), 7)).toBe(true);
      // twelve customers join while it runs, one with points enough for Gold
      const joined = await ctx.db
        .insertInto('customers')
        .values(
          Array.from({ length: 12 }, (_, index) => ({
            store_id: storeId,
            first_name: `J${index}`,
            last_name: 'joining',
            email: `joined-${index}@example.test`,
          })),
        )
        .returning('id')
        .execute();
      await creditMany(
        ctx.db,
        [{ storeId, customerId: joined[0]!.id, type: 'award' as const, points: 500, sourceType: 'test', sourceId: 'joined', computation: 'seed' }],
        now(),
      );
      await runApplyJob(ctx.db, storeId, job.id, now, 7);
      expect(await findJob(ctx.db, storeId, job.id)).toMatchObject({ status: 'done', processed: 30, total: 30, moved_up: 20 });
    });

    it('resumes an apply job whose runner crashed mid-job: another runner takes it over after its last batch, moving nobody twice', async () => {
      const { storeId, ids } = await pointsStore('resume');
      const job = await createApplyJob(ctx.db, storeId, now());
      // the runner takes the job, finishes two batches of 7, then its process dies (no catch, no end written)
      const dead = await deadRunner(ctx.db, VIP_APPLY_JOB, 'jobId', job.id, now());
      await ctx.db.updateTable('vip_jobs').set({ status: 'running' }).where('id', '=', job.id).execute();
      const saved = await loadLadder(ctx.db, storeId);
      expect(await applyNextBatch(ctx.db, storeId, job.id, saved, now(), 7, dead.checkpoint)).toBe(true);
      expect(await applyNextBatch(ctx.db, storeId, job.id, saved, now(), 7, dead.checkpoint)).toBe(true);
      expect(await findJob(ctx.db, storeId, job.id)).toMatchObject({ status: 'running', processed: 14, moved_up: 4, after_customer_id: ids[13] });
      // not stalled yet: a live runner's job is left alone
      const runner = new JobRunner(ctx.db, ctx.clock, [vipApplyJob(7) as never]);
      await runner.drain();
      expect(await findJob(ctx.db, storeId, job.id)).toMatchObject({ status: 'running', processed: 14 });
      // silent for a minute: another runner takes it over (and dies too, before its first batch)
      ctx.clock.advance(STALLED_AFTER_MS + 1_000);
      expect((await claimJob(ctx.db, [VIP_APPLY_JOB], 'taker', now(), new Date(now().getTime() - STALLED_AFTER_MS)))?.id).toBe(dead.jobId);
      // the first runner, only slow after all, comes back: its claim is gone, its batch is rolled back
      await expect(applyNextBatch(ctx.db, storeId, job.id, saved, now(), 7, dead.checkpoint)).rejects.toBeInstanceOf(LostClaim);
      expect(await findJob(ctx.db, storeId, job.id)).toMatchObject({ processed: 14, moved_up: 4 });
      ctx.clock.advance(STALLED_AFTER_MS + 1_000);
      await runner.drain();
      expect(await findJob(ctx.db, storeId, job.id)).toMatchObject({ status: 'done', processed: 30, total: 30, moved_up: 20, moved_down: 0, error: null });
      // one activity entry per member moved, and each Gold member's entry reward once
      const activity = await ctx.db.selectFrom('vip_activity').select('customer_id').where('store_id', '=', storeId).execute();
      expect(activity).toHaveLength(20);
      expect(new Set(activity.map((row) => row.customer_id)).size).toBe(20);
      const rewards = await ctx.db
        .selectFrom('ledger_entries')
        .select('customer_id')
        .where('store_id', '=', storeId)
        .where('type', '=', 'tier_reward')
        .execute();
      expect(rewards).toHaveLength(10);
      expect(await verifyLedger(ctx.db, storeId)).toEqual([]);
    });

    it('simulates from the stored figures alone, counting customers without figures yet and leaving deleted ones out', async () => {
      const storeId = await newStore(ctx.db);
      await saveSettings(ctx.db, storeId, { enabled: true, basis: 'spent', period: 'lifetime', fall_below: 'drop' }, now());
      const { gold } = await ladder(storeId);
      const rich = await order(storeId, 'sim-rich@example.test', 60_000);
      await order(storeId, 'sim-mid@example.test', 20_000);
      // two customers the tiers have not measured yet (no stored figures)
      await ctx.db
        .insertInto('customers')
        .values([1, 2].map((n) => ({ store_id: storeId, first_name: `N${n}`, last_name: 'New', email: `sim-new-${n}@example.test` })))
        .execute();
      const change = { tier: { id: gold.id, name: 'Gold', threshold: 15_000, description: '' } };
      const fast = await simulate(ctx.db, storeId, change, now());
      expect(fast).toMatchObject({ members: 4, moved_up: 1, moved_down: 0, unchanged: 3, figures: 'stored' });
      expect(fast.tiers.map((tier) => [tier.name, tier.before, tier.after])).toEqual([
        ['Silver', 1, 0],
        ['Gold', 1, 2],
      ]);
      // a deleted customer is left out (the members joined with the customers)
      await ctx.db.updateTable('customers').set({ deleted_at: now() }).where('id', '=', rich.id).execute();
      expect(await simulate(ctx.db, storeId, change, now())).toMatchObject({ members: 3, moved_up: 1, unchanged: 2 });
    });

    it('measures members again when their pending points are released or their held points approved: the tier and the simulation follow at once', async () => {
      const storeId = await newStore(ctx.db);
      await saveSettings(ctx.db, storeId, { enabled: true, basis: 'points', period: 'lifetime', fall_below: 'drop' }, now());
      await storeTier(ctx.db, storeId, { name: 'Silver', threshold: 100, description: '' }, now());
      const [waiting, held] = await ctx.db
        .insertInto('customers')
        .values(['waiting', 'held'].map((name) => ({ store_id: storeId, first_name: name, last_name: 'Pending', email: `${name}-pending@example.test` })))
        .returning('id')
        .execute();
      const soon = new Date(now().getTime() + 60_000);
      const pending = (customerId: number, releaseAt: Date) => ({
        storeId,
        customerId,
        type: 'award' as const,
        points: 150,
        sourceType: 'test',
        sourceId: String(customerId),
        computation: 'pending award',
        releaseAt,
      });
      const { inserted } = await creditMany(ctx.db, [pending(waiting!.id, soon), pending(held!.id, HELD_UNTIL)], now());
      expect((await memberTier(ctx.db, storeId, waiting!.id)).tier).toBeNull();
      // a new tier at 120 moves nobody while the points wait
      const proposal = { tier: { name: 'Bronze', threshold: 120, description: '' } };
      expect(await simulate(ctx.db, storeId, proposal, now())).toMatchObject({ moved_up: 0 });

      // the approval window passes: the released points count at once
      expect(await releaseDuePoints(ctx.db, soon)).toBe(1);
      expect(await memberTier(ctx.db, storeId, waiting!.id)).toMatchObject({ tier: 'Silver', value: 150 });
      expect((await memberTier(ctx.db, storeId, held!.id)).tier).toBeNull();
      // held points approved by staff count as well
      const heldEntry = inserted.find((entry) => entry.customer_id === held!.id)!;
      await approveHeldEntry(ctx.db, storeId, heldEntry.id, 'staff@example.test', soon);
      expect(await memberTier(ctx.db, storeId, held!.id)).toMatchObject({ tier: 'Silver', value: 150 });
      // the simulation reads the figures the releases stored: both would move up into a new tier at 140
      const higher = { tier: { name: 'Gold', threshold: 140, description: '' } };
      expect(await simulate(ctx.db, storeId, higher, soon)).toMatchObject({ moved_up: 2 });
    });

    it('simulates a period change from the day figures the tiers keep, as a measurement from the ledger and orders says', async () => {
      const storeId = await newStore(ctx.db);
      await saveSettings(ctx.db, storeId, { enabled: true, basis: 'spent', period: 'lifetime', fall_below: 'drop' }, now());
      await ladder(storeId); // Silver $100, Gold $500
      const longAgo = new Date(now().getTime() - 400 * 86_400_000).toISOString();
      const oldOrder = async (email: string, cents: number) => {
        orderSeq += 1;
        const id = `v${orderSeq}`;
        await applyOrderEvents(
          ctx.db,
          storeId,
          [{ platform: 'shopify', orderExternalId: id, order: paidOrder(id, email, cents, { placedAt: longAgo }) }],
          now(),
        );
      };
      // Gold for life, Silver in the last 12 months; Silver for life, nothing in the last 12 months; Silver either way
      await oldOrder('period-a@example.test', 40_000);
      await order(storeId, 'period-a@example.test', 15_000);
      await oldOrder('period-b@example.test', 20_000);
      const steady = await order(storeId, 'period-c@example.test', 12_000);
      const rolling = { settings: { enabled: true, basis: 'spent', period: 'rolling_12_months', fall_below: 'drop' } } as const;
      const measured = await simulate(ctx.db, storeId, rolling, now());
      expect(measured).toMatchObject({ members: 3, moved_up: 0, moved_down: 2, unchanged: 1, figures: 'measured' });
      expect(measured.tiers.map((tier) => [tier.name, tier.before, tier.after])).toEqual([
        ['Silver', 2, 2],
        ['Gold', 1, 0],
      ]);
      // the figures come from the days kept per customer (vip_figures), not from the orders again
      await ctx.db
        .updateTable('vip_figures')
        .set((eb) => ({ spent_minor: eb('spent_minor', '+', 50_000) }))
        .where('store_id', '=', storeId)
        .where('customer_id', '=', steady.id)
        .execute();
      expect(await simulate(ctx.db, storeId, rolling, now())).toMatchObject({ members: 3, moved_up: 1, moved_down: 2, unchanged: 0, figures: 'measured' });
    });

    /** The day figures the store keeps, summed. */
    const keptFigures = (storeId: number) =>
      ctx.db
        .selectFrom('vip_figures')
        .select((eb) => [eb.fn.sum<number>('points').as('points'), eb.fn.sum<number>('spent_minor').as('spent')])
        .where('store_id', '=', storeId)
        .executeTakeFirstOrThrow();

    it('measures a basis on the other source from history: simulated before saving, rebuilt on saving, then kept by every earn', async () => {
      const storeId = await newStore(ctx.db);
      await saveSettings(ctx.db, storeId, { enabled: true, basis: 'spent', period: 'lifetime', fall_below: 'drop' }, now());
      await ladder(storeId); // Silver 10,000, Gold 50,000 (cents spent, or points)
      // spent $600 (Gold), 600 points; spent $150 (Silver), then 12,000 points awarded (not kept while the store counts amounts)
      const big = await order(storeId, 'basis-big@example.test', 60_000);
      const awarded = await order(storeId, 'basis-awarded@example.test', 15_000);
      await creditMany(
        ctx.db,
        [{ storeId, customerId: awarded.id, type: 'award', points: 12_000, sourceType: 'test', sourceId: 'basis', computation: 'seed' }],
        now(),
      );
      const kept = () => keptFigures(storeId);
      expect(await kept()).toMatchObject({ points: 0, spent: 75_000 });
      // by points: the big spender leaves Gold, the awarded member stays in Silver (12,150 points, none stored)
      const byPoints = { enabled: true, basis: 'points', period: 'lifetime', fall_below: 'drop' } as const;
      expect(await simulate(ctx.db, storeId, { settings: byPoints }, now())).toMatchObject({
        members: 2,
        moved_up: 0,
        moved_down: 1,
        unchanged: 1,
        figures: 'measured',
      });
      // saved: the figures are the points from history, and the apply job moves the members by them
      await saveSettings(ctx.db, storeId, byPoints, now());
      expect(await kept()).toMatchObject({ points: 12_750, spent: 0 });
      const job = await createApplyJob(ctx.db, storeId, now());
      await runApplyJob(ctx.db, storeId, job.id, now);
      expect(await findJob(ctx.db, storeId, job.id)).toMatchObject({ status: 'done', moved_up: 0, moved_down: 1 });
      expect(await memberTier(ctx.db, storeId, big.id)).toMatchObject({ tier: null, value: 600 });
      expect(await memberTier(ctx.db, storeId, awarded.id)).toMatchObject({ tier: 'Silver', value: 12_150 });
      // the next earn adds its points to the rebuilt figures (and no amount)
      await order(storeId, 'basis-awarded@example.test', 40_000);
      expect(await memberTier(ctx.db, storeId, awarded.id)).toMatchObject({ tier: 'Silver', value: 12_550 });
      expect(await kept()).toMatchObject({ points: 13_150, spent: 0 });
      // the members' list still answers the amounts spent, measured
      const { rows } = await listTierGroup(ctx.db, storeId, null, { limit: 10, offset: 0, now: now() });
      expect(rows.map((row) => [row.id, Number(row.points), Number(row.spent_minor), Number(row.orders)])).toEqual([[big.id, 600, 60_000, 1]]);
    });

    // (PGlite has one connection: a second transaction waits for the first before it starts)
    it.skipIf(ctx.backend !== 'postgres')('rebuilds for a basis change after the earns under way, whose points it counts (the figures lock)', async () => {
      const storeId = await newStore(ctx.db);
      await saveSettings(ctx.db, storeId, { enabled: true, basis: 'spent', period: 'lifetime', fall_below: 'drop' }, now());
      await ladder(storeId);
      let earned!: () => void;
      let release!: () => void;
      const earning = new Promise<void>((resolve) => (earned = resolve));
      const held = new Promise<void>((resolve) => (release = resolve));
      // an order earn under way: its transaction holds the shared side of the lock; its 300 points are not kept (amount basis)
      const writer = ctx.db.transaction().execute(async (trx) => {
        const placed = paidOrder('lock-1', 'lock@example.test', 30_000, { placedAt: now().toISOString() });
        await applyOrderEvents(trx, storeId, [{ platform: 'shopify', orderExternalId: 'lock-1', order: placed }], now());
        earned();
        await held;
      });
      await earning;
      const saving = saveSettings(ctx.db, storeId, { enabled: true, basis: 'points', period: 'lifetime', fall_below: 'drop' }, now());
      // the save waits on the exclusive side until the earn commits, then rebuilds from a history with it
      let waiting = false;
      for (let poll = 0; poll < 1000 && !waiting; poll += 1) {
        const { rows } = await sql<{ n: number | string }>`select count(*) as n from pg_locks
        where locktype = 'advisory' and classid::bigint = ${storeId} and objid::bigint = 190 and not granted`.execute(ctx.db);
        waiting = Number(rows[0]!.n) > 0;
      }
      release();
      await writer;
      await saving;
      expect(waiting).toBe(true);
      expect(await keptFigures(storeId)).toMatchObject({ points: 300, spent: 0 });
    });

    it("sends one birthday email to a member who gets both the birthday rule's gift and the tier's birthday bonus", async () => {
      const storeId = await birthdayStore({ silver: false });
      await createEarningRule(ctx.db, storeId, earningRuleBody.parse({ type: 'birthday', title: 'Birthday', points: 75 }), now());
      const member = await order(storeId, 'both-gifts@example.test', 60_000);
      const inTwoMonths = new Date(now().getTime() + 60 * 86_400_000).toISOString().slice(0, 10);
      const { rewardOn } = await setBirthday(ctx.db, storeId, member.id, inTwoMonths, now());
      // (read before the day: a read on the day releases the gift itself)
      const before = await readAccount(ctx.db, storeId, member.id, now());
      ctx.clock.advance(new Date(`${rewardOn}T00:00:00Z`).getTime() - now().getTime() + 43_200_000);
      const run = await maintainLedger(ctx.db, ctx.clock);
      expect(run).toMatchObject({ released: 1, tierBirthdays: 1 });
      const after = await readAccount(ctx.db, storeId, member.id, now());
      expect(after.balance).toBe(before.balance + 75 + 250);
      await maintainLedger(ctx.db, ctx.clock);
      const emails = await ctx.db
        .selectFrom('email_outbox')
        .select(['email_key', 'data'])
        .where('store_id', '=', storeId)
        .where('customer_id', '=', member.id)
        .where('email_key', '=', 'birthday')
        .execute();
      expect(emails).toHaveLength(1);
      expect(emails[0]!.data).toMatchObject({ points_earned: { count: 325 }, loyalty_points_balance: { count: after.balance } });
    });
  },
  { postgres: true },
);
