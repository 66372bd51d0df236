import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, snapshotTables } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';
import type { DeliveryPage, EndpointRecord } from './contract.ts';
import { credit } from '../../domain/ledger/index.ts';
import { applyOrderEvents } from '../orders/index.ts';
import { claimFriendCoupon, recordVisit, referralCode, saveReferralSettings } from '../referrals/index.ts';
import { DEFAULT_REFERRAL_SETTINGS } from '../referrals/contract.ts';
import { saveSettings as saveVipSettings, storeTier, switchTier } from '../vip/index.ts';
import { paidOrder } from '../../../tests/helpers/orders.ts';
import { checkUrlShape, refusedAddress, resolveSafeAddress, retryDelayMs } from './service.ts';

describe('outgoing webhook addresses (SSRF)', () => {
  const strict = { allowLoopback: false };
  it('refuses loopback, private, link-local and reserved addresses, IPv4 and IPv6, mapped or not', () => {
    for (const address of [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      'fe80::1',
      'fc00::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(refusedAddress(address, strict), address).not.toBeNull();
    }
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '8.8.8.8']) expect(refusedAddress(address, strict), address).toBeNull();
    // an IPv6 address carrying an IPv4 one is judged by it: IPv4-compatible, SIIT, 6to4, NAT64
    for (const address of [
      '::127.0.0.1',
      '::7f00:1',
      '::10.0.0.1',
      '::ffff:0:7f00:1',
      '::ffff:0:a9fe:a9fe',
      '2002:7f00:1::',
      '2002:a00:1::1',
      '2002:c0a8:101::',
      '64:ff9b::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::192.168.0.1',
      '64:ff9b:1::a00:1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2001:db8::1',
      '::',
      'ff02::1',
      '100::1',
      '224.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
      '192.0.2.1',
    ]) {
      expect(refusedAddress(address, strict), address).not.toBeNull();
    }
    for (const address of ['64:ff9b::8.8.8.8', '2002:808:808::1', '::ffff:0:808:808', '::ffff:8.8.8.8'])
      expect(refusedAddress(address, strict), address).toBeNull();
    // a loopback address carried inside an IPv6 one is refused even where tests allow a loopback receiver
    expect(refusedAddress('64:ff9b::127.0.0.1', { allowLoopback: true })).not.toBeNull();
    // tests may allow a loopback receiver, never another private address
    expect(refusedAddress('127.0.0.1', { allowLoopback: true })).toBeNull();
    expect(refusedAddress('10.0.0.1', { allowLoopback: true })).not.toBeNull();
  });
  it('refuses non-https URLs, literal private hosts and names that resolve to private addresses', async () => {
    expect(() => checkUrlShape('http://example.com/hook', strict)).toThrow(/https/);
    expect(() => checkUrlShape('http://example.com/hook', { allowLoopback: true })).toThrow(/https/);
    expect(() => checkUrlShape('https://10.0.0.8/hook', strict)).toThrow(/public address/);
    expect(() => checkUrlShape('https://[::1]/hook', strict)).toThrow(/public address/);
    for (const url of ['https://[::127.0.0.1]/', 'https://[::ffff:0:7f00:1]/', 'https://[2002:7f00:1::]/', 'https://[64:ff9b::7f00:1]/', 'https://0x7f.1/']) {
      expect(() => checkUrlShape(url, strict), url).toThrow(/public address/);
    }
    expect(() => checkUrlShape('https://user:pw@example.com/', strict)).toThrow(/credentials/);
    // after DNS resolution: localhost resolves to loopback
    await expect(resolveSafeAddress(new URL('https://localhost/hook'), strict)).rejects.toThrow(/resolves to/);
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(3)).toBe(480_000);
  });
});

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

