import { brotliDecompressSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { DEFAULT_DOCUMENTS } from '../../../presets/index.ts';
import { formatMoney } from '../../../renderers/format/index.ts';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';

describeEachDatabase('GET /landing/{store key}', (ctx) => {
  const page = (key: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: `/landing/${key}`, headers });

  const publishLanding = async (mutate: (doc: typeof DEFAULT_DOCUMENTS.landing_page) => void) => {
    const { headers } = await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, ctx.fixture.storeA.id);
    const current = (await ctx.app.inject({ method: 'GET', url: '/api/v1/onsite-display/landing_page', headers })).json().data;
    const doc = structuredClone(current.document);
    mutate(doc);
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/onsite-display/landing_page/draft',
      headers,
      payload: { base_version: current.draft_version, document: doc },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return { version: saved.json().data.version as number, headers };
  };

  /** A 404 page that nobody caches, with its heading. */
  const expectNotFound = (response: Awaited<ReturnType<typeof page>>, heading: string) => {
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain(`<h1>${heading}</h1>`);
  };

  it('answers 404 until the landing page is first published: neither the defaults nor a draft are public', async () => {
    const never = await page(ctx.fixture.storeA.storeName);
    expectNotFound(never, 'Rewards page not published yet');
    expect(never.body).toContain('Alpha Store has not published its rewards page yet.');
    expect(never.body).not.toContain('Join our rewards program');
    const { version, headers } = await publishLanding(() => {});
    expect((await page(ctx.fixture.storeA.storeName)).statusCode).toBe(404); // saved as a draft only
    const publish = await ctx.app.inject({ method: 'POST', url: '/api/v1/onsite-display/landing_page/publish', headers, payload: { version } });
    expect(publish.statusCode, publish.body).toBe(200);
    expect((await page(ctx.fixture.storeA.storeName)).statusCode).toBe(200);
    expect((await page(ctx.fixture.storeB.storeName)).statusCode).toBe(404); // another store's page is its own
  });

  it('serves the published default landing page as a complete HTML document for visitors, with no auth', async () => {
    const response = await page(ctx.fixture.storeA.storeName);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toMatch(/^<!doctype html><html lang="en">/);
    expect(response.body).toContain('<title>Alpha Store · Rewards</title>');
    expect(response.body).toMatch(/<style>[^<]*\.ls-root/);
    expect(response.body).toContain('Join our rewards program'); // the visitor banner, not the member one
    expect(response.body).not.toContain('Welcome back');
    expect(response.body).not.toMatch(/<script/i);
  });

  it('sends caching headers with an ETag of the published version and a CSP for the inline style only', async () => {
    const response = await page(ctx.fixture.storeA.storeName);
    expect(response.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
    expect(response.headers.etag).toMatch(/^"v\d+-[\w-]+"$/);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'unsafe-inline'");
    expect(csp).not.toContain('script-src');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const again = await page(ctx.fixture.storeA.storeName, { 'if-none-match': String(response.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // compressed for a browser that takes it: the tag of those bytes is weak, and still revalidates
    const compressed = await page(ctx.fixture.storeA.storeName, { 'accept-encoding': 'gzip, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.headers.etag).toBe(`W/${response.headers.etag}`);
    expect(compressed.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
    expect(brotliDecompressSync(compressed.rawPayload).toString('utf8')).toBe(response.body);
    const revalidated = await page(ctx.fixture.storeA.storeName, { 'accept-encoding': 'gzip, br', 'if-none-match': String(compressed.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.etag).toBe(compressed.headers.etag);
  });

  it('shows a change only once it is published, with merchant text escaped', async () => {
    const title = 'Alpha <script>alert("x")</script> & friends';
    const { version, headers } = await publishLanding((doc) => {
      doc.sections[0]!.content.visitor.title = title;
    });
    const draftOnly = await page(ctx.fixture.storeA.storeName);
    expect(draftOnly.body).not.toContain('Alpha &lt;script&gt;');
    const oldEtag = String(draftOnly.headers.etag);

    const publish = await ctx.app.inject({ method: 'POST', url: '/api/v1/onsite-display/landing_page/publish', headers, payload: { version } });
    expect(publish.statusCode).toBe(200);
    const published = await page(ctx.fixture.storeA.storeName);
    expect(published.body).toContain('Alpha &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; friends');
    expect(published.body).not.toMatch(/<script/i);
    expect(published.headers.etag).toMatch(new RegExp(`^"v${version}-`));
    expect((await page(ctx.fixture.storeA.storeName, { 'if-none-match': oldEtag })).statusCode).toBe(200);
    // another store's page is its own
    expect((await page(ctx.fixture.storeB.storeName)).body).not.toContain('Alpha &lt;script');
  });

  it("draws the page in the landing page's published custom style, not another surface's", async () => {
    const { headers } = await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, ctx.fixture.storeA.id);
    const base = (await ctx.app.inject({ method: 'GET', url: '/api/v1/onsite-display/custom_style', headers })).json().data.draft_version as number;
    const save = (version: number, surface: string, style: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/store/custom-style',
        headers,
        payload: { base_version: version, widget_name: surface, custom_widget_style: style },
      });
    await save(base, 'widget', { border_radius: 7 });
    const saved = await save(base + 1, 'landing_page', { font_family: 'serif', accent_color: '#5b2a86', font_scale: 110 });
    const root = async () => (await page(ctx.fixture.storeA.storeName)).body.match(/<div class="ls-root ls-landing"[^>]*>/)![0];
    expect(await root()).not.toContain('--ls-font-family');

    await ctx.app.inject({ method: 'POST', url: '/api/v1/onsite-display/custom_style/publish', headers, payload: { version: saved.json().data.version } });
    const styled = await root();
    expect(styled).toContain('--ls-font-family:Georgia');
    expect(styled).toContain('--ls-accent:#5b2a86');
    expect(styled).toContain('--ls-font-scale:1.1');
    expect(styled).not.toContain('--ls-radius:7px');
  });

  it('hides sections the merchant switched off', async () => {
    const { version, headers } = await publishLanding((doc) => {
      doc.sections[0]!.content.visitor.title = 'Hidden banner title';
      doc.sections[0]!.visible = false;
    });
    await ctx.app.inject({ method: 'POST', url: '/api/v1/onsite-display/landing_page/publish', headers, payload: { version } });
    expect((await page(ctx.fixture.storeA.storeName)).body).not.toContain('Hidden banner title');
  });

  it("draws the store's real ways to earn and to redeem: a rule changed in the program shows after the landing page is published", async () => {
    const { version, headers } = await publishLanding(() => {});
    const api = (url: string, payload: unknown) => ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload: payload as object });
    const earn = await api('/points/store', { type: 'review', title: 'Review a product', points: 35 });
    expect(earn.statusCode, earn.body).toBe(201);
    const redeem = await api('/redeem/store', { type: 'free_shipping', title: 'Free delivery', points_cost: 420 });
    expect(redeem.statusCode, redeem.body).toBe(201);
    await api('/store/setting/update', { points_label: 'stars' });
    await ctx.app.inject({ method: 'POST', url: '/api/v1/onsite-display/landing_page/publish', headers, payload: { version } });
    const published = (await page(ctx.fixture.storeA.storeName)).body;
    expect(published).toContain('Review a product');
    expect(published).toContain('+35 stars');
    expect(published).toContain('Free delivery');
    expect(published).toContain('420 stars');

    const before = await page(ctx.fixture.storeA.storeName);
    const renamed = await api('/points/update', { id: earn.json().data.id, type: 'review', title: 'Write a review', points: 35 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await page(ctx.fixture.storeA.storeName);
    expect(after.body).toContain('Write a review');
    expect(after.body).not.toContain('Review a product');
    expect(after.headers.etag).not.toBe(before.headers.etag); // a rule change is a new page for caches
  });

  it("words the program's ways in the page's language: what the rules give reads in French on the French page, in Arabic on the Arabic one", async () => {
    const { version, headers } = await publishLanding(() => {});
    const api = (url: string, payload: unknown) => ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload: payload as object });
    expect((await api('/store/setting/update', { languages: ['fr', 'ar'], points_label: 'points' })).statusCode).toBe(200);
    expect((await api('/points/store', { type: 'order', title: 'Shop with us', points: 2 })).statusCode).toBe(201);
    expect((await api('/redeem/store', { type: 'percentage', title: 'Big saving', points_cost: 300, discount_value: 15 })).statusCode).toBe(201);
    await ctx.app.inject({ method: 'POST', url: '/api/v1/onsite-display/landing_page/publish', headers, payload: { version } });
    const key = ctx.fixture.storeA.storeName;
    const english = (await page(key)).body;
    expect(english).toContain('2 points per $1 spent');
    expect(english).toContain('15% off');
    expect(english).toContain('Free shipping');

    const french = (await page(`${key}/fr`)).body;
    expect(french).toContain(`2 points pour ${formatMoney(100, 'USD', 'fr')} dépensé`);
    expect(french).toContain(`${new Intl.NumberFormat('fr', { style: 'percent' }).format(0.15)} de réduction`);
    expect(french).toContain('Livraison offerte');
    expect(french).not.toMatch(/per \$1 spent|15% off|Free shipping/);
    // the merchant's titles are the merchant's
    expect(french).toContain('Shop with us');

    const arabic = (await page(`${key}/ar`)).body;
    expect(arabic).toContain(`نقطتان مقابل كل ${formatMoney(100, 'USD', 'ar')} تنفقها`);
    expect(arabic).toContain('شحن مجاني');
  });

  it('words the referral offers in the page’s language: on the French page they read in French, no English', async () => {
    // the cards without texts of their own (the product's wording), and a paragraph of placeholders only
    const { version, headers } = await publishLanding((doc) => {
      const referral = doc.sections.find((section) => section.type === 'referral')!;
      for (const content of [referral.content.member, referral.content.visitor]) {
        delete content.refereeReward;
        delete content.referrerReward;
        content.paragraph = '{friend_reward} · {referral_reward}';
      }
    });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/store/setting/update', headers, payload: { languages: ['fr'] } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/onsite-display/landing_page/publish', headers, payload: { version } })).statusCode).toBe(200);
    const key = ctx.fixture.storeA.storeName;
    const section = (body: string) => /<section[^>]*data-section-type="referral"[\s\S]*?<\/section>/.exec(body)?.[0] ?? '';
    const text = (html: string) =>
      html
        .replace(/<[^>]+>/g, ' ')
        .replace(/[ \n\t]+/g, ' ')
        .trim();

    const english = text(section((await page(key)).body));
    expect(english).toContain('$5 off coupon · 5% off coupon');
    expect(english).toContain('They get $5 off coupon');

    const french = text(section((await page(`${key}/fr`)).body));
    const friend = `coupon de ${formatMoney(500, 'USD', 'fr')} de réduction`;
    const referrer = `coupon de ${new Intl.NumberFormat('fr', { style: 'percent' }).format(0.05)} de réduction`;
    expect(french).toContain(`${friend} · ${referrer}`);
    expect(french).toContain(`Ils reçoivent ${friend}`);
    expect(french).toContain(`Vous recevez ${referrer}`);
    expect(french).not.toMatch(/ off|They get|You get/);
  });

  it('answers an unknown store key with a 404 page that says so, escaping the key', async () => {
    const response = await page('no-such-store%3Cb%3E');
    expectNotFound(response, 'Rewards page not found');
    expect(response.body).toContain('no-such-store&lt;b&gt;');
    expect(response.body).not.toContain('<b>');
  });
});
