// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StorefrontPayload } from '../context.ts';
import { catalogFor } from '../i18n/index.ts';
import { launcherDoc, MEMBER, PROGRAM, stickyBarDoc, TEST_THEMES, widgetDoc } from '../testing/fixtures.ts';
import { loaderStylesheet } from '../theme/index.ts';
import { reportEvent } from './beacon.ts';
import { anonymousId, bootstrapUrl, mountEmbed, previewToken, readScriptOptions, startEmbed, type EmbedHandle } from './loader.ts';
import type { PanelModule } from './panel-api.ts';
import { annotatePure } from './pure-annotations.ts';

const payload = (patch: Partial<StorefrontPayload> = {}): StorefrontPayload => ({
  storeKey: 'demo-coffee-roasters',
  storeName: 'Demo Coffee Roasters',
  locale: 'en-US',
  messages: catalogFor('en'),
  theme: 'light',
  themes: TEST_THEMES,
  themeCss: loaderStylesheet(TEST_THEMES, ['light'], patch.preview ?? false),
  documents: { widget: widgetDoc(), launcher: launcherDoc(), stickyBar: stickyBarDoc() },
  program: PROGRAM,
  icons: {},
  member: null,
  ...patch,
});
const loadPanel = () => import('./panel.tsx') as Promise<PanelModule>;
const handles: EmbedHandle[] = [];
const mount = (p: StorefrontPayload) => {
  const h = mountEmbed(document, p, loadPanel);
  handles.push(h);
  return h;
};
afterEach(() => {
  handles.splice(0).forEach((h) => h.remove());
  vi.unstubAllGlobals();
});
const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

function script(attrs: Record<string, string>) {
  const tag = document.createElement('script');
  tag.src = 'https://loyalty.example/embed/loader.js';
  for (const [name, value] of Object.entries(attrs)) tag.setAttribute(name, value);
  return tag;
}

/** The anonymous id the embed keeps for this browser (set here so addresses are known). */
const AID = 'test-shopper-0001';

describe('script tag options and the bootstrap address', () => {
  beforeEach(() => window.localStorage.setItem('ls_aid', AID));
  it('reads the store key and, for a signed-in shopper, the customer id and digest', () => {
    const options = readScriptOptions(script({ 'data-store': 'demo-coffee-roasters', 'data-customer-id': '100000', 'data-customer-digest': 'ab12' }))!;
    expect(options).toMatchObject({ store: 'demo-coffee-roasters', customerId: '100000', digest: 'ab12' });
    expect(bootstrapUrl(options)).toBe(
      'https://loyalty.example/storefront/v1/demo-coffee-roasters/bootstrap?customer_id=100000&digest=ab12&aid=test-shopper-0001&locale=en-US',
    );
  });
  it('asks as a visitor without a complete signature, and encodes the key', () => {
    const options = readScriptOptions(script({ 'data-store': 'a/b?c', 'data-customer-id': '7' }))!;
    expect(bootstrapUrl(options)).toBe('https://loyalty.example/storefront/v1/a%2Fb%3Fc/bootstrap?aid=test-shopper-0001&locale=en-US');
  });
  it('does nothing without data-store', () => {
    expect(readScriptOptions(script({}))).toBeNull();
  });
});

