import { expect, it } from 'vitest';
import { DEFAULT_DOCUMENTS } from '../../../presets/index.ts';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore, type Session } from '../../../tests/helpers/server.ts';

type Landing = typeof DEFAULT_DOCUMENTS.landing_page;

const titled = (title: string): Landing => {
  const doc = structuredClone(DEFAULT_DOCUMENTS.landing_page);
  doc.sections.find((section) => section.id === 'header')!.content.visitor.title = title;
  return doc;
};
const titleOf = (doc: Landing) => doc.sections.find((section) => section.id === 'header')!.content.visitor.title;

// Two editors of one landing page: the second save on a stale base is refused, and whichever
// draft is kept, the other stays a version in the history.
describeEachDatabase('two editors saving one draft', (ctx) => {
  const call = (session: Session, url: string, payload?: object) =>
    ctx.app.inject({
      method: payload ? 'POST' : 'GET',
      url: `/api/v1/onsite-display/landing_page${url}`,
      headers: session.headers,
      ...(payload && { payload }),
    });
  const versionTitle = async (version: number) => {
    const row = await ctx.db
      .selectFrom('settings_documents')
      .select('document')
      .where('store_id', '=', ctx.fixture.storeA.id)
      .where('kind', '=', 'landing_page')
      .where('version', '=', version)
      .executeTakeFirstOrThrow();
    return titleOf(row.document as Landing);
  };
  const draftTitle = async (session: Session) => titleOf((await call(session, '')).json().data.document as Landing);
  const versions = async (session: Session) => ((await call(session, '/versions')).json().data as { version: number }[]).map((v) => v.version);

  it('refuses the stale save with 409 storing nothing; keeping mine or theirs leaves both drafts in the history', async () => {
    const first = await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, ctx.fixture.storeA.id);
    const second = await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, ctx.fixture.storeA.id);
    expect((await call(first, '/draft', { base_version: 0, document: titled('Theirs') })).json().data.version).toBe(1);

    const stale = await call(second, '/draft', { base_version: 0, document: titled('Mine') });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'version_conflict', current_version: 1 });
    expect(await versions(second)).toEqual([1]);

    // a resolution needs the draft it resolves against
    expect((await call(second, '/draft', { base_version: 0, document: titled('Mine'), conflict: 'kept_over' })).statusCode).toBe(422);
    // "Keep mine": mine goes on top of theirs, marked as kept over it; theirs stays version 1
    expect((await call(second, '/draft', { base_version: 1, document: titled('Mine'), conflict: 'kept_over' })).json().data).toMatchObject({
      version: 2,
      conflict: 'kept_over',
    });
    expect(await draftTitle(first)).toBe('Mine');
    expect(await versionTitle(1)).toBe('Theirs');

    // the first editor saves on its stale base: refused, then "Keep theirs": its draft is kept as
    // version 3 and theirs (version 2) restored on top of it as version 4
    expect((await call(first, '/draft', { base_version: 1, document: titled('Theirs again') })).statusCode).toBe(409);
    expect((await call(first, '/draft', { base_version: 2, document: titled('Theirs again'), conflict: 'set_aside' })).json().data.version).toBe(3);
    const restored = await call(first, '/restore', { version: 2, base_version: 3 });
    expect(restored.json().data).toMatchObject({ version: 4, restored_from: 2 });
    expect(await draftTitle(second)).toBe('Mine');
    expect(await versions(first)).toEqual([4, 3, 2, 1]);
    // History knows how each conflict was resolved: the draft kept over the other, the draft set aside
    const history = (await call(first, '/versions')).json().data as { version: number; conflict: string | null; restored_from: number | null }[];
    expect(history.map(({ version, conflict, restored_from }) => [version, conflict, restored_from])).toEqual([
      [4, null, 2],
      [3, 'set_aside', null],
      [2, 'kept_over', null],
      [1, null, null],
    ]);
    expect(await versionTitle(3)).toBe('Theirs again');
    // and it is recoverable: restoring version 3 makes it the draft again
    expect((await call(first, '/restore', { version: 3, base_version: 4 })).statusCode).toBe(200);
    expect(await draftTitle(second)).toBe('Theirs again');
  });
});
