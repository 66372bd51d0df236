/**
 * The console inside BigCommerce's control panel (a cross-site iframe): behind HTTPS the session
 * cookie of the auth and load callbacks is `SameSite=None; Secure; Partitioned` (and signing out
 * clears it so), and the console lets the control panel's origins frame it (CSP frame-ancestors,
 * no X-Frame-Options).
 */
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../../tests/helpers/db.ts';
import { challengeOf } from '../../../auth/pkce.ts';
import { bigcommerceStandInForFile } from '../../../../tests/platforms/bigcommerce/suite.ts';

const { bc, platforms } = await bigcommerceStandInForFile();

type Response = Awaited<ReturnType<TestContext['app']['inject']>>;
type Cookie = { name: string; value: string; sameSite?: string; secure?: boolean; partitioned?: boolean; path?: string; maxAge?: number; expires?: Date };

const sessionCookie = (response: Response) => (response.cookies as Cookie[]).find((cookie) => cookie.name === 'ls_provider_session');

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

    it('signing out clears the cookie with the attributes it was set with: partitioned in the frame, the plain one otherwise', async () => {
      const provider = `/auth/login?code_challenge=${challengeOf('a-browser-signing-in-0123456789abcdefghijklmnop')}`;
      const signOut = async (signedIn: Response) => {
        const cookie = `ls_provider_session=${sessionCookie(signedIn)!.value}`;
        expect((await ctx.app.inject({ method: 'GET', url: provider, headers: { cookie } })).statusCode).toBe(303);
        const out = await ctx.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie } });
        expect(out.statusCode).toBe(200);
        // the session ended on the server
        expect((await ctx.app.inject({ method: 'GET', url: provider, headers: { cookie } })).statusCode).toBe(200);
        return out;
      };
      const load = await ctx.app.inject({ method: 'GET', url: `/platforms/bigcommerce/load?signed_payload_jwt=${await bc.signedPayload(HASH)}` });
      const framed = await signOut(load);
      const { value, maxAge, expires, ...set } = sessionCookie(load)!;
      expect(set).toEqual({ name: 'ls_provider_session', path: '/auth', httpOnly: true, sameSite: 'None', secure: true, partitioned: true });
      expect(sessionCookie(framed)).toEqual({ ...set, value: '', maxAge: 0, expires: new Date(0) });
      expect(String(framed.headers['set-cookie'])).toMatch(/; Partitioned/);
      // what was set was a session's cookie for as long as the session lasts
      expect({ value, maxAge, expires }).toEqual({ value: expect.stringMatching(/^[\w-]{40,}$/), maxAge: ctx.config.sessionTtlMs / 1000, expires: undefined });

      const form = await ctx.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email: ctx.fixture.users.bob, password: ctx.fixture.password }).toString(),
      });
      const plain = await signOut(form);
      expect(sessionCookie(plain)).toEqual({
        name: 'ls_provider_session',
        value: '',
        path: '/auth',
        httpOnly: true,
        sameSite: 'Lax',
        maxAge: 0,
        expires: new Date(0),
      });
      expect(String(plain.headers['set-cookie'])).not.toMatch(/Partitioned|SameSite=None|Secure/i);
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
