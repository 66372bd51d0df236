import { RawNode, sql } from 'kysely';
import { expect, it } from 'vitest';
import { buildApp } from '../../http/app.ts';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { runsInThisThread } from '../../db/connection.ts';
import { BeaconCounter, GATHER_SIZE } from './beacons.ts';
import { startExperiment, stopExperiment } from './experiments.ts';
import { BEACON_LIMITS, assignShopper } from './exposure.ts';
import { variantFromPublished } from './variants.ts';

describeEachDatabase(
  'experiment beacons counted in batches',
  (ctx) => {
    const store = () => ctx.fixture.storeA;
    let experimentId: number;
    let shoppers = 0;

    /** `count` page loads' beacon tokens: each of a new shopper, or all of `aid`. */
    const pageLoads = async (count: number, aid?: string) => {
      const tokens: string[] = [];
      for (let index = 0; index < count; index++) {
        const anonymousId = aid ?? `batch-shopper-${(shoppers += 1)}`;
        const [assignment] = await assignShopper(ctx.db, store().id, { anonymousId, customerId: null }, ['widget'], ctx.clock.now());
        tokens.push(assignment!.beacon);
      }
      return tokens;
    };
    const beacon = (token: string, event: 'open' | 'redeem', address: string, storeKey = store().storeName) =>
      ctx.app.inject({
        method: 'POST',
        url: `/storefront/v1/${storeKey}/beacon`,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        payload: JSON.stringify({ token, event }),
        remoteAddress: address,
      });
    const totals = async () => {
      const { rows } = await sql<{ opens: string; redeems: string }>`
        select coalesce(sum(opens), 0) as opens, coalesce(sum(redeems), 0) as redeems from experiment_shoppers where experiment_id = ${experimentId}`.execute(
        ctx.db,
      );
      return { opens: Number(rows[0]!.opens), redeems: Number(rows[0]!.redeems) };
    };
    const statuses = (answers: { statusCode: number }[]) =>
      answers.reduce<Record<number, number>>((tally, { statusCode }) => ({ ...tally, [statusCode]: (tally[statusCode] ?? 0) + 1 }), {});

    it('counts a burst exactly: each page load’s open and redemption once, a repeat in the same flush or a later one never', async () => {
      const now = ctx.clock.now();
      await variantFromPublished(ctx.db, store().id, 'widget', null);
      experimentId = (await startExperiment(ctx.db, { storeId: store().id, kind: 'widget', splitB: 50, userId: null, now })).id;
      const tokens = await pageLoads(40);
      const burst = tokens.flatMap((token, index) => {
        const address = `10.3.${index}.1`;
        return [beacon(token, 'open', address), beacon(token, 'open', address), beacon(token, 'redeem', address)];
      });
      const answers = await Promise.all(burst);
      expect(statuses(answers)).toEqual({ 202: 120 });
      const counted = answers.map((answer) => (answer.json() as { data: { counted: boolean } }).data.counted);
      for (const [index] of tokens.entries()) {
        const [open, again, redeem] = counted.slice(index * 3, index * 3 + 3);
        expect([open, again].filter(Boolean), `page load ${index}`).toHaveLength(1);
        expect(redeem, `page load ${index}`).toBe(true);
      }
      expect(await totals()).toEqual({ opens: 40, redeems: 40 });

      const repeats = await Promise.all(tokens.map((token, index) => beacon(token, 'open', `10.3.${index}.1`)));
      expect(repeats.map((answer) => answer.json())).toEqual(tokens.map(() => ({ data: { counted: false } })));
      expect(await totals()).toEqual({ opens: 40, redeems: 40 });
    });

    it('refuses forged beacons among counted ones, and counts no limit for them', async () => {
      const [valid, other] = await pageLoads(2);
      const [claims, signature] = valid!.split('.');
      const forgedClaims = Buffer.from(JSON.stringify([experimentId, 'b', 'anon:forger-shopper', 'x', ctx.clock.now().getTime()])).toString('base64url');
      const answers = await Promise.all([
        beacon(valid!, 'open', '10.4.0.1'),
        beacon(`${forgedClaims}.${signature}`, 'open', '10.4.0.2'),
        beacon(`${claims}.${signature!.slice(1)}A`, 'open', '10.4.0.3'),
        beacon(other!, 'open', '10.4.0.4', ctx.fixture.storeB.storeName),
        beacon('not-a-token-at-all', 'open', '10.4.0.5'),
        beacon(other!, 'redeem', '10.4.0.6'),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([202, 422, 422, 422, 422, 202]);
      expect(answers.filter((answer) => answer.statusCode === 422).every((answer) => answer.json().code === 'invalid_beacon')).toBe(true);
      expect(await totals()).toEqual({ opens: 41, redeems: 41 });
      const { rows } = await sql<{
        key: string;
      }>`select key from rate_limit_hits where key like 'beacon %' and (key like '%forger%' or key like '%10.4.0.%')`.execute(ctx.db);
      expect(rows.map((row) => row.key).sort()).toEqual(['beacon address 10.4.0.1', 'beacon address 10.4.0.6']);
    });

    it('holds the limits exactly when one shopper’s or one address’s beacons arrive at once', async () => {
      const own = await pageLoads(BEACON_LIMITS.perShopper + 5, 'one-busy-shopper');
      const fromShopper = await Promise.all(own.map((token, index) => beacon(token, 'open', `10.5.${index}.1`)));
      expect(statuses(fromShopper)).toEqual({ 202: BEACON_LIMITS.perShopper, 429: 5 });
      expect(fromShopper.filter((answer) => answer.statusCode === 202).every((answer) => answer.json().data.counted === true)).toBe(true);

      const before = await totals();
      const many = await pageLoads(BEACON_LIMITS.perAddress + 5);
      const fromAddress = await Promise.all(many.map((token) => beacon(token, 'open', '10.6.0.1')));
      expect(statuses(fromAddress)).toEqual({ 202: BEACON_LIMITS.perAddress, 429: 5 });
      expect(fromAddress.find((answer) => answer.statusCode === 429)!.json()).toMatchObject({ code: 'rate_limited' });
      expect(await totals()).toEqual({ opens: before.opens + BEACON_LIMITS.perAddress, redeems: before.redeems });
      // the address stays refused for the rest of its minute, and is taken again after it
      const [late] = await pageLoads(1);
      expect((await beacon(late!, 'open', '10.6.0.1')).statusCode).toBe(429);
      ctx.clock.advance(BEACON_LIMITS.windowMs);
      expect((await beacon(late!, 'open', '10.6.0.1')).json()).toEqual({ data: { counted: true } });
    });

    it('answers every beacon taken before the app closes, counted, and refuses those after', async () => {
      const app = await buildApp({ config: { ...ctx.config }, db: ctx.db, clock: ctx.clock, logLevel: 'silent' });
      const tokens = await pageLoads(30);
      let arrived = 0;
      let allArrived = () => {};
      const everyone = new Promise<void>((resolve) => (allArrived = resolve));
      app.addHook('preHandler', async () => {
        if ((arrived += 1) === tokens.length) allArrived();
      });
      await app.ready();
      const before = await totals();
      const sent = tokens.map((token, index) =>
        app.inject({
          method: 'POST',
          url: `/storefront/v1/${store().storeName}/beacon`,
          headers: { 'content-type': 'text/plain' },
          payload: JSON.stringify({ token, event: 'redeem' }),
          remoteAddress: `10.7.${index}.1`,
        }),
      );
      await everyone;
      // each handler starts in the same turn of the event loop as the hook that let it through
      await new Promise((resolve) => setImmediate(resolve));
      await app.close();
      expect(await totals()).toEqual({ opens: before.opens, redeems: before.redeems + 30 });
      expect((await Promise.all(sent)).map((answer) => answer.json())).toEqual(tokens.map(() => ({ data: { counted: true } })));

      const counter = new BeaconCounter(ctx.db);
      const more = await pageLoads(11);
      const taken = more
        .slice(1)
        .map((token, index) => counter.count(store().storeName, { token, event: 'open', address: `10.7.255.${index}` }, ctx.clock.now()));
      await counter.close();
      expect(await totals()).toEqual({ opens: before.opens + 10, redeems: before.redeems + 30 });
      expect(await Promise.all(taken)).toEqual(more.slice(1).map(() => true));
      await expect(counter.count(store().storeName, { token: more[0]!, event: 'open', address: '10.7.254.1' }, ctx.clock.now())).rejects.toMatchObject({
        status: 503,
        code: 'shutting_down',
      });
    });

    it('counts one shopper’s beacons against the limit in arrival order, though they span several flushes', async () => {
      // each flush at once (no gathering on PGlite either): the beacons below go in several
      const counter = new BeaconCounter(ctx.db, { gatherMs: 0 });
      const tokens = await pageLoads(BEACON_LIMITS.perShopper + 5, 'one-shopper-in-order');
      const answers: Promise<string>[] = [];
      for (const [index, token] of tokens.entries()) {
        answers.push(
          counter.count(store().storeName, { token, event: 'open', address: `10.9.${index}.1` }, ctx.clock.now()).then(
            (counted) => (counted ? 'counted' : 'repeat'),
            (error: { code?: string }) => error.code ?? 'error',
          ),
        );
        // the next beacon arrives in a later turn of the event loop, so in a later flush
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(await Promise.all(answers)).toEqual(tokens.map((_, index) => (index < BEACON_LIMITS.perShopper ? 'counted' : 'rate_limited')));
      await counter.close();
    });

    it('gathers the beacons of later turns of the event loop into one flush on a database in this thread, until enough wait or it closes', async () => {
      // PGlite runs in this thread: there a flush waits a few milliseconds for more beacons; PostgreSQL flushes at once
      expect(runsInThisThread(ctx.db)).toBe(ctx.backend === 'pglite');
      let flushes = 0;
      const counting = ctx.db.withPlugin({
        transformQuery: ({ node }) => {
          if (RawNode.is(node) && node.sqlFragments.join('').includes('insert into experiment_beacons')) flushes += 1;
          return node;
        },
        transformResult: async ({ result }) => result,
      });
      // a window that never ends by itself: the flush runs when GATHER_SIZE beacons wait
      const counter = new BeaconCounter(counting, { gatherMs: 3_600_000 });
      const tokens = await pageLoads(GATHER_SIZE + 3);
      const answers: Promise<boolean>[] = [];
      for (const [index, token] of tokens.slice(0, GATHER_SIZE).entries()) {
        answers.push(counter.count(store().storeName, { token, event: 'open', address: `10.11.${index}.1` }, ctx.clock.now()));
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(await Promise.all(answers)).toEqual(tokens.slice(0, GATHER_SIZE).map(() => true));
      expect(flushes).toBe(1);
      // fewer than that: closing the counter flushes them at once
      const rest = tokens
        .slice(GATHER_SIZE)
        .map((token, index) => counter.count(store().storeName, { token, event: 'open', address: `10.12.${index}.1` }, ctx.clock.now()));
      await counter.close();
      expect(await Promise.all(rest)).toEqual([true, true, true]);
      expect(flushes).toBe(2);
    });

    it('counts nothing once the experiment stops, though its secret is still known', async () => {
      const [token] = await pageLoads(1);
      expect((await beacon(token!, 'open', '10.8.0.1')).json()).toEqual({ data: { counted: true } });
      await stopExperiment(ctx.db, store().id, experimentId, ctx.clock.now());
      const before = await totals();
      const answer = await beacon(token!, 'redeem', '10.8.0.1');
      expect(answer.json()).toEqual({ data: { counted: false } });
      expect(await totals()).toEqual(before);
      expect((await beacon(token!, 'open', '10.8.0.1', 'no-such-store')).statusCode).toBe(404);
    });
  },
  { postgres: true },
);
