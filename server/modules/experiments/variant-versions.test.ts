import { expect, it } from 'vitest';
import { DEFAULT_DOCUMENTS } from '../../../presets/index.ts';
import { describeEachDatabase, snapshotTables } from '../../../tests/helpers/db.ts';
import { signInOnStore, type Session } from '../../../tests/helpers/server.ts';

type Landing = typeof DEFAULT_DOCUMENTS.landing_page;

const titled = (title: string): Landing => {
  const doc = structuredClone(DEFAULT_DOCUMENTS.landing_page);
  doc.sections.find((section) => section.id === 'header')!.content.visitor.title = title;
  return doc;
};
const titleOf = (doc: unknown) => (doc as Landing).sections.find((section) => section.id === 'header')!.content.visitor.title;

interface Version {
  version: number;
  status: string;
  based_on_version: number | null;
  restored_from: number | null;
  restored_from_variant: 'a' | 'b' | null;
  conflict: string | null;
  created_by: { id: number; name: string } | null;
}

// Variant B of the landing page keeps versions like A: saved on a base version (409 when stale),
// listed with who saved them, restored as a new draft, and the experiment's B version is the
// one its winner publishes.
describeEachDatabase(
  'versions of variant B',
  (ctx) => {
    const call = (session: Session, method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url: `/api/v1/onsite-display${url}`, headers: session.headers, ...(payload && { payload }) });
    const B = '/variants/landing_page';
    const versionsOf = async (session: Session, path: string) => (await call(session, 'GET', `${path}/versions`)).json().data as Version[];

    let alice: Session;
    let aliceElsewhere: Session;

    it('saves B on its base version, lists its versions with who saved them, and leaves A alone', async () => {
      alice = await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, ctx.fixture.storeA.id);
      aliceElsewhere = await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, ctx.fixture.storeA.id);
      expect((await call(alice, 'GET', B)).json().data).toBeNull();
      const published = await call(alice, 'POST', '/landing_page/draft', { base_version: 0, document: titled('Published A') });
      expect((await call(alice, 'POST', '/landing_page/publish', { version: published.json().data.version })).statusCode).toBe(200);

      const created = await call(alice, 'POST', `${B}/from-published`);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data).toMatchObject({ kind: 'landing_page', draft_version: 1, updated_by: { name: expect.any(String) } });
      expect(titleOf(created.json().data.document)).toBe('Published A');

      const saved = await call(alice, 'POST', `${B}/draft`, { base_version: 1, document: titled('B two') });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data).toMatchObject({ version: 2, based_on_version: 1, status: 'draft' });
      const listed = await versionsOf(alice, B);
      expect(listed.map((v) => v.version)).toEqual([2, 1]);
      // version 1 names the published version of A it copies
      expect(listed[1]).toMatchObject({ restored_from: 1, restored_from_variant: 'a', created_by: { name: expect.any(String) } });
      expect(titleOf((await call(alice, 'GET', B)).json().data.document)).toBe('B two');
      // A's versions and draft are untouched
      expect((await versionsOf(alice, '/landing_page')).map((v) => v.version)).toEqual([1]);
      expect(titleOf((await call(alice, 'GET', '/landing_page')).json().data.document)).toBe('Published A');
      // B is never published, and its saves are validated like A's
      expect((await call(alice, 'POST', `${B}/publish`, { version: 2 })).statusCode).toBe(404);
      const invalid = await call(alice, 'POST', `${B}/draft`, { base_version: 2, document: { ...titled('x'), sections: 'none' } });
      expect(invalid.statusCode).toBe(422);
      expect(Object.keys(invalid.json().errors)[0]).toMatch(/^document\./);
    });

    it('refuses a stale save of B with 409 naming the current version, storing nothing', async () => {
      const before = await snapshotTables(ctx.db);
      const stale = await call(aliceElsewhere, 'POST', `${B}/draft`, { base_version: 1, document: titled('Stale B') });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'version_conflict', current_version: 2 });
      expect(await snapshotTables(ctx.db)).toBe(before);
      // "Keep mine" on B: saved on top of the latest, marked as kept over it
      const kept = await call(aliceElsewhere, 'POST', `${B}/draft`, { base_version: 2, document: titled('Mine on B'), conflict: 'kept_over' });
      expect(kept.json().data).toMatchObject({ version: 3, based_on_version: 2, conflict: 'kept_over' });
      expect(titleOf((await call(alice, 'GET', B)).json().data.document)).toBe('Mine on B');
    });

    it('restores a version of B as its new draft (refused when someone saved since)', async () => {
      expect((await call(alice, 'POST', `${B}/restore`, { version: 2, base_version: 2 })).statusCode).toBe(409);
      expect((await call(alice, 'POST', `${B}/restore`, { version: 9 })).statusCode).toBe(404);
      const restored = await call(alice, 'POST', `${B}/restore`, { version: 2, base_version: 3 });
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json().data).toMatchObject({ version: 4, restored_from: 2, restored_from_variant: null });
      expect((await call(alice, 'GET', B)).json().data).toMatchObject({ draft_version: 4 });
      expect(titleOf((await call(alice, 'GET', B)).json().data.document)).toBe('B two');
      expect((await versionsOf(alice, B)).map((v) => v.version)).toEqual([4, 3, 2, 1]);
    });

    it("publishes the winner from the version of B the experiment showed, not B's later edits", async () => {
      const started = await call(alice, 'POST', '/experiments', { kind: 'landing_page', split_b: 50 });
      expect(started.statusCode, started.body).toBe(201);
      const experiment = started.json().data as { id: number; variant_b_version: number };
      expect(experiment.variant_b_version).toBe(4);
      // B edited after the start: version 5 waits for the next experiment
      expect((await call(alice, 'POST', `${B}/draft`, { base_version: 4, document: titled('B after start') })).statusCode).toBe(200);
      // A's draft moved on meanwhile; it stays in A's History
      expect((await call(alice, 'POST', '/landing_page/draft', { base_version: 1, document: titled('A draft') })).statusCode).toBe(200);

      const won = await call(alice, 'POST', `/experiments/${experiment.id}/publish`, { variant: 'b' });
      expect(won.statusCode, won.body).toBe(200);
      expect(won.json().data).toMatchObject({ status: 'stopped', winner: 'b', variant_b_version: 4 });
      const published = (await call(alice, 'GET', '/landing_page/published')).json().data;
      expect(published.version).toBe(3);
      expect(titleOf(published.document)).toBe('B two');
      const [newest, previous] = await versionsOf(alice, '/landing_page');
      expect(newest).toMatchObject({ version: 3, status: 'published', based_on_version: 2, restored_from: 4, restored_from_variant: 'b' });
      expect(previous).toMatchObject({ version: 2, status: 'draft' });
      // B keeps every version, its later edit included
      expect((await versionsOf(alice, B)).map((v) => v.version)).toEqual([5, 4, 3, 2, 1]);
    });

    it('lets one of several saves of B on the same base win when they race; the others get 409 naming it and store nothing', async () => {
      const racing = await Promise.all(
        ['one', 'two', 'three'].map((name, at) =>
          call(at % 2 ? aliceElsewhere : alice, 'POST', `${B}/draft`, { base_version: 5, document: titled(`Racing ${name}`) }),
        ),
      );
      expect(racing.map((response) => response.statusCode).toSorted()).toEqual([200, 409, 409]);
      const won = racing.find((response) => response.statusCode === 200)!.json().data as Version;
      expect(won).toMatchObject({ version: 6, based_on_version: 5 });
      for (const lost of racing.filter((response) => response.statusCode === 409))
        expect(lost.json()).toMatchObject({ code: 'version_conflict', current_version: 6 });
      expect((await versionsOf(alice, B)).map((v) => v.version)).toEqual([6, 5, 4, 3, 2, 1]);
      const winner = racing.findIndex((response) => response.statusCode === 200);
      expect(titleOf((await call(alice, 'GET', B)).json().data.document)).toBe(`Racing ${['one', 'two', 'three'][winner]}`);
    });

    it('copies what shoppers see into B once per call when two staff reset B at the same time', async () => {
      const resets = await Promise.all([call(alice, 'POST', `${B}/from-published`), call(aliceElsewhere, 'POST', `${B}/from-published`)]);
      expect(resets.map((response) => response.statusCode)).toEqual([201, 201]);
      const listed = await versionsOf(alice, B);
      expect(listed.map((v) => v.version)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
      expect(listed.slice(0, 2).map((v) => v.restored_from_variant)).toEqual(['a', 'a']);
      expect(titleOf((await call(alice, 'GET', B)).json().data.document)).toBe('B two');
    });
  },
  { postgres: true },
);
