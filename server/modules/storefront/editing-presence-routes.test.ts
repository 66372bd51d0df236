import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore, type Session } from '../../../tests/helpers/server.ts';

describeEachDatabase('editing presence in the studios', (ctx) => {
  const sessionOn = (email: string, storeId: number) => signInOnStore(ctx.app, email, ctx.fixture.password, storeId);
  const beat = (session: Session, studio = 'landing-page') =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/onsite-display/presence/${studio}`, headers: session.headers });
  const others = async (session: Session, studio = 'landing-page') => {
    const response = await beat(session, studio);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { editors: { name: string; email: string; same_user: boolean }[] } }).data.editors;
  };
  const leave = (session: Session, studio = 'landing-page') =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/onsite-display/presence/${studio}/leave`, headers: session.headers });

  it("answers who else has the studio open on the same store, never this sign-in nor another store's editors", async () => {
    const first = await sessionOn(ctx.fixture.users.alice, ctx.fixture.storeA.id);
    const second = await sessionOn(ctx.fixture.users.alice, ctx.fixture.storeA.id);
    const bob = await sessionOn(ctx.fixture.users.bob, ctx.fixture.storeB.id);
    const aliceOnC = await sessionOn(ctx.fixture.users.alice, ctx.fixture.storeC.id);

    expect(await others(first)).toEqual([]);
    expect(await others(second)).toEqual([{ name: 'Alice', email: ctx.fixture.users.alice, same_user: true }]);
    expect(await others(first)).toEqual([{ name: 'Alice', email: ctx.fixture.users.alice, same_user: true }]);
    // the same studio of other stores: nobody there
    expect(await others(bob)).toEqual([]);
    expect(await others(aliceOnC)).toEqual([]);
    // another studio of the same store: nobody there either
    expect(await others(first, 'sticky-bar')).toEqual([]);
    expect(await others(second)).toEqual([{ name: 'Alice', email: ctx.fixture.users.alice, same_user: true }]);
  });

  it('forgets an editor 45 s after its last heartbeat, and at once when it leaves', async () => {
    const first = await sessionOn(ctx.fixture.users.alice, ctx.fixture.storeA.id);
    const second = await sessionOn(ctx.fixture.users.alice, ctx.fixture.storeA.id);
    await others(first, 'widget');
    ctx.clock.advance(44_000);
    expect(await others(second, 'widget')).toHaveLength(1);
    ctx.clock.advance(2_000); // first's last beat is 46 s old
    expect(await others(second, 'widget')).toEqual([]);
    expect(await ctx.db.selectFrom('editing_presence').select('session_id').where('studio', '=', 'widget').execute()).toHaveLength(1);

    expect(await others(first, 'widget')).toHaveLength(1);
    const left = await leave(second, 'widget');
    expect(left.json()).toEqual({ data: { left: true } });
    expect(await others(first, 'widget')).toEqual([]);
  });

  it('refuses an unknown studio and roles that cannot edit, storing nothing', async () => {
    const alice = await sessionOn(ctx.fixture.users.alice, ctx.fixture.storeA.id);
    const sara = await sessionOn(ctx.fixture.users.sara, ctx.fixture.storeA.id);
    const before = await ctx.db.selectFrom('editing_presence').selectAll().execute();
    const unknown = await beat(alice, 'landing_page');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toMatch(/Unknown studio/);
    const staff = await beat(sara);
    expect(staff.statusCode).toBe(403);
    expect(await ctx.db.selectFrom('editing_presence').selectAll().execute()).toEqual(before);
  });

  it("answers the store's languages with each beat, as the settings are now: a language added or taken away elsewhere shows on the next beat", async () => {
    const alice = await sessionOn(ctx.fixture.users.alice, ctx.fixture.storeA.id);
    const languagesOf = async () => {
      const response = await beat(alice, 'sticky-bar');
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: { languages: unknown } }).data.languages;
    };
    const setLanguages = async (languages: string[]) => {
      const saved = await ctx.app.inject({ method: 'POST', url: '/api/v1/store/setting/update', headers: alice.headers, payload: { languages } });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    await setLanguages([]);
    expect(await languagesOf()).toEqual({ default: 'en', others: [] });
    await setLanguages(['fr', 'de']);
    expect(await languagesOf()).toEqual({ default: 'en', others: ['fr', 'de'] });
    await setLanguages(['de']);
    expect(await languagesOf()).toEqual({ default: 'en', others: ['de'] });
    // another store's languages are its own
    const bob = await sessionOn(ctx.fixture.users.bob, ctx.fixture.storeB.id);
    const theirs = await beat(bob, 'sticky-bar');
    expect((theirs.json() as { data: { languages: unknown } }).data.languages).toEqual({ default: 'en', others: [] });
  });
});
