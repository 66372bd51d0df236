/**
 * The console inside BigCommerce's control panel (a cross-site iframe): behind HTTPS the session
 * cookie of the auth and load callbacks is `SameSite=None; Secure; Partitioned`, and the console
 * lets the control panel's origins frame it (CSP frame-ancestors, no X-Frame-Options).
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { bigcommerceStandInForFile } from '../../../../tests/platforms/bigcommerce/suite.ts';

const { bc, platforms } = await bigcommerceStandInForFile();

const sessionCookie = (response: { cookies: Array<{ name: string; sameSite?: string; secure?: boolean; partitioned?: boolean; path?: string }> }) =>
  response.cookies.find((cookie) => cookie.name === 'ls_provider_session');

describeEachDatabase(
  'BigCommerce control panel iframe, behind HTTPS',
  (ctx) => {
    const HASH = 'frame1';

    it('the auth and load callbacks set the session cookie for a cross-site frame', async () => {
      const callback = await bc.install(HASH, { id: 5, email: 'owner@frame.example' });
      const install = await ctx.app.inject({ method: 'GET', url: `/platforms/bigcommerce/auth?${new URLSearchParams({ ...callback })}` });
      const load = await ctx.app.inject({ method: 'GET', url: `/platforms/bigcommerce/load?signed_payload_jwt=${await bc.signedPayload(HASH)}` });
      for (const response of [install, load]) {
        expect(response.statusCode).toBe(303);
        expect(sessionCookie(response)).toMatchObject({ sameSite: 'None', secure: true, partitioned: true, path: '/auth' });
        expect(String(response.headers['set-cookie'])).toMatch(/; Partitioned/i);
      }
    });

    it("the console may be framed by BigCommerce's control panel, and by no other site", async () => {
      const page = await ctx.app.inject({ method: 'GET', url: '/auth-check' });
      const policy = String(page.headers['content-security-policy']);
      expect(policy).toContain("frame-ancestors 'self' https://*.bigcommerce.com https://*.mybigcommerce.com");
      expect(page.headers['x-frame-options']).toBeUndefined();
    });
  },
  { config: { platforms, behindHttps: true } },
);

describeEachDatabase('the console without BigCommerce, over plain HTTP', (ctx) => {
  it('is framed by its own pages only, and says so to older browsers too', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/auth-check' });
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'self';");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