describe('experiments: the anonymous id and the beacon', () => {
  it('makes one anonymous id per browser and keeps it', () => {
    window.localStorage.removeItem('ls_aid');
    const first = anonymousId(window)!;
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(anonymousId(window)).toBe(first);
    expect(window.localStorage.getItem('ls_aid')).toBe(first);
  });
  it('reports an event to each experiment of the page load with navigator.sendBeacon, as text', () => {
    const sendBeacon = vi.fn(() => true);
    Object.defineProperty(window.navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    const api = { store: 'demo', base: new URL('https://loyalty.example/embed/') };
    reportEvent(window, api, [{ kind: 'widget', variant: 'b', beacon: 'token-1' }], 'open');
    expect(sendBeacon).toHaveBeenCalledExactlyOnceWith(
      'https://loyalty.example/storefront/v1/demo/beacon',
      JSON.stringify({ token: 'token-1', event: 'open' }),
    );
    reportEvent(window, api, undefined, 'open');
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });
});

describe("the shopper's language", () => {
  beforeEach(() => window.localStorage.setItem('ls_aid', AID));
  afterEach(() => {
    document.documentElement.removeAttribute('lang');
    delete (window as { Shopify?: unknown }).Shopify;
  });
  const localeOf = (attrs: Record<string, string> = {}) => readScriptOptions(script({ 'data-store': 'demo', ...attrs }))!.locale;

  it("is the page's <html lang>, canonicalised, and travels in the bootstrap's query", () => {
    document.documentElement.lang = 'pt_br';
    expect(localeOf()).toBe('pt-BR');
    expect(bootstrapUrl(readScriptOptions(script({ 'data-store': 'demo' }))!)).toBe(
      'https://loyalty.example/storefront/v1/demo/bootstrap?aid=test-shopper-0001&locale=pt-BR',
    );
  });
  it("prefers the script's data-locale, then Shopify.locale, then the page, then the browser", () => {
    document.documentElement.lang = 'de';
    (window as { Shopify?: unknown }).Shopify = { locale: 'fr' };
    expect(localeOf({ 'data-locale': 'ar' })).toBe('ar');
    expect(localeOf()).toBe('fr');
    delete (window as { Shopify?: unknown }).Shopify;
    expect(localeOf()).toBe('de');
    document.documentElement.removeAttribute('lang');
    expect(localeOf()).toBe(navigator.language);
  });
  it('leaves out what is no language tag (the server then answers in its default)', () => {
    document.documentElement.lang = 'english please';
    vi.stubGlobal('navigator', { ...navigator, language: '' });
    expect(localeOf()).toBeUndefined();
    expect(localeOf({ 'data-locale': '12' })).toBeUndefined();
  });
});

describe('mountEmbed', () => {
  it("draws the launcher and the sticky bar in an open shadow root, styled from inside it by the bootstrap's stylesheet", () => {
    const { host, root, launcher } = mount(payload());
    expect(host.parentElement).toBe(document.body);
    expect(host.shadowRoot).toBe(root);
    expect(host.style.getPropertyValue('display')).toBe('contents');
    expect(launcher?.textContent).toBe('Get Rewarded');
    expect(root.querySelector('.ls-bar')?.textContent).toBe('Earn 1 point per $1 spent');
    const css =
      root.adoptedStyleSheets.length > 0
        ? [...root.adoptedStyleSheets[0]!.cssRules].map((r) => r.cssText).join('')
        : (root.querySelector('style')?.textContent ?? '');
    expect(css).toContain('.ls-launcher');
    expect(css).toContain('--ls-accent');
    // the widget's and the landing page's rules are not shipped with the loader
    expect(css).not.toContain('.ls-widget{');
    expect(css).not.toContain('.ls-section');
  });

  it('applies the published custom style: resolved properties on the launcher and bar, the widget from its document', async () => {
    const handle = mount(
      payload({
        customStyles: { widget: { accent_color: '#123456', font_family: 'serif' } },
        styleProperties: { launcher: { desktop: { '--ls-l-bg': '#654321' } }, sticky_bar: { '--ls-radius': '3px' } },
      }),
    );
    expect(handle.launcher!.style.getPropertyValue('--ls-l-bg')).toBe('#654321');
    expect(handle.root.querySelector<HTMLElement>('.ls-bar-wrap')!.style.getPropertyValue('--ls-radius')).toBe('3px');
    handle.launcher!.click();
    await waitFor(() => handle.root.querySelector('[role=dialog]') !== null);
    const dialog = handle.root.querySelector<HTMLElement>('[role=dialog]')!;
    expect(dialog.style.getPropertyValue('--ls-w-bg')).toBe('#123456');
    // the widget module brought its own rules into the shadow root
    expect(handle.root.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules].map((r) => r.cssText)).join('')).toContain('.ls-w-head');
    expect(dialog.style.getPropertyValue('--ls-font-family')).toContain('Georgia');
  });

  it('shows no launcher without a widget to open, and no bar when none is published', () => {
    const { launcher, root } = mount(payload({ documents: { launcher: launcherDoc() } }));
    expect(launcher).toBeUndefined();
    expect(root.querySelector('.ls-bar')).toBeNull();
  });

  it('loads the widget module on the first open only, as a dialog named by its header; Esc closes and focus returns', async () => {
    const load = vi.fn(loadPanel);
    const handle = mountEmbed(document, payload({ member: MEMBER }), load);
    handles.push(handle);
    expect(load).not.toHaveBeenCalled();
    handle.launcher!.focus();
    handle.launcher!.click();
    await waitFor(() => handle.root.querySelector('[role=dialog]') !== null);
    const dialog = handle.root.querySelector<HTMLElement>('[role=dialog]')!;
    expect(handle.launcher!.getAttribute('aria-expanded')).toBe('true');
    const title = handle.root.getElementById(dialog.getAttribute('aria-labelledby')!);
    expect(title?.textContent).toBe('Hi Ada');
    expect(dialog.textContent).toContain('1,250');
    // Tab moves on normally in the middle and wraps at the ends (the shadow root's active element is read)
    const controls = [...dialog.querySelectorAll<HTMLElement>('button')];
    controls[1]!.focus();
    const middle = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    controls[1]!.dispatchEvent(middle);
    expect(middle.defaultPrevented).toBe(false);
    expect(handle.root.activeElement).toBe(controls[1]);
    controls.at(-1)!.focus();
    controls.at(-1)!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true }));
    expect(handle.root.activeElement).toBe(controls[0]);
    controls[0]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true, bubbles: true, cancelable: true }));
    expect(handle.root.activeElement).toBe(controls.at(-1));
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await waitFor(() => handle.root.querySelector('[role=dialog]') === null);
    expect(handle.launcher!.getAttribute('aria-expanded')).toBe('false');
    expect(handle.root.activeElement ?? document.activeElement).toBe(handle.launcher);
    await handle.toggle();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('a visitor through a referral link (?ref=)', () => {
  /** the friend's offer as the service answers it: the figures of a $5 off coupon, worded by the widget */
  const FIVE_OFF = { kind: 'amount_off', amountMinor: 500 };
  const answer = (status: number, body: object) => new Response(JSON.stringify(body), { status });
  const arrive = async (claim: Response) => {
    window.history.replaceState({}, '', '/?ref=ABCD2345');
    const calls: Array<{ url: string; body: unknown }> = [];
    const visit = answer(200, { data: { visitor: 'v'.repeat(24), referrer_name: 'Ada', offer: FIVE_OFF, expires_at: '2026-04-01T00:00:00Z' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL | string, init?: RequestInit) => {
        calls.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
        return String(url).endsWith('/referral/visit') ? visit : claim;
      }),
    );
    const handle = mount(payload());
    await waitFor(() => handle.root.querySelector('[data-referral="offer"]') !== null);
    return { handle, calls };
  };
  /** types into a React-controlled input (the value setter React listens behind) */
  const type = (input: HTMLInputElement, value: string) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  afterEach(() => {
    window.history.replaceState({}, '', '/');
    window.localStorage.clear();
  });

  it("opens the widget on the friend's offer and takes the coupon with an e-mail", async () => {
    const { handle, calls } = await arrive(answer(200, { data: { code: 'REF-7Q2M', offer: FIVE_OFF, expires_at: null } }));
    const form = handle.root.querySelector<HTMLFormElement>('[data-referral="offer"]')!;
    expect(form.textContent).toContain('Ada sent you a $5 off coupon.');
    expect(handle.launcher!.getAttribute('aria-expanded')).toBe('true');
    const input = form.querySelector<HTMLInputElement>('input[type=email]')!;
    type(input, 'friend@mail.test');
    form.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    await waitFor(() => handle.root.querySelector('[data-referral="coupon"]') !== null);
    expect(handle.root.querySelector('[data-referral="coupon"]')!.textContent).toContain('REF-7Q2M');
    expect(calls.map((call) => call.url.replace(/^.*\/storefront\/v1\//, ''))).toEqual([
      'demo-coffee-roasters/referral/visit',
      'demo-coffee-roasters/referral/claim',
    ]);
    expect(calls[0]!.body).toEqual({ code: 'ABCD2345' });
    expect(calls[1]!.body).toEqual({ visitor: 'v'.repeat(24), email: 'friend@mail.test' });
    // the visitor's token is kept: the next visit sends it (first touch wins on the server)
    expect(window.localStorage.getItem('ls-referral-visitor')).toBe('v'.repeat(24));
  });

  const takeCoupon = async (handle: Awaited<ReturnType<typeof arrive>>['handle']) => {
    const form = handle.root.querySelector<HTMLFormElement>('[data-referral="offer"]')!;
    type(form.querySelector<HTMLInputElement>('input[type=email]')!, 'friend@mail.test');
    form.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    await waitFor(() => handle.root.querySelector('[data-referral="coupon"]') !== null);
    return handle.root.querySelector<HTMLElement>('[data-referral="coupon"]')!;
  };

  it("the friend's coupon the shop has gets Apply code: Shopify's apply address is a link to it", async () => {
    const applyUrl = 'https://alpha.example/discount/REF-7Q2M?redirect=%2Fcart';
    const created = { code: 'REF-7Q2M', offer: FIVE_OFF, expires_at: null, platform_state: 'created', platform_error: null, apply_url: applyUrl };
    const { handle } = await arrive(answer(200, { data: created }));
    const coupon = await takeCoupon(handle);
    expect(coupon.querySelector('a[aria-label="Apply code: $5 off coupon"]')!.getAttribute('href')).toBe(applyUrl);
    expect(coupon.querySelector('button[aria-label="Copy code: $5 off coupon"]')).not.toBeNull();
  });

  it("Apply code on the friend's coupon of a BigCommerce shop puts it on the cart through the storefront cart API", async () => {
    const cartAddress = '/api/storefront/checkouts/{checkoutId}/coupons';
    const created = { code: 'REF-BC42', offer: FIVE_OFF, expires_at: null, platform_state: 'created', platform_error: null, apply_url: cartAddress };
    const { handle } = await arrive(answer(200, { data: created }));
    const coupon = await takeCoupon(handle);
    expect(coupon.querySelector('a')).toBeNull();
    const cartCalls: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL | string, init?: RequestInit) => {
        cartCalls.push({ url: new URL(String(url)).pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        return String(url).endsWith('/api/storefront/carts') ? answer(200, [{ id: 'cart-9' }]) : answer(200, { id: 'cart-9' });
      }),
    );
    coupon.querySelector<HTMLButtonElement>('button[aria-label="Apply code: $5 off coupon"]')!.click();
    await waitFor(() => handle.root.querySelector('.ls-w-notice')?.textContent === 'Code REF-BC42 applied to your cart.');
    expect(cartCalls).toEqual([
      { url: '/api/storefront/carts', body: undefined },
      { url: '/api/storefront/checkouts/cart-9/coupons', body: { couponCode: 'REF-BC42' } },
    ]);
  });

  it('says only "This referral could not be completed." when the claim is held or refused', async () => {
    const { handle } = await arrive(answer(422, { message: 'This referral could not be completed.', code: 'referral_not_completed' }));
    const form = handle.root.querySelector<HTMLFormElement>('[data-referral="offer"]')!;
    const input = form.querySelector<HTMLInputElement>('input[type=email]')!;
    type(input, 'x@mailinator.com');
    form.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    await waitFor(() => handle.root.querySelector('.ls-w-notice')?.textContent === 'This referral could not be completed.');
    expect(handle.root.querySelector('[data-referral="coupon"]')).toBeNull();
  });

  it('answers an unknown code the same way, and a signed-in member is not sent to the offer', async () => {
    window.history.replaceState({}, '', '/?ref=NOPE');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(404, { message: 'This referral link is not valid.', code: 'unknown_referral_code' })),
    );
    const handle = mount(payload());
    await waitFor(() => handle.root.querySelector('[data-referral="failed"]') !== null);
    expect(handle.root.querySelector('[role=dialog]')!.textContent).toContain('This referral could not be completed.');
    expect(handle.root.querySelector('[role=dialog]')!.textContent).not.toContain('not valid');
    const load = vi.fn(loadPanel);
    const member = mountEmbed(document, payload({ member: MEMBER }), load, {
      store: 'demo-coffee-roasters',
      customerId: '1',
      digest: 'x',
      base: new URL('https://loyalty.example/embed/'),
    });
    handles.push(member);
    expect(load).not.toHaveBeenCalled();
  });
});

