import { expect, it } from 'vitest';
import { DEFAULT_DOCUMENTS } from '../../../presets/index.ts';
import { describeEachDatabase, snapshotTables } from '../../../tests/helpers/db.ts';
import { signInOnStore, type Session } from '../../../tests/helpers/server.ts';
import { BEACON_LIMITS } from './exposure.ts';
import { variantFor } from './assignment.ts';

const widgetTitled = (title: string) => {
  const doc = structuredClone(DEFAULT_DOCUMENTS.widget);
  doc.panels.header.visitor.title = title;
  return doc;
};

/** An anonymous id that experiment `id` (split 50) shows `variant`. */
const aidFor = (id: number, variant: 'a' | 'b', from = 0) => {
  for (let index = from; ; index++) {
    const aid = `shopper-${variant}-${index}`;
    if (variantFor(id, `anon:${aid}`, 50) === variant) return aid;
  }
};

describeEachDatabase(
  'experiments',
  (ctx) => {
    const sessionOn = (email: string, storeId: number) => signInOnStore(ctx.app, email, ctx.fixture.password, storeId);
    const call = (session: Session, method: 'GET' | 'POST', url: string, payload?: unknown) =>
      ctx.app.inject({ method, url: `/api/v1${url}`, headers: session.headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
    const bootstrap = (storeKey: string, aid: string) => ctx.app.inject({ method: 'GET', url: `/storefront/v1/${storeKey}/bootstrap?aid=${aid}` });
    const beacon = (storeKey: string, body: string, address = '10.0.0.1') =>
      ctx.app.inject({
        method: 'POST',
        url: `/storefront/v1/${storeKey}/beacon`,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        payload: body,
        remoteAddress: address,
      });
    const headerTitle = (response: { json(): unknown }) =>
      (response.json() as { data: { documents: { widget: { panels: { header: { visitor: { title: string } } } } } } }).data.documents.widget.panels.header
        .visitor.title;
    const experimentsOf = (response: { json(): unknown }) =>
      (response.json() as { data: { experiments?: { kind: string; variant: string; beacon: string }[] } }).data.experiments;

    let alice: Session;
    let sara: Session;
    let bob: Session;
    const storeA = () => ctx.fixture.storeA.storeName;

    it('refuses an experiment on a surface without a variant B, a split outside 1–99 %, another surface, or a staff member: nothing saved', async () => {
      alice = await sessionOn(ctx.fixture.users.alice, ctx.fixture.storeA.id);
      sara = await sessionOn(ctx.fixture.users.sara, ctx.fixture.storeA.id);
      bob = await sessionOn(ctx.fixture.users.bob, ctx.fixture.storeB.id);
      const before = await snapshotTables(ctx.db);
      const noVariant = await call(alice, 'POST', '/onsite-display/experiments', { kind: 'widget' });
      expect(noVariant.statusCode).toBe(422);
      expect(noVariant.json()).toMatchObject({ code: 'no_variant', message: expect.stringContaining('no variant B') });
      expect(
        (
          await call(alice, 'POST', '/onsite-display/variants/widget/draft', {
            base_version: 0,
            document: { ...widgetTitled('x'), text_color: 'red; background:url(x)' },
          })
        ).statusCode,
      ).toBe(422);
      for (const split_b of [0, 100, -5, 50.5, '50', null]) {
        const refused = await call(alice, 'POST', '/onsite-display/experiments', { kind: 'widget', split_b });
        expect(refused.statusCode, String(split_b)).toBeGreaterThanOrEqual(400);
        expect(refused.statusCode, String(split_b)).toBeLessThan(500);
        expect(refused.json().message).toMatch(/split_b|1 to 99/);
      }
      expect((await call(alice, 'POST', '/onsite-display/experiments', { kind: 'launcher' })).statusCode).toBe(422);
      expect((await call(alice, 'POST', '/onsite-display/experiments', { kind: 'widget', split_b: 50, count: 3 })).statusCode).toBe(422);
      expect((await call(sara, 'POST', '/onsite-display/variants/widget/from-published')).statusCode).toBe(403);
      expect(await snapshotTables(ctx.db)).toBe(before);
    });

    it('shows each shopper one variant stably, counts views and one open per page load, and refuses forged beacons', async () => {
      const created = await call(alice, 'POST', '/onsite-display/variants/widget/from-published');
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data.document.panels.header.visitor.title).toBe(DEFAULT_DOCUMENTS.widget.panels.header.visitor.title);
      expect(created.json().data.draft_version).toBe(1);
      expect(
        (await call(alice, 'POST', '/onsite-display/variants/widget/draft', { base_version: 1, document: widgetTitled('Variant B rewards') })).statusCode,
      ).toBe(200);
      // a staff member cannot start one; a second running one on the surface is refused
      expect((await call(sara, 'POST', '/onsite-display/experiments', { kind: 'widget' })).statusCode).toBe(403);
      const started = await call(alice, 'POST', '/onsite-display/experiments', { kind: 'widget' });
      expect(started.statusCode).toBe(201);
      const experiment = started.json().data as { id: number; split_b: number; status: string };
      expect(experiment).toMatchObject({ split_b: 50, status: 'running' });
      expect((await call(alice, 'POST', '/onsite-display/experiments', { kind: 'widget', split_b: 20 })).statusCode).toBe(409);
      // later edits of B wait for the next experiment
      expect(
        (await call(alice, 'POST', '/onsite-display/variants/widget/draft', { base_version: 2, document: widgetTitled('Edited after start') })).statusCode,
      ).toBe(200);

      const aidA = aidFor(experiment.id, 'a');
      const aidB = aidFor(experiment.id, 'b');
      const seenA = await bootstrap(storeA(), aidA);
      const seenB = await bootstrap(storeA(), aidB);
      expect(headerTitle(seenA)).toBe(DEFAULT_DOCUMENTS.widget.panels.header.visitor.title);
      expect(headerTitle(seenB)).toBe('Variant B rewards');
      expect(headerTitle(await bootstrap(storeA(), aidB))).toBe('Variant B rewards');
      expect(experimentsOf(seenA)).toEqual([{ kind: 'widget', variant: 'a', beacon: expect.any(String) }]);
      // another store's shoppers are not in it
      expect(experimentsOf(await bootstrap(ctx.fixture.storeB.storeName, aidB))).toBeUndefined();

      const tokenB = experimentsOf(seenB)![0]!.beacon;
      const open = (token: string) => JSON.stringify({ token, event: 'open' });
      expect((await beacon(storeA(), open(tokenB))).json()).toEqual({ data: { counted: true } });
      // the same page load's open again: not counted
      expect((await beacon(storeA(), open(tokenB))).json()).toEqual({ data: { counted: false } });
      const before = await snapshotTables(ctx.db);
      // forged: a count field, a tampered token, another store, not JSON, an unknown event
      expect((await beacon(storeA(), JSON.stringify({ token: tokenB, event: 'open', count: 50 }))).statusCode).toBe(422);
      const [claims, signature] = tokenB.split('.');
      const tampered = Buffer.from(JSON.stringify([experiment.id, 'b', 'anon:someone-else-1', 'x', ctx.clock.now().getTime()])).toString('base64url');
      const forged = await beacon(storeA(), open(`${tampered}.${signature}`));
      expect(forged.statusCode).toBe(422);
      expect(forged.json()).toMatchObject({ code: 'invalid_beacon' });
      expect((await beacon(storeA(), open(`${claims}.${signature!.slice(1)}A`))).statusCode).toBe(422);
      expect((await beacon(ctx.fixture.storeB.storeName, open(tokenB))).statusCode).toBe(422);
      expect((await beacon(storeA(), 'open please')).statusCode).toBe(400);
      expect((await beacon(storeA(), JSON.stringify({ token: tokenB, event: 'purchase' }))).statusCode).toBe(422);
      expect(await snapshotTables(ctx.db)).not.toContain('anon:someone-else-1');
      // a day later the page load's token has expired
      const tokenA = experimentsOf(seenA)![0]!.beacon;
      ctx.clock.advance(25 * 3_600_000);
      expect((await beacon(storeA(), open(tokenA))).statusCode).toBe(422);
      ctx.clock.advance(-25 * 3_600_000);
      void before;

      const listed = await call(alice, 'GET', '/onsite-display/experiments');
      const [results] = listed.json().data as { results: Record<string, unknown> & { a: Record<string, number>; b: Record<string, number> } }[];
      expect(results!.results.a).toMatchObject({ shoppers: 1, views: 1, opens: 0, visitors: 1 });
      expect(results!.results.b).toMatchObject({ shoppers: 1, views: 2, opens: 1, visitors: 1 });
      expect(results!.results).toMatchObject({ enough_data: false, member_difference: null, minimum_sample: 100 });
      // another store never sees it
      expect((await call(bob, 'GET', '/onsite-display/experiments')).json().data).toEqual([]);
      expect((await call(bob, 'POST', `/onsite-display/experiments/${experiment.id}/stop`)).statusCode).toBe(404);
    });

    it('rate-limits beacons per shopper', async () => {
      const [experiment] = (await call(alice, 'GET', '/onsite-display/experiments')).json().data as { id: number }[];
      const aid = aidFor(experiment!.id, 'a', 1000);
      const answers: number[] = [];
      for (let index = 0; index <= BEACON_LIMITS.perShopper; index++) {
        const token = experimentsOf(await bootstrap(storeA(), aid))![0]!.beacon;
        answers.push((await beacon(storeA(), JSON.stringify({ token, event: 'open' }), `10.1.0.${index}`)).statusCode);
      }
      expect(answers.slice(0, BEACON_LIMITS.perShopper).every((status) => status === 202)).toBe(true);
      expect(answers.at(-1)).toBe(429);
    });

    it('publishes the winner: B becomes the published widget and the experiment stops', async () => {
      const [experiment] = (await call(alice, 'GET', '/onsite-display/experiments')).json().data as { id: number }[];
      expect((await call(sara, 'POST', `/onsite-display/experiments/${experiment!.id}/publish`, { variant: 'b' })).statusCode).toBe(403);
      expect((await call(alice, 'POST', `/onsite-display/experiments/${experiment!.id}/publish`, { variant: 'c' })).statusCode).toBe(422);
      const published = await call(alice, 'POST', `/onsite-display/experiments/${experiment!.id}/publish`, { variant: 'b' });
      expect(published.statusCode).toBe(200);
      expect(published.json().data).toMatchObject({ status: 'stopped', winner: 'b', ended_at: expect.any(String) });
      const everyone = await bootstrap(storeA(), aidFor(experiment!.id, 'a'));
      expect(headerTitle(everyone)).toBe('Variant B rewards');
      expect(experimentsOf(everyone)).toBeUndefined();
      expect((await call(alice, 'POST', `/onsite-display/experiments/${experiment!.id}/stop`)).statusCode).toBe(409);
    });

    it('runs one experiment per surface when two starts race, and counts a page load’s open once when its beacons race', async () => {
      const starts = await Promise.all([1, 2, 3].map(() => call(alice, 'POST', '/onsite-display/experiments', { kind: 'widget', split_b: 30 })));
      expect(starts.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
      const experiment = starts.find((response) => response.statusCode === 201)!.json().data as { id: number };
      const token = experimentsOf(await bootstrap(storeA(), 'racing-shopper-1'))![0]!.beacon;
      const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => beacon(storeA(), JSON.stringify({ token, event: 'open' }), `10.2.0.${index}`)));
      expect(answers.filter((response) => response.json().data?.counted === true)).toHaveLength(1);
      const [listed] = (await call(alice, 'GET', '/onsite-display/experiments')).json().data as {
        id: number;
        results: { a: { opens: number }; b: { opens: number } };
      }[];
      expect(listed!.id).toBe(experiment.id);
      expect(listed!.results.a.opens + listed!.results.b.opens).toBe(1);
      expect((await call(alice, 'POST', `/onsite-display/experiments/${experiment.id}/stop`)).json().data).toMatchObject({ status: 'stopped', winner: null });
    });
  },
  { postgres: true },
);
