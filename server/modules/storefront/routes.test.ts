import { LOADER_CHROME_ICONS } from '../../../renderers/shared/page-icons.ts';
import { contextFromPayload, type StorefrontPayload } from '../../../renderers/context.ts';
import { earnWayText, fillPlaceholders, formatMoney, redeemWayText, referralOfferText } from '../../../renderers/format/index.ts';
import { t } from '../../../renderers/i18n/index.ts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, it, beforeAll } from 'vitest';
import { ICONS } from '../../../presets/index.ts';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { earningRuleBody } from '../../contract/points.ts';
import { redeemRuleBody } from '../../contract/redeem.ts';
import { credit, verifyLedger } from '../../domain/ledger/index.ts';
import { createEarningRule, createRedeemRule } from '../rules/index.ts';
import { customerDigest } from './service.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';

describeEachDatabase('shopper API', (ctx) => {
  const store = () => ctx.fixture.storeA;
  let fiveOff = 0;
  const externalId = 'shop-cust-1';
  const sign = (id = externalId) => ({ customer_id: id, digest: customerDigest(store().hmacSecret, id) });
  const url = (path: string) => `/storefront/v1/${store().storeName}${path}`;
  const act = (payload: object) => ctx.app.inject({ method: 'POST', url: url('/actions'), payload: { ...sign(), ...payload } });
  const member = async () => (await ctx.app.inject({ method: 'GET', url: url(`/member?${new URLSearchParams(sign())}`) })).json().data;

  beforeAll(async () => {
    const customerId = ctx.fixture.storeA.customerIds[0]!;
    await ctx.db.updateTable('customers').set({ external_id: externalId }).where('id', '=', customerId).execute();
    await createEarningRule(ctx.db, store().id, earningRuleBody.parse({ type: 'order', title: 'Place an order', points: 1 }), ctx.clock.now());
    await createEarningRule(ctx.db, store().id, earningRuleBody.parse({ type: 'birthday', title: 'Birthday', points: 100 }), ctx.clock.now());
    await createEarningRule(
      ctx.db,
      store().id,
      earningRuleBody.parse({ type: 'social_follow', title: 'Follow on Instagram', points: 20, limit_type: 'once', config: { network: 'instagram' } }),
      ctx.clock.now(),
    );
    fiveOff = (
      await createRedeemRule(
        ctx.db,
        store().id,
        redeemRuleBody.parse({ type: 'fixed_amount', title: '$5 off', points_cost: 500, discount_value: 500 }),
        ctx.clock.now(),
      )
    ).id;
    await createRedeemRule(
      ctx.db,
      store().id,
      redeemRuleBody.parse({ type: 'percentage', title: '10% off', points_cost: 1000, discount_value: 10 }),
      ctx.clock.now(),
    );
    await credit(
      ctx.db,
      { storeId: store().id, customerId, type: 'adjustment', points: 700, sourceType: 'test', sourceId: 'fund', computation: 'test funds' },
      ctx.clock.now(),
    );
  });

  it('shows the member: balance, ways to earn and what they can afford', async () => {
    const data = await member();
    expect(data).toMatchObject({ pointsBalance: 700, pendingPoints: 0, lifetimePoints: 700, firstName: 'Annalpha' });
    expect(data.waysToEarn).toContainEqual(expect.objectContaining({ title: 'Place an order', rate: { points: 1, perMinor: 100 } }));
    expect(data.waysToRedeem.map((way: { title: string; affordable: boolean }) => [way.title, way.affordable])).toEqual([
      ['$5 off', true],
      ['10% off', false],
    ]);
  });

  it('redeems once per Idempotency-Key, issues a unique code, and refuses without enough points', async () => {
    const redeem = (key: string) =>
      ctx.app.inject({ method: 'POST', url: url('/redeem'), headers: { 'idempotency-key': key }, payload: { ...sign(), redeem_id: fiveOff } });
    const first = await redeem('k-1');
    expect(first.statusCode).toBe(200);
    const retry = await redeem('k-1');
    expect(retry.json()).toEqual(first.json());
    expect(first.json().data).toMatchObject({ title: '$5 off', discount_type: 'fixed_amount', discount_value: 500, points_spent: 500 });
    expect(first.json().data.code).toMatch(/^LS-[A-Z2-9]{10}$/);
    expect((await member()).pointsBalance).toBe(200);
    const poor = await redeem('k-2');
    expect(poor.statusCode).toBe(422);
    expect(poor.json()).toEqual({ message: 'Not enough points', errors: {}, code: 'not_enough_points' });
    expect((await redeem('k-2')).json()).toEqual(poor.json());
    expect((await member()).pointsBalance).toBe(200);
    expect((await member()).rewards).toHaveLength(1);
    expect(await verifyLedger(ctx.db, store().id)).toEqual([]);
  });

  it('refuses a wrong digest with 401 and serves CORS only on the shopper API', async () => {
    const forged = await ctx.app.inject({
      method: 'GET',
      url: url(`/member?customer_id=${externalId}&digest=${'0'.repeat(64)}`),
      headers: { origin: 'https://shop.example' },
    });
    expect(forged.statusCode).toBe(401);
    const ok = await ctx.app.inject({ method: 'GET', url: url(`/member?${new URLSearchParams(sign())}`), headers: { origin: 'https://shop.example' } });
    expect(ok.headers['access-control-allow-origin']).toBe('*');
    const api = await ctx.app.inject({ method: 'GET', url: '/api/v1/store/list', headers: { origin: 'https://shop.example' } });
    expect(api.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('claims a follow once and books the birthday reward for the right year (spec §5)', async () => {
    expect((await act({ action: 'social_follow', network: 'instagram' })).json().data).toEqual({ points: 20, duplicate: false });
    expect((await act({ action: 'social_follow', network: 'instagram' })).json().data).toEqual({ points: 20, duplicate: true });
    // today is 2026-03-01: 2026-03-20 is less than a month away → next year; 2026-05-02 → this year
    const soon = await act({ action: 'birthday', birthday: '1990-03-20' });
    expect(soon.json().data).toEqual({ birthday: '1990-03-20', reward_on: '2027-03-20', points: 100 });
    const data = await member();
    expect(data).toMatchObject({ pointsBalance: 220, pendingPoints: 100, birthday: '1990-03-20' });
  });

  it('bootstraps the embed in one request: documents, program and member', async () => {
    const visitor = await ctx.app.inject({ method: 'GET', url: url('/bootstrap') });
    expect(visitor.statusCode).toBe(200);
    const payload = visitor.json().data;
    expect(payload).toMatchObject({ storeKey: 'alpha-store', storeName: 'Alpha Store', member: null, program: { pointsLabel: 'points' } });
    // the landing page is its own page: the embed gets only what it draws, and the icons those use
    expect(Object.keys(payload.documents).sort()).toEqual(['launcher', 'stickyBar', 'widget']);
    const wayIcons = payload.program.waysToEarn.map((way: { icon?: string }) => way.icon).filter(Boolean);
    expect(wayIcons.length).toBeGreaterThan(0);
    for (const icon of wayIcons) expect(payload.icons).toHaveProperty(icon);
    expect(Object.keys(payload.icons).length).toBeLessThan(ICONS.length);
    // the loader carries no drawing nor theme code: its chrome icons and the themes in use come here
    for (const icon of LOADER_CHROME_ICONS) expect(payload.icons[icon]).toMatch(/^M/);
    const themed = [...payload.themeCss.matchAll(/data-theme="([^"]+)"/g)].map((match) => match[1]);
    expect(themed).toEqual(['light']);
    expect(payload.themeCss).toContain('--ls-accent:');
    // loader.js carries no CSS: the launcher's and the sticky bar's rules come here (the preview bar's only to a preview)
    expect(payload.themeCss).toContain('.ls-launcher');
    expect(payload.themeCss).toContain('.ls-bar');
    expect(payload.themeCss).not.toContain('.ls-preview');
    expect(payload.themeCss).not.toContain('.ls-widget{');
    expect(payload.program.waysToRedeem.map((way: { cost: number }) => way.cost)).toEqual([500, 1000]);
    const signed = await ctx.app.inject({ method: 'GET', url: url(`/bootstrap?${new URLSearchParams(sign())}`) });
    expect(signed.json().data.member).toMatchObject({ customerId: String(ctx.fixture.storeA.customerIds[0]), pointsBalance: 220 });
    // nor placeholder code: the launcher's and the sticky bar's texts come filled for the shopper
    const drawer = (data: { documents: { stickyBar: { drawer: Record<string, { primary_text: string }> } } }) => data.documents.stickyBar.drawer;
    expect(drawer(payload).logged_in!.primary_text).not.toMatch(/\{\w+\}/);
    expect(drawer(signed.json().data).logged_in!.primary_text).toMatch(/^Hi Annalpha, you have 220 points/);
    expect((await ctx.app.inject({ method: 'GET', url: url(`/bootstrap?customer_id=${externalId}&digest=${'a'.repeat(64)}`) })).statusCode).toBe(401);
  });

  it("bootstraps in the shopper's language: one catalog, and the signed-in member's language is kept for e-mails", async () => {
    const english = (await ctx.app.inject({ method: 'GET', url: url('/bootstrap') })).json().data;
    expect(english).toMatchObject({ locale: 'en', messages: { 'reward.copy': 'Copy' } });
    const french = (await ctx.app.inject({ method: 'GET', url: url('/bootstrap?locale=fr-CA') })).json().data;
    expect(french.locale).toBe('fr-CA');
    expect(french.messages['reward.copy']).toBe('Copier');
    // one language only: no other catalog's words in the answer
    expect(JSON.stringify(french)).not.toContain('Kopieren');
    const arabic = (await ctx.app.inject({ method: 'GET', url: url(`/bootstrap?locale=ar&${new URLSearchParams(sign())}`) })).json().data;
    expect(arabic.messages['surface.rewards']).toBe('المكافآت');
    const kept = () => ctx.db.selectFrom('customers').select('locale').where('id', '=', ctx.fixture.storeA.customerIds[0]!).executeTakeFirstOrThrow();
    expect((await kept()).locale).toBe('ar');
    await ctx.app.inject({ method: 'GET', url: url(`/bootstrap?${new URLSearchParams(sign())}`) });
    expect((await kept()).locale).toBe('ar');
    const bad = await ctx.app.inject({ method: 'GET', url: url(`/bootstrap?locale=${encodeURIComponent('<script>')}&${new URLSearchParams(sign())}`) });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toMatch(/not a BCP 47 tag/);
    expect((await kept()).locale).toBe('ar');
  });

  it("words the ways to earn and to redeem in the shopper's language: the rules' figures and that language's catalog travel, no English", async () => {
    const lines = (payload: StorefrontPayload) => {
      const shopperCtx = contextFromPayload(payload, 'desktop');
      return [
        ...payload.program.waysToEarn.map((way) => earnWayText(way, shopperCtx)),
        ...payload.program.waysToRedeem.map((way) => redeemWayText(way, shopperCtx)),
      ];
    };
    const bootstrapIn = async (locale: string) =>
      (await ctx.app.inject({ method: 'GET', url: url(`/bootstrap?locale=${locale}`) })).json().data as StorefrontPayload;
    const english = await bootstrapIn('en');
    expect(lines(english)).toEqual(['1 point per $1 spent', '100 points', '20 points', '$5 off', '10% off']);
    const french = await bootstrapIn('fr');
    const tenPercent = new Intl.NumberFormat('fr', { style: 'percent' }).format(0.1);
    expect(lines(french)).toEqual([
      `1 point pour ${formatMoney(100, 'USD', 'fr')} dépensé`,
      '100 points',
      '20 points',
      `${formatMoney(500, 'USD', 'fr')} de réduction`,
      `${tenPercent} de réduction`,
    ]);
    // the ways carry figures, not the server's English
    expect([...french.program.waysToEarn, ...french.program.waysToRedeem].filter((way) => way.description !== undefined)).toEqual([]);
    const arabic = await bootstrapIn('ar');
    expect(lines(arabic)[0]).toBe(`نقطة واحدة مقابل كل ${formatMoney(100, 'USD', 'ar')} تنفقها`);
  });

  it("words the referral offers in the shopper's language: the program's and a referral link's travel as figures, French reads no English", async () => {
    const bootstrapIn = async (locale: string) =>
      (await ctx.app.inject({ method: 'GET', url: url(`/bootstrap?locale=${locale}`) })).json().data as StorefrontPayload;
    const french = await bootstrapIn('fr');
    // spec §9's offer, as figures
    expect(french.program.referral).toEqual({ referee: { kind: 'amount_off', amountMinor: 500 }, referrer: { kind: 'percent_off', percent: 5 } });
    const frenchCtx = contextFromPayload(french, 'desktop');
    const offers = fillPlaceholders('{friend_reward} | {referral_reward}', frenchCtx);
    const fivePercent = new Intl.NumberFormat('fr', { style: 'percent' }).format(0.05);
    expect(offers).toBe(`coupon de ${formatMoney(500, 'USD', 'fr')} de réduction | coupon de ${fivePercent} de réduction`);
    expect(offers).not.toMatch(/ off|\$5|5%/);
    const english = contextFromPayload(await bootstrapIn('en'), 'desktop');
    expect(fillPlaceholders('{friend_reward} | {referral_reward}', english)).toBe('$5 off coupon | 5% off coupon');

    // a friend through the member's link: the visit answers the offer as figures, the widget words them in French
    const code = new URL((await member()).referralLink).searchParams.get('ref')!;
    const visit = await ctx.app.inject({ method: 'POST', url: url('/referral/visit'), payload: { code }, remoteAddress: '198.51.100.40' });
    expect(visit.statusCode, visit.body).toBe(200);
    const { offer } = visit.json().data;
    expect(offer).toEqual({ kind: 'amount_off', amountMinor: 500 });
    expect(t(frenchCtx, 'referral.sentYou', { offer: referralOfferText(offer, frenchCtx) })).toBe(
      `{name} vous offre : coupon de ${formatMoney(500, 'USD', 'fr')} de réduction.`,
    );
    // the points a referrer may get instead, in the store's words or the shopper's language
    const { headers } = await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, store().id);
    const settings = (await ctx.app.inject({ method: 'GET', url: '/api/v1/referral-setting', headers })).json().data;
    const points = { ...settings, referrer_reward: { type: 'points', value: 250 } };
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/referral-setting/store', headers, payload: points })).statusCode).toBe(200);
    const withPoints = contextFromPayload(await bootstrapIn('ar'), 'desktop');
    expect(withPoints.program.referral.referrer).toEqual({ kind: 'points', points: 250 });
    expect(fillPlaceholders('{referral_reward}', withPoints)).toBe(`${new Intl.NumberFormat('ar').format(250)} نقطة`);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/referral-setting/store', headers, payload: settings })).statusCode).toBe(200);
  });

  it('sends the bootstrap compressed to a browser that takes it (brotli, else gzip) and plain to one that does not: the same JSON', async () => {
    const bootstrapWith = (encoding?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: url(`/bootstrap?locale=fr&${new URLSearchParams(sign())}`),
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const plain = await bootstrapWith();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const json = plain.json();
    expect(json.data.member).not.toBeNull();

    const gzipped = await bootstrapWith('gzip, deflate');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(gzipped.headers['content-length'])).toBe(gzipped.rawPayload.length);
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual(json);

    const brotli = await bootstrapWith('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(json);
    expect((await bootstrapWith('identity')).headers['content-encoding']).toBeUndefined();
    // a small answer goes as it is
    const refused = await ctx.app.inject({
      method: 'GET',
      url: url(`/bootstrap?customer_id=${externalId}&digest=${'a'.repeat(64)}`),
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('bootstraps the published custom styles: the documents for the widget, resolved properties for the loader', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: url('/bootstrap') })).json().data;
    expect(before.customStyles).toEqual({});
    expect(before.styleProperties).toEqual({ launcher: { desktop: {}, mobile: {} }, sticky_bar: {} });

    const { headers } = await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, store().id);
    const base = (await ctx.app.inject({ method: 'GET', url: '/api/v1/onsite-display/custom_style', headers })).json().data.draft_version as number;
    const save = (version: number, surface: string, style: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/store/custom-style',
        headers,
        payload: { base_version: version, widget_name: surface, custom_widget_style: style },
      });
    expect((await save(base, 'widget', { accent_color: '#6b3f1d', font_family: 'serif' })).statusCode).toBe(200);
    expect((await save(base + 1, 'launcher', { shadow: 'soft' })).statusCode).toBe(200);
    // readable by itself, but not with the theme's white accent text: the bar keeps its theme colours
    const draft = await save(base + 2, 'sticky_bar', { accent_color: '#fff59d', border_radius: 2 });
    const unpublished = (await ctx.app.inject({ method: 'GET', url: url('/bootstrap') })).json().data;
    expect(unpublished.customStyles).toEqual({});

    const version = draft.json().data.version as number;
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/onsite-display/custom_style/publish', headers, payload: { version } })).statusCode).toBe(200);
    const payload = (await ctx.app.inject({ method: 'GET', url: url('/bootstrap') })).json().data;
    expect(payload.customStyles).toEqual({
      widget: { accent_color: '#6b3f1d', font_family: 'serif' },
      launcher: { shadow: 'soft' },
      sticky_bar: { accent_color: '#fff59d', border_radius: 2 },
    });
    expect(payload.styleProperties.launcher.desktop).toEqual({ '--ls-shadow': '0 2px 8px rgba(0,0,0,.12)' });
    expect(payload.styleProperties.sticky_bar).toEqual({ '--ls-radius': '2px' });
  });

  it('gives each way the shopper performs its action, credits a follow and the newsletter once per shopper, and refuses the rest', async () => {
    const now = ctx.clock.now();
    await createEarningRule(
      ctx.db,
      store().id,
      earningRuleBody.parse({
        type: 'social_follow',
        title: 'Follow on TikTok',
        points: 15,
        config: { network: 'tiktok', url: 'https://tiktok.example/@shop' },
      }),
      now,
    );
    await createEarningRule(ctx.db, store().id, earningRuleBody.parse({ type: 'newsletter', title: 'Join the newsletter', points: 30 }), now);
    await createEarningRule(
      ctx.db,
      store().id,
      earningRuleBody.parse({ type: 'review', title: 'Review a product', points: 40, config: { url: 'https://shop.example/reviews' } }),
      now,
    );
    await createEarningRule(
      ctx.db,
      store().id,
      earningRuleBody.parse({ type: 'review', title: 'Review (unsafe link)', points: 40, config: { url: 'javascript:alert(1)' } }),
      now,
    );
    const actions = Object.fromEntries((await member()).waysToEarn.map((way: { title: string; action?: object }) => [way.title, way.action]));
    expect(actions).toMatchObject({
      'Place an order': undefined,
      Birthday: { kind: 'birthday' },
      'Follow on Instagram': { kind: 'follow', network: 'instagram' },
      'Follow on TikTok': { kind: 'follow', network: 'tiktok', url: 'https://tiktok.example/@shop' },
      'Join the newsletter': { kind: 'newsletter' },
      'Review a product': { kind: 'review', url: 'https://shop.example/reviews' },
      'Review (unsafe link)': undefined,
    });
    const before = (await member()).pointsBalance;
    // a rule without a limit still credits a follow once per shopper: the claim is keyed by the network
    expect((await act({ action: 'social_follow', network: 'tiktok' })).json().data).toEqual({ points: 15, duplicate: false });
    expect((await act({ action: 'social_follow', network: 'tiktok' })).json().data).toEqual({ points: 15, duplicate: true });
    expect((await act({ action: 'newsletter' })).json().data).toEqual({ points: 30, duplicate: false });
    expect((await act({ action: 'newsletter' })).json().data).toEqual({ points: 30, duplicate: true });
    const unknownNetwork = await act({ action: 'social_follow', network: 'myspace' });
    expect([unknownNetwork.statusCode, unknownNetwork.json().code]).toEqual([404, 'not_found']);
    const forged = await ctx.app.inject({ method: 'POST', url: url('/actions'), payload: { ...sign(), digest: '0'.repeat(64), action: 'newsletter' } });
    expect(forged.statusCode).toBe(401);
    expect((await act({ action: 'review' })).statusCode).toBe(422);
    expect((await member()).pointsBalance).toBe(before + 45);
  });

  it('rate-limits shopper actions per address with a 429 and Retry-After', async () => {
    const claim = () =>
      ctx.app.inject({
        method: 'POST',
        url: url('/actions'),
        payload: { ...sign(), action: 'social_follow', network: 'instagram' },
        remoteAddress: '198.51.100.77',
      });
    for (let n = 0; n < 20; n += 1) expect((await claim()).statusCode).toBe(200);
    const refused = await claim();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
