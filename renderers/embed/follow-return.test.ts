// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATALOGS } from '../i18n/index.ts';
import type { Shopper } from './panel-api.ts';
import { perform } from './panel.tsx';

const words = { locale: 'en', messages: CATALOGS.en };
const shopper: Shopper = { store: 'demo', customerId: '100000', digest: 'ab12', base: new URL('https://loyalty.example/embed/') };

/** The storefront API: `/actions` answers a first claim, then a duplicate; the bootstrap reloads the panel. */
function storefront() {
  let claims = 0;
  const calls: Array<{ path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname;
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const data = path.endsWith('/actions') ? { points: 75, duplicate: claims++ > 0 } : { storeKey: 'demo' };
      return new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('a follow link credits the shopper when they come back from the profile', () => {
  it('claims nothing while the shopper is away, claims once on return, and a second return says it was already earned', async () => {
    const calls = storefront();
    const follow = { type: 'follow', network: 'instagram', opened: true } as const;
    const away = perform(follow, shopper, words);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.filter((call) => call.path.endsWith('/actions'))).toEqual([]);
    window.dispatchEvent(new Event('focus'));
    expect((await away)?.notice).toBe(CATALOGS.en['notice.followThanks']);
    const claims = calls.filter((call) => call.path.endsWith('/actions'));
    expect(claims).toHaveLength(1);
    expect(claims[0]!.body).toMatchObject({ action: 'social_follow', network: 'instagram' });

    const again = perform(follow, shopper, words);
    window.dispatchEvent(new Event('focus'));
    expect((await again)?.notice).toBe(CATALOGS.en['notice.alreadyEarned']);
  });
});
