import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { authHeaders, signIn, signInOnStore } from '../../../tests/helpers/server.ts';

describeEachDatabase('stores, switching and settings', (ctx) => {
  const post = (url: string, headers: Record<string, string>, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload: payload as object });
  const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

  it("lists only the user's stores that have an access token", async () => {
    const { headers } = await signIn(ctx.app, ctx.fixture.users.alice, ctx.fixture.password);
    const list = await get('/store/list', headers);
    expect(list.json().data).toEqual([
      { store_id: ctx.fixture.storeA.id, store_title: 'Alpha Store', store_name: 'alpha-store', access_token: ctx.fixture.storeA.accessToken },
      { store_id: ctx.fixture.storeC.id, store_title: 'Gamma Store', store_name: 'gamma-store', access_token: ctx.fixture.storeC.accessToken },
    ]);
    const disconnected = await ctx.db
      .insertInto('stores')
      .values({ title: 'Disconnected', platform: 'shopify', store_name: 'disconnected', website: null, domain: null, hmac_secret: null, access_token: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const aliceId = (await ctx.db.selectFrom('users').select('id').where('email', '=', ctx.fixture.users.alice).executeTakeFirstOrThrow()).id;
    await ctx.db.insertInto('memberships').values({ user_id: aliceId, store_id: disconnected.id, role: 'owner' }).execute();
    expect((await get('/store/list', headers)).json().data).toHaveLength(2);
  });

  it('switches the session to another of its stores; the old store token stops working', async () => {
    const { login, headers } = await signIn(ctx.app, ctx.fixture.users.alice, ctx.fixture.password);
    const switched = await post('/store/store-token/update', headers, { store_id: ctx.fixture.storeC.id });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().data).toMatchObject({ store_access_token: ctx.fixture.storeC.accessToken, store: { store_name: 'gamma-store' } });
    const onC = authHeaders({ ...login, store_access_token: ctx.fixture.storeC.accessToken });
    expect((await get('/user/details', onC)).json().data.store.store_name).toBe('gamma-store');
    expect((await get('/user/details', headers)).statusCode).toBe(401);
    const byToken = await post('/store/store-token/update', onC, { access_token: ctx.fixture.storeA.accessToken });
    expect(byToken.json().data.store.store_name).toBe('alpha-store');
  });

  it('refuses to switch to a store the user is not a member of', async () => {
    const { headers } = await signIn(ctx.app, ctx.fixture.users.alice, ctx.fixture.password);
    for (const payload of [{ store_id: ctx.fixture.storeB.id }, { access_token: ctx.fixture.storeB.accessToken }]) {
      const response = await post('/store/store-token/update', headers, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Store not found.', code: 'not_found' });
    }
    expect((await get('/user/details', headers)).json().data.store.store_name).toBe('alpha-store');
  });

  it('updates the settings, website checked as a URL (spec §5), email_settings.unlayer a boolean', async () => {
    const { headers } = await signInOnStore(ctx.app, ctx.fixture.users.bob, ctx.fixture.password, ctx.fixture.storeB.id);
    const saved = await post('/store/setting/update', headers, { website: 'www.beta-shop.com/home', email_settings: { unlayer: true }, title: 'Beta Shop' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ title: 'Beta Shop', settings: { website: 'www.beta-shop.com/home', email_settings: { unlayer: true } } });
    expect((await get('/user/details', headers)).json().data.store.settings.email_settings.unlayer).toBe(true);
    const basics = await post('/store/setting/update', headers, { program_name: 'Beta Perks', points_label: 'beans' });
    expect(basics.json().data.settings).toMatchObject({
      program_name: 'Beta Perks',
      points_label: 'beans',
      email_settings: { unlayer: true },
      website: 'www.beta-shop.com/home',
    });
    for (const [payload, field] of [
      [{ website: 'not a url' }, 'website'],
      [{ website: 'ftp://x.com' }, 'website'],
      [{ email_settings: { unlayer: 'yes' } }, 'email_settings.unlayer'],
      [{ email_settings: { unlayer: true, extra: 1 } }, 'email_settings.extra'],
      [{ title: '' }, 'title'],
      [{ colour: 'red' }, 'colour'],
    ] as const) {
      const response = await post('/store/setting/update', headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().code).toBe('validation_failed');
      expect(Object.keys(response.json().errors)).toContain(field);
    }
    expect((await get('/user/details', headers)).json().data.store.title).toBe('Beta Shop');
  });

  it('saves the brand colour as #rrggbb (anything else refused with 422, nothing saved); the surfaces and emails the store starts with take it', async () => {
    const { headers } = await signInOnStore(ctx.app, ctx.fixture.users.bob, ctx.fixture.password, ctx.fixture.storeB.id);
    for (const primary_color of ['brown', '#6b3f1', '#6b3f1dff', 'rgb(107,63,29)', '']) {
      const refused = await post('/store/setting/update', headers, { primary_color, title: 'Not saved' });
      expect(refused.statusCode, primary_color).toBe(422);
      expect(refused.json().errors).toEqual({ primary_color: 'Enter a colour as # and six hex digits, such as #6b3f1d.' });
    }
    const before = (await get('/user/details', headers)).json().data.store;
    expect(before.title).not.toBe('Not saved');
    expect(before.settings.primary_color).toBeUndefined();
    // without a brand colour the store starts from the product's palette
    expect((await get('/onsite-display/launcher', headers)).json().data.document.desktop.background_color).toBe('#0060E7');

    const saved = await post('/store/setting/update', headers, { primary_color: '#6b3f1d' });
    expect(saved.statusCode).toBe(200);
    expect((await get('/user/details', headers)).json().data.store.settings.primary_color).toBe('#6b3f1d');
    const draft = async (kind: string) => (await get(`/onsite-display/${kind}`, headers)).json().data.document;
    expect((await draft('landing_page')).global.primary_color).toBe('#6b3f1d');
    expect(await draft('widget')).toMatchObject({ background_color: '#6b3f1d', text_color: '#ffffff' });
    expect((await draft('launcher')).mobile).toMatchObject({ background_color: '#6b3f1d', text_color: '#ffffff' });
    expect((await draft('custom_style')).styles.sticky_bar).toEqual({ accent_color: '#6b3f1d', accent_text_color: '#ffffff' });
    // shoppers see the same before anything is published
    expect((await get('/onsite-display/custom_style/published', headers)).json().data.document.styles.widget).toEqual({
      accent_color: '#6b3f1d',
      accent_text_color: '#ffffff',
    });
    const emails = (await get('/template', headers)).json().data as Array<{ document: { style: { accent: string } } }>;
    expect(emails.map((email) => email.document.style.accent)).toEqual(emails.map(() => '#6b3f1d'));
  });

  it('saves the points-expiry reminder days (early > final ≥ 1); refusals change nothing', async () => {
    const { headers } = await signIn(ctx.app, ctx.fixture.users.alice, ctx.fixture.password);
    const days = async () => (await get('/user/details', headers)).json().data.store.settings.email_settings;
    const saved = await post('/store/setting/update', headers, { email_settings: { early_expiry_days: 21, final_expiry_days: 3 } });
    expect(saved.statusCode).toBe(200);
    expect(await days()).toMatchObject({ early_expiry_days: 21, final_expiry_days: 3 });
    for (const [payload, message] of [
      [{ early_expiry_days: 3, final_expiry_days: 3 }, 'The early reminder goes out before the final one'],
      [{ early_expiry_days: 2, final_expiry_days: 5 }, 'The early reminder goes out before the final one'],
      [{ early_expiry_days: 10, final_expiry_days: 0 }, 'at least 1 day before'],
      [{ early_expiry_days: 1.5 }, 'whole number'],
      [{ early_expiry_days: 400 }, 'at most 365 days'],
      // a lone change is checked against the other day as stored (final 3, early 21)
      [{ early_expiry_days: 3 }, 'The early reminder goes out before the final one'],
      [{ final_expiry_days: 21 }, 'The early reminder goes out before the final one'],
    ] as const) {
      const response = await post('/store/setting/update', headers, { email_settings: payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(JSON.stringify(response.json().errors), JSON.stringify(payload)).toContain(message);
    }
    expect(await days()).toMatchObject({ early_expiry_days: 21, final_expiry_days: 3 });
    expect((await post('/store/setting/update', headers, { email_settings: { final_expiry_days: 20 } })).statusCode).toBe(200);
    expect(await days()).toMatchObject({ early_expiry_days: 21, final_expiry_days: 20 });
  });

  it('generates an HMAC secret, shows it once, never again; staff may not', async () => {
    const { headers } = await signIn(ctx.app, ctx.fixture.users.alice, ctx.fixture.password);
    const generated = await ctx.app.inject({ method: 'POST', url: '/api/v1/store/setting/generate-hmac-secrets', headers });
    expect(generated.statusCode).toBe(200);
    const secret = generated.json().data.hmac_secret as string;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const stored = await ctx.db.selectFrom('stores').select('hmac_secret').where('id', '=', ctx.fixture.storeA.id).executeTakeFirstOrThrow();
    expect(stored.hmac_secret).toBe(secret);
    for (const url of ['/user/details', '/store/list']) expect((await get(url, headers)).body).not.toContain(secret);
    const unchanged = await post('/store/setting/update', headers, {});
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.body).not.toContain(secret);
    const again = await post('/store/setting/generate-hmac-secrets', headers, {});
    expect(again.json().data.hmac_secret).not.toBe(secret);
    const staff = await signIn(ctx.app, ctx.fixture.users.sara, ctx.fixture.password);
    expect((await post('/store/setting/generate-hmac-secrets', staff.headers, {})).statusCode).toBe(403);
  });

  it('creates, lists and removes channels of the current store only', async () => {
    const { headers } = await signIn(ctx.app, ctx.fixture.users.alice, ctx.fixture.password);
    const created = await post('/store/channel/create', headers, { name: 'Pop-up shop', type: 'pos' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    const names = (await get('/store/channel/list', headers)).json().data.map((channel: { name: string }) => channel.name);
    expect(names).toEqual(['alpha web', 'Pop-up shop']);
    expect((await post('/store/channel/create', headers, { name: 'X', type: 'carrier-pigeon' })).statusCode).toBe(422);
    expect((await post('/store/channel/remove', headers, { id: ctx.fixture.storeB.channelId })).statusCode).toBe(404);
    expect((await post('/store/channel/remove', headers, { id })).statusCode).toBe(200);
    expect((await get('/store/channel/list', headers)).json().data).toHaveLength(1);
  });
});
