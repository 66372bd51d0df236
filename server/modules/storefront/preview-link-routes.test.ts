import { expect, it } from 'vitest';
import { DEFAULT_DOCUMENTS } from '../../../presets/index.ts';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore, type Session } from '../../../tests/helpers/server.ts';

const launcherTitled = (title: string) => {
  const doc = structuredClone(DEFAULT_DOCUMENTS.launcher);
  doc.desktop.launcher_title = title;
  return doc;
};

describeEachDatabase('preview links', (ctx) => {
  const sessionOn = (email: string, storeId: number) => signInOnStore(ctx.app, email, ctx.fixture.password, storeId);
  const call = (session: Session, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers: session.headers, ...(payload ? { payload } : {}) });
  const bootstrap = (storeKey: string, query = '') => ctx.app.inject({ method: 'GET', url: `/storefront/v1/${storeKey}/bootstrap${query}` });
  const launcherTitle = (response: { json(): { data: { documents: { launcher: { desktop: { launcher_title: string } } } } } }) =>
    response.json().data.documents.launcher.desktop.launcher_title;
  const newLink = async (session: Session) => {
    const created = await call(session, 'POST', '/onsite-display/preview-links');
    expect(created.statusCode).toBe(201);
    return created.json().data as { id: number; token: string; expires_at: string; url: string | null; demo_url: string | null };
  };

  it("answers the store's drafts to its own preview token only, and what is published to everyone else", async () => {
    const alice = await sessionOn(ctx.fixture.users.alice, ctx.fixture.storeA.id);
    const bob = await sessionOn(ctx.fixture.users.bob, ctx.fixture.storeB.id);
    expect((await call(alice, 'POST', '/launcher/store', { base_version: 0, document: launcherTitled('Alpha draft rewards') })).statusCode).toBe(200);
    expect((await call(bob, 'POST', '/launcher/store', { base_version: 0, document: launcherTitled('Beta draft rewards') })).statusCode).toBe(200);
    const link = await newLink(alice);
    expect(link.token).toMatch(/^lsp_[A-Za-z0-9_-]{32}$/);
    expect(link.expires_at).toBe(new Date(ctx.clock.now().getTime() + 24 * 3_600_000).toISOString());
    // only the hash is kept
    const stored = await ctx.db.selectFrom('preview_links').selectAll().where('id', '=', link.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(link.token);
    expect(JSON.stringify(stored)).not.toContain(link.token.slice(4));

    const previewed = await bootstrap(ctx.fixture.storeA.storeName, `?preview=${link.token}`);
    expect(previewed.statusCode).toBe(200);
    expect(launcherTitle(previewed)).toBe('Alpha draft rewards');
    expect(previewed.json().data.preview).toBe(true);
    expect(previewed.headers['cache-control']).toBe('private, no-store');

    const everyone = await bootstrap(ctx.fixture.storeA.storeName);
    expect(launcherTitle(everyone)).toBe(DEFAULT_DOCUMENTS.launcher.desktop.launcher_title);
    expect(everyone.json().data.preview).toBeUndefined();

    // store A's token never shows store B's drafts
    const other = await bootstrap(ctx.fixture.storeB.storeName, `?preview=${link.token}`);
    expect(other.statusCode).toBe(401);
    expect(other.json()).toMatchObject({ code: 'invalid_preview' });
  });

  it('refuses an expired or revoked token; only the store revokes its links', async () => {
    const alice = await sessionOn(ctx.fixture.users.alice, ctx.fixture.storeA.id);
    const bob = await sessionOn(ctx.fixture.users.bob, ctx.fixture.storeB.id);
    const revoked = await newLink(alice);
    expect((await call(bob, 'POST', `/onsite-display/preview-links/${revoked.id}/revoke`)).statusCode).toBe(404);
    expect((await bootstrap(ctx.fixture.storeA.storeName, `?preview=${revoked.token}`)).statusCode).toBe(200);
    expect((await call(alice, 'POST', `/onsite-display/preview-links/${revoked.id}/revoke`)).json()).toEqual({ data: { revoked: true } });
    expect((await bootstrap(ctx.fixture.storeA.storeName, `?preview=${revoked.token}`)).statusCode).toBe(401);
    expect((await call(alice, 'POST', `/onsite-display/preview-links/${revoked.id}/revoke`)).statusCode).toBe(404);

    const expiring = await newLink(alice);
    ctx.clock.advance(24 * 3_600_000 - 1_000);
    expect((await bootstrap(ctx.fixture.storeA.storeName, `?preview=${expiring.token}`)).statusCode).toBe(200);
    ctx.clock.advance(2_000);
    expect((await bootstrap(ctx.fixture.storeA.storeName, `?preview=${expiring.token}`)).statusCode).toBe(401);
    expect((await bootstrap(ctx.fixture.storeA.storeName, '?preview=lsp_guessed')).statusCode).toBe(401);
  });

  it('opens nothing but the bootstrap: no console route, no shopper route; staff cannot make one', async () => {
    const alice = await sessionOn(ctx.fixture.users.alice, ctx.fixture.storeA.id);
    const link = await newLink(alice);
    const asBearer = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/onsite-display/launcher',
      headers: { authorization: `Bearer ${link.token}`, 'x-store-access-token': link.token, 'x-user-access-token': link.token },
    });
    expect(asBearer.statusCode).toBe(401);
    const storeKey = ctx.fixture.storeA.storeName;
    const member = await ctx.app.inject({ method: 'GET', url: `/storefront/v1/${storeKey}/member?preview=${link.token}` });
    expect(member.statusCode).toBe(422);
    const landing = await ctx.app.inject({ method: 'GET', url: `/landing/${storeKey}?preview=${link.token}&ls_preview=${link.token}` });
    expect(landing.body).not.toContain('Previewing draft');
    const sara = await sessionOn(ctx.fixture.users.sara, ctx.fixture.storeA.id);
    expect((await call(sara, 'POST', '/onsite-display/preview-links')).statusCode).toBe(403);
  });
});