describeEachDatabase(
  'outgoing webhooks: the program events posted to a merchant endpoint, signed, retried, logged',
  (ctx) => {
    let receiver: Server;
    let base = '';
    const received: Received[] = [];
    const answers: number[] = [];
    beforeAll(async () => {
      receiver = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
          response.statusCode = answers.shift() ?? 200;
          response.end('ok');
        });
      });
      await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
      base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((done) => receiver.close(() => done())));

    const sessions = new Map<'A' | 'B', Record<string, string>>();
    const headersOf = async (store: 'A' | 'B') => {
      if (!sessions.has(store)) {
        const signedIn =
          store === 'A'
            ? await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, ctx.fixture.storeA.id)
            : await signInOnStore(ctx.app, ctx.fixture.users.bob, ctx.fixture.password, ctx.fixture.storeB.id);
        sessions.set(store, signedIn.headers);
      }
      return sessions.get(store)!;
    };
    const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, store: 'A' | 'B' = 'A') =>
      ctx.app.inject({ method, url: `/api/v1${url}`, headers: await headersOf(store), ...(payload ? { payload } : {}) });
    const earn = (sourceId: string, points: number) =>
      credit(
        ctx.db,
        {
          storeId: ctx.fixture.storeA.id,
          customerId: ctx.fixture.storeA.customerIds[0]!,
          type: 'adjustment',
          points,
          sourceType: 'test',
          sourceId,
          computation: `${points} points by hand`,
        },
        ctx.clock.now(),
      );
    const drain = () => ctx.workers.outgoing!.drain();
    const verify = (delivery: Received) => {
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery.headers['x-loyalty-signature']));
      expect(match).not.toBeNull();
      const expected = createHmac('sha256', ctx.fixture.storeA.hmacSecret).update(`${match![1]}.${delivery.body}`).digest('hex');
      expect(match![2]).toBe(expected);
    };

    it('delivers a points event signed with the store secret, retries after a 500 with backoff, never twice after success', async () => {
      await earn('before-endpoint', 5); // before the endpoint: never sent
      const created = await call('POST', '/outgoing-webhooks', { url: `${base}/loyalty`, topics: ['points.earned', 'member.joined'] });
      expect(created.statusCode, created.body).toBe(201);
      const endpoint: EndpointRecord = created.json().data;

      await earn('after-endpoint', 40);
      answers.push(500);
      await drain();
      expect(received).toHaveLength(1);
      let log: DeliveryPage = (await call('GET', `/outgoing-webhooks/deliveries?endpoint_id=${endpoint.id}`)).json().data;
      expect(log.total).toBe(1);
      expect(log.data[0]).toMatchObject({ topic: 'points.earned', status: 'pending', attempts: 1, last_status_code: 500 });

      await drain(); // not due yet: the backoff holds it
      expect(received).toHaveLength(1);
      ctx.clock.advance(retryDelayMs(1) + 1_000);
      await drain();
      expect(received).toHaveLength(2);
      const delivered = received[1]!;
      verify(delivered);
      expect(delivered.body).toBe(received[0]!.body); // the same event, the same body
      const body = JSON.parse(delivered.body);
      expect(body).toMatchObject({
        topic: 'points.earned',
        data: { points: 40, entry_type: 'adjustment', customer: { id: ctx.fixture.storeA.customerIds[0] } },
      });
      expect(delivered.headers['x-loyalty-event-id']).toBe(body.id);
      log = (await call('GET', `/outgoing-webhooks/deliveries?endpoint_id=${endpoint.id}`)).json().data;
      expect(log.data[0]).toMatchObject({ status: 'delivered', attempts: 2, last_status_code: 200, next_attempt_at: null });

      ctx.clock.advance(86_400_000);
      sessions.clear(); // a day later the console sessions have expired
      await Promise.all([drain(), drain()]);
      expect(received).toHaveLength(2); // never twice after success
      const listed: EndpointRecord[] = (await call('GET', '/outgoing-webhooks')).json().data;
      expect(listed).toEqual([expect.objectContaining({ id: endpoint.id, deliveries: { delivered: 1, pending: 0, failed: 0 } })]);

      // store B sees none of it and cannot remove it
      expect((await call('GET', '/outgoing-webhooks', undefined, 'B')).json().data).toEqual([]);
      expect((await call('GET', '/outgoing-webhooks/deliveries', undefined, 'B')).json().data.total).toBe(0);
      expect((await call('DELETE', `/outgoing-webhooks/${endpoint.id}`, undefined, 'B')).statusCode).toBe(404);

      // removed: nothing more is sent
      expect((await call('DELETE', `/outgoing-webhooks/${endpoint.id}`)).statusCode).toBe(204);
      await earn('after-removal', 7);
      await drain();
      expect(received).toHaveLength(2);
      expect((await call('GET', '/outgoing-webhooks')).json().data).toEqual([]);
    });

    it("posts the program's tier changes and referral events (created, completed), signed, each once", async () => {
      const storeId = ctx.fixture.storeA.id;
      const now = ctx.clock.now();
      const referrer = await ctx.db
        .insertInto('customers')
        .values({ store_id: storeId, email: 'hooks.referrer@shop.test', first_name: 'Hook', last_name: 'Referrer' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await saveVipSettings(ctx.db, storeId, { enabled: true, basis: 'spent', period: 'lifetime', fall_below: 'keep_until_period_end' }, now);
      const gold = await storeTier(ctx.db, storeId, { name: 'Gold', threshold: 1_000_000, description: '' }, now);
      await saveReferralSettings(ctx.db, storeId, { ...DEFAULT_REFERRAL_SETTINGS, referrer_reward: { type: 'points', value: 300 } }, now);

      const created = await call('POST', '/outgoing-webhooks', {
        url: `${base}/program`,
        topics: ['tier.changed', 'referral.created', 'referral.completed'],
      });
      expect(created.statusCode, created.body).toBe(201);
      const endpoint: EndpointRecord = created.json().data;
      const start = received.length;

      await switchTier(ctx.db, { storeId, customerId: referrer.id, tierId: gold.id, reason: 'loyal for years', who: 'alice' }, now);
      const code = await referralCode(ctx.db, storeId, referrer.id, now);
      const visit = await recordVisit(ctx.db, storeId, { code, ip: '203.0.113.9', device: null }, now);
      await claimFriendCoupon(ctx.db, storeId, { visitor: visit.visitor, email: 'hooks.friend@mail.test', ip: '203.0.113.9', device: null }, now);
      await applyOrderEvents(
        ctx.db,
        storeId,
        [{ platform: 'custom', orderExternalId: 'HOOK-1', order: paidOrder('HOOK-1', 'hooks.friend@mail.test', 4200) }],
        now,
      );
      await drain();
      await drain(); // a second pass sends nothing again
      const bodies = received.slice(start).map((delivery) => {
        verify(delivery);
        return JSON.parse(delivery.body);
      });
      expect(bodies.map((body) => body.topic).sort()).toEqual(['referral.completed', 'referral.created', 'tier.changed']);
      const byTopic = Object.fromEntries(bodies.map((body) => [body.topic, body]));
      expect(byTopic['tier.changed'].data).toMatchObject({
        customer: { id: referrer.id, email: 'hooks.referrer@shop.test' },
        from: null,
        to: 'Gold',
        direction: 'up',
        cause: 'manual',
        reason: 'loyal for years (by alice)',
      });
      expect(byTopic['referral.created'].data).toMatchObject({ referrer: { id: referrer.id }, referral: { friend_email: 'hooks.friend@mail.test' } });
      expect(byTopic['referral.completed'].data).toMatchObject({
        referrer: { id: referrer.id },
        referral: { id: byTopic['referral.created'].data.referral.id, friend_email: 'hooks.friend@mail.test', order_total_minor: 4200 },
        points: 300,
      });
      const log: DeliveryPage = (await call('GET', `/outgoing-webhooks/deliveries?endpoint_id=${endpoint.id}`)).json().data;
      expect(log.total).toBe(3);
      expect(log.data.every((delivery) => delivery.status === 'delivered')).toBe(true);
      expect((await call('DELETE', `/outgoing-webhooks/${endpoint.id}`)).statusCode).toBe(204);
    });

    it('refuses non-https, private and loopback-by-name URLs and bad topics with a 422 naming the field, nothing written', async () => {
      await headersOf('A');
      const before = await snapshotTables(ctx.db);
      const count = async () =>
        (
          await ctx.db
            .selectFrom('webhook_endpoints')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n;
      const endpoints = Number(await count());
      for (const body of [
        { url: 'http://example.com/hook', topics: ['points.earned'] },
        { url: 'https://10.0.0.5/hook', topics: ['points.earned'] },
        { url: 'https://169.254.169.254/latest/meta-data', topics: ['points.earned'] },
        { url: 'https://192.168.0.10/hook', topics: ['points.earned'] },
        { url: 'ftp://example.com/', topics: ['points.earned'] },
        { url: 'not a url', topics: ['points.earned'] },
      ]) {
        const answer = await call('POST', '/outgoing-webhooks', body);
        expect(answer.statusCode, JSON.stringify(body)).toBe(422);
        expect(Object.keys(answer.json().errors ?? {}), answer.body).toContain('url');
      }
      for (const topics of [[], ['points.stolen'], ['points.earned', 'points.earned']]) {
        const answer = await call('POST', '/outgoing-webhooks', { url: `${base}/x`, topics });
        expect(answer.statusCode, JSON.stringify(topics)).toBe(422);
      }
      expect((await call('GET', '/outgoing-webhooks/deliveries?status=lost')).statusCode).toBe(422);
      expect(Number(await count())).toBe(endpoints);
      expect(await snapshotTables(ctx.db)).toBe(before);
    });
  },
  { config: { outgoingWebhookAllowLoopback: true }, workers: ['outgoing'] },
);