describe('startEmbed', () => {
  it('makes exactly one request and mounts from its answer', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: payload() }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const handle = await startEmbed(document, { store: 'demo-coffee-roasters', base: new URL('https://loyalty.example/embed/') });
    if (handle) handles.push(handle);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(handle?.launcher?.textContent).toBe('Get Rewarded');
  });
  it('refuses an answer that is not a storefront payload', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: { nope: true } }), { status: 200 })),
    );
    await expect(startEmbed(document, { store: 'x', base: new URL('https://loyalty.example/embed/') })).rejects.toThrow(/unexpected/);
  });
});

describe('a preview link (?ls_preview=)', () => {
  afterEach(() => {
    window.history.replaceState({}, '', '/');
    window.sessionStorage.clear();
  });
  it("keeps the link's token for the tab's session and asks the bootstrap with it", () => {
    window.history.replaceState({}, '', '/products?ls_preview=lsp_abc');
    expect(previewToken(window)).toBe('lsp_abc');
    window.history.replaceState({}, '', '/cart');
    const options = readScriptOptions(script({ 'data-store': 'demo-coffee-roasters' }))!;
    expect(options.preview).toBe('lsp_abc');
    expect(bootstrapUrl(options)).toBe('https://loyalty.example/storefront/v1/demo-coffee-roasters/bootstrap?preview=lsp_abc&locale=en-US');
  });
  it('shows "Previewing draft — Exit" over the drafts, and nothing of it otherwise', () => {
    const bar = (handle: EmbedHandle) => handle.root.querySelector('[role="status"].ls-preview');
    expect(bar(mount(payload()))).toBeNull();
    expect(bar(mount(payload({ preview: true })))?.textContent).toBe('Previewing draft — Exit');
  });
  it("says it in the shopper's language", () => {
    const bar = mount(payload({ preview: true, locale: 'fr', messages: catalogFor('fr') })).root.querySelector('.ls-preview');
    expect(bar?.textContent).toBe(`${catalogFor('fr')['preview.bar']} — ${catalogFor('fr')['preview.exit']}`);
    expect(bar?.textContent).not.toContain('Previewing');
  });
  it('forgets a refused token and shows what is published', async () => {
    window.sessionStorage.setItem('ls_preview', 'lsp_revoked');
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return url.includes('preview=') ? new Response('{}', { status: 401 }) : new Response(JSON.stringify({ data: payload() }), { status: 200 });
      }),
    );
    const handle = await startEmbed(document, { store: 'x', base: new URL('https://loyalty.example/embed/'), preview: 'lsp_revoked' });
    if (handle) handles.push(handle);
    expect(urls).toEqual(['https://loyalty.example/storefront/v1/x/bootstrap?preview=lsp_revoked', 'https://loyalty.example/storefront/v1/x/bootstrap']);
    expect(window.sessionStorage.getItem('ls_preview')).toBeNull();
    expect(handle?.root.querySelector('.ls-preview')).toBeNull();
  });
});

describe('pure annotations of the embed build', () => {
  it('marks the calls of top-level declarations, never a bare top-level call or a function body', () => {
    const out = annotatePure('x.js', 'export const a = z.string().min(1, f(2));\nsetup();\nfunction g() { return h(); }\nconst s = new Set([1]);');
    expect(out).toBe(
      'export const a = /* @__PURE__ */ z.string().min(1, /* @__PURE__ */ f(2));\nsetup();\nfunction g() { return h(); }\nconst s = /* @__PURE__ */ new Set([1]);',
    );
  });
});
