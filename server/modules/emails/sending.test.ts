import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { decodedBody, startSmtpPeer } from '../../../tests/helpers/smtp.ts';
import { earningRuleBody } from '../../contract/points.ts';
import { createEarningRule, createRedeemRule, redeemReward } from '../rules/index.ts';
import { redeemRuleBody } from '../../contract/redeem.ts';
import { parseJsonKeepingIds } from '../orders/index.ts';
import { queueEmail } from './service.ts';

const smtp = await startSmtpPeer();
afterAll(() => smtp.close());

const paid = parseJsonKeepingIds(readFileSync(new URL('../../../tests/fixtures/webhooks/shopify/orders-paid.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>;
const toWire = (payload: unknown) => JSON.stringify(payload).replace(/("(?:\w*_)?id"\s*:\s*)"(-?\d{16,})"/g, '$1$2');
const orderFor = (id: number, email: string) => ({ ...paid, id, name: `#${id}`, email, customer: { ...(paid.customer as object), id: id + 1, email } });

describeEachDatabase(
  'program emails over SMTP',
  (ctx) => {
    const store = () => ctx.fixture.storeA;
    beforeAll(async () => {
      await createEarningRule(ctx.db, store().id, earningRuleBody.parse({ type: 'order', title: 'Place an order', points: 1 }), ctx.clock.now());
      // the store's brand colour
      await ctx.db
        .updateTable('stores')
        .set({ settings: sql`settings || '{"primary_color":"#6b3f1d"}'::jsonb` })
        .where('id', '=', store().id)
        .execute();
    });
    const shopify = (payload: unknown, eventId: string) => {
      const raw = toWire(payload);
      return ctx.app.inject({
        method: 'POST',
        url: '/webhooks/shopify',
        payload: raw,
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': 'orders/paid',
          'x-shopify-shop-domain': 'alpha.myshopify.com',
          'x-shopify-event-id': eventId,
          'x-shopify-hmac-sha256': createHmac('sha256', store().hmacSecret).update(raw).digest('base64'),
        },
      });
    };
    const settle = async () => {
      await ctx.workers.webhooks!.drain();
      const sender = ctx.workers.emails!;
      sender.kick();
      await sender.drain();
    };
    // one SMTP peer serves both backends: addresses are told apart by backend
    const at = (name: string) => `${name}.${ctx.backend}@example.com`;
    const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

    it('a signed order webhook sends exactly one Points Earned email with the balance; replays send nothing more', async () => {
      expect((await shopify(orderFor(5001, at('earner')), 'evt-1')).statusCode).toBe(200);
      await settle();
      const [mail, ...more] = mailsTo(at('earner'));
      expect(more).toHaveLength(0);
      const text = decodedBody(mail!.raw);
      expect(text).toContain('Subject: You earned 54 points');
      // a program email comes from its store, at the configured sender address
      expect(text).toMatch(/^From: "?Alpha Store"? <[^>]+@[^>]+>/m);
      // in the store's colours, not the product's
      expect(text.toLowerCase()).toContain('#6b3f1d');
      expect(text.toLowerCase()).not.toContain('#4f46e5');
      expect(text).toContain('You now have 54 points to spend on rewards.');
      expect(text).toMatch(/List-Unsubscribe:\s+<http:\/\/localhost:\d+\/email\/unsubscribe\/[\w-]+>/);
      expect(text).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      await shopify(orderFor(5001, at('earner')), 'evt-1');
      await shopify(orderFor(5001, at('earner')), 'evt-1-redelivered');
      await settle();
      expect(mailsTo(at('earner'))).toHaveLength(1);
      // a second order: one more email, with the new balance
      await shopify(orderFor(5002, at('earner')), 'evt-2');
      await settle();
      expect(mailsTo(at('earner'))).toHaveLength(2);
      expect(decodedBody(mailsTo(at('earner'))[1]!.raw)).toContain('You now have 108 points');
    });

    it('one-click unsubscribe is honoured: the member gets no more emails', async () => {
      const row = await ctx.db.selectFrom('email_outbox').select('unsubscribe_token').where('to_address', '=', at('earner')).executeTakeFirstOrThrow();
      const page = await ctx.app.inject({ method: 'GET', url: `/email/unsubscribe/${row.unsubscribe_token}` });
      expect(page.body).toContain('<form method="post"');
      const done = await ctx.app.inject({
        method: 'POST',
        url: `/email/unsubscribe/${row.unsubscribe_token}`,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(done.statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'POST', url: '/email/unsubscribe/not-a-real-token-at-all' })).statusCode).toBe(404);
      await shopify(orderFor(5003, at('earner')), 'evt-3');
      await settle();
      expect(mailsTo(at('earner'))).toHaveLength(2);
      const skipped = await ctx.db
        .selectFrom('email_outbox')
        .select(['status', 'last_error'])
        .where('event_key', 'like', 'ledger:%')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(skipped).toEqual({ status: 'skipped', last_error: 'The member unsubscribed.' });
    });

    it('redeeming a reward sends one Reward Redeemed email with the code and the points left', async () => {
      await shopify(orderFor(5005, at('redeemer')), 'evt-5');
      await settle();
      const customer = await ctx.db.selectFrom('customers').select('id').where('email', '=', at('redeemer')).executeTakeFirstOrThrow();
      const rule = await createRedeemRule(
        ctx.db,
        store().id,
        redeemRuleBody.parse({ type: 'free_shipping', title: 'Free shipping', points_cost: 50 }),
        ctx.clock.now(),
      );
      const input = { storeId: store().id, customerId: customer.id, redeemId: rule.id, requestId: 'redeem-once' };
      const reward = await redeemReward(ctx.db, input, ctx.clock.now());
      await redeemReward(ctx.db, input, ctx.clock.now());
      await settle();
      const mails = mailsTo(at('redeemer')).map((mail) => decodedBody(mail.raw));
      expect(mails).toHaveLength(2);
      expect(mails[1]).toContain('Subject: Your reward is ready: Free shipping');
      expect(mails[1]).toContain(`Your code is ${reward.code}. You still have 4 points.`);
    });

    it('a refusing SMTP server is retried with backoff, then the email is marked failed with its reason, never sent twice', async () => {
      smtp.state.refuse = true;
      await shopify(orderFor(5004, at('retry')), 'evt-4');
      const sender = ctx.workers.emails!;
      await settle();
      for (let attempt = 2; attempt <= 5; attempt += 1) {
        ctx.clock.advance(24 * 3_600_000);
        sender.kick();
        await sender.drain();
      }
      const row = await ctx.db
        .selectFrom('email_outbox')
        .select(['status', 'attempts', 'last_error'])
        .where('to_address', '=', at('retry'))
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'failed', attempts: 5 });
      expect(row.last_error).toMatch(/Mailbox busy/);
      smtp.state.refuse = false;
      ctx.clock.advance(24 * 3_600_000);
      sender.kick();
      await sender.drain();
      expect(mailsTo(at('retry'))).toHaveLength(0);
    });

    it('an email a dead process was sending is sent by the next pass once its claim is a minute old', async () => {
      const rendered = { subject: 'Interrupted', html: '<p>Interrupted</p>', text: 'Interrupted' };
      const email = {
        storeId: store().id,
        customerId: null,
        key: 'referral-received' as const,
        eventKey: 'test:interrupted',
        to: at('interrupted'),
        data: {},
        rendered,
      };
      // as a process killed mid-send leaves it: claimed, its attempt counted, never settled
      await queueEmail(ctx.db, email, ctx.clock.now(), 'sending');
      await ctx.workers.emails!.drain();
      expect(mailsTo(at('interrupted'))).toHaveLength(0);
      ctx.clock.advance(61_000);
      await ctx.workers.emails!.drain();
      expect(mailsTo(at('interrupted'))).toHaveLength(1);
      const row = await ctx.db.selectFrom('email_outbox').select(['status', 'attempts']).where('to_address', '=', at('interrupted')).executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'sent', attempts: 2 });
    });
  },
  { config: { smtpUrl: smtp.url }, workers: ['webhooks', 'emails'] },
);
