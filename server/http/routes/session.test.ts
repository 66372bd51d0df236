import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { authHeaders, signIn } from '../../../tests/helpers/server.ts';
import type { LoginResult } from '../../contract/session.ts';
import { purgeExpiredSessions } from '../../auth/sessions.ts';
import { buildApp } from '../app.ts';
import { challengeOf } from '../../auth/pkce.ts';

const codeFrom = (location: string | undefined) => new URL(location ?? '', 'http://x').searchParams.get('code') ?? '';
/** The verifier a browser keeps while it signs in, and the challenge it shows the provider (PKCE). */
const VERIFIER = 'this-browser-started-the-sign-in-0123456789abcdef';
const OTHER_VERIFIER = 'another-browser-holds-this-verifier-0123456789abc';
const CHALLENGE = challengeOf(VERIFIER);

describeEachDatabase('sign-in and sessions', (ctx) => {
  const formLogin = (email: string, password: string, cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      payload: new URLSearchParams({ email, password, code_challenge: CHALLENGE }).toString(),
    });
  const exchange = (code: string, verifier = VERIFIER) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/account/login', payload: { code, code_verifier: verifier } });

  it('signs in with email and password and returns the spec §3 login result', async () => {
    const { login } = await signIn(ctx.app, ctx.fixture.users.alice, ctx.fixture.password);
    expect(login.token).toMatch(/^[\w-]{40,}$/);
    expect(login.store_access_token).toBe(ctx.fixture.storeA.accessToken);
    expect(login.user).toMatchObject({
      email: 'alice@alpha.test',
      name: 'Alice',
      role: 'owner',
      stage: 0,
      store: {
        id: ctx.fixture.storeA.id,
        store_id: ctx.fixture.storeA.id,
        store_name: 'alpha-store',
        access_token: ctx.fixture.storeA.accessToken,
        settings: { email_settings: { unlayer: false } },
      },
    });
    expect(login.user.user_access_token).toMatch(/^[\w-]{40,}$/);
    expect(JSON.stringify(login)).not.toContain(ctx.fixture.storeA.hmacSecret);
  });

  it('says whether the user signed in before: a first sign-in is not returning, the next ones are (and so is the user record)', async () => {
    const { password_hash } = await ctx.db.selectFrom('users').select('password_hash').where('email', '=', ctx.fixture.users.alice).executeTakeFirstOrThrow();
    const user = await ctx.db
      .insertInto('users')
      .values({ email: 'first@alpha.test', name: 'Fern First', password_hash, stage: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db.insertInto('memberships').values({ user_id: user.id, store_id: ctx.fixture.storeA.id, role: 'owner' }).execute();
    const first = await signIn(ctx.app, 'first@alpha.test', ctx.fixture.password);
    expect(first.login.user.returning).toBe(false);
    const details = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/details', headers: first.headers });
    expect(details.json().data.returning).toBe(false);
    const second = await signIn(ctx.app, 'first@alpha.test', ctx.fixture.password);
    expect(second.login.user.returning).toBe(true);
  });

  it('refuses a wrong password or an unknown email with the same 401', async () => {
    for (const payload of [
      { email: ctx.fixture.users.alice, password: 'wrong' },
      { email: 'nobody@alpha.test', password: 'wrong' },
    ]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: 'These credentials do not match our records.',
        errors: { email: 'These credentials do not match our records.' },
        code: 'invalid_credentials',
      });
    }
  });

  it('serves the provider page with Email, Password and Sign in', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: `/auth/login?code_challenge=${CHALLENGE}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<label for="email">Email</label>');
    expect(page.body).toContain('<label for="password">Password</label>');
    expect(page.body).toContain('<button type="submit">Sign in</button>');
    expect(page.body).toContain(`<input type="hidden" name="code_challenge" value="${CHALLENGE}">`);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    // under the server's no-referrer a browser would post the form with Origin: null (refused as foreign)
    expect(page.headers['referrer-policy']).toBe('same-origin');
  });

  it('hands out a one-time code that works exactly once', async () => {
    const signedIn = await formLogin(ctx.fixture.users.bob, ctx.fixture.password);
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toMatch(/^\/auth-check\?code=[\w-]+$/);
    const code = codeFrom(signedIn.headers.location);
    const first = await exchange(code);
    expect(first.statusCode).toBe(200);
    expect((first.json() as { data: LoginResult }).data.user.email).toBe('bob@beta.test');
    const again = await exchange(code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'invalid_code' });
  });

  it('exchanges a code only with the verifier of the browser that started the sign-in (no login CSRF)', async () => {
    const signedIn = await formLogin(ctx.fixture.users.bob, ctx.fixture.password);
    const code = codeFrom(signedIn.headers.location);
    // the code opened in another browser (a victim's: another verifier, or none) signs nobody in
    const elsewhere = await exchange(code, OTHER_VERIFIER);
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json()).toMatchObject({ code: 'invalid_code' });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login', payload: { code } })).statusCode).toBe(422);
    // and does not burn it: the browser that started the sign-in still completes it
    expect((await exchange(code)).statusCode).toBe(200);
  });

  it('a plain challenge (a browser without WebCrypto) binds the code to that verifier too', async () => {
    const cookie = String((await formLogin(ctx.fixture.users.bob, ctx.fixture.password)).headers['set-cookie']).split(';')[0]!;
    const revisit = await ctx.app.inject({
      method: 'GET',
      url: `/auth/login?code_challenge=${OTHER_VERIFIER}&code_challenge_method=plain`,
      headers: { cookie },
    });
    expect(revisit.statusCode).toBe(303);
    const code = codeFrom(revisit.headers.location);
    expect((await exchange(code, VERIFIER)).statusCode).toBe(401);
    expect((await exchange(code, OTHER_VERIFIER)).statusCode).toBe(200);
  });

  it('a sign-in the console did not start goes to its auth-check, which starts a bound one', async () => {
    for (const url of ['/auth/login', '/auth/login?code_challenge=short', '/auth/login?code_challenge_method=S512&code_challenge=' + CHALLENGE]) {
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(303);
      expect(page.headers.location).toBe('/auth-check');
    }
    // the signed-out page's form carries no challenge: the password opens the provider session,
    // and the console's bound sign-in is then answered at once
    const posted = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: ctx.fixture.users.bob, password: ctx.fixture.password }).toString(),
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/auth-check');
    const cookie = String(posted.headers['set-cookie']).split(';')[0]!;
    const bound = await ctx.app.inject({ method: 'GET', url: `/auth/login?code_challenge=${CHALLENGE}`, headers: { cookie } });
    expect((await exchange(codeFrom(bound.headers.location))).statusCode).toBe(200);
  });

  it('rejects a code after it expires', async () => {
    const signedIn = await formLogin(ctx.fixture.users.bob, ctx.fixture.password);
    ctx.clock.advance(ctx.config.loginCodeTtlMs + 1000);
    expect((await exchange(codeFrom(signedIn.headers.location))).statusCode).toBe(401);
  });

  it('shows the form again with a message on bad credentials, keeping the email', async () => {
    const response = await formLogin(ctx.fixture.users.bob, 'nope');
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('These credentials do not match our records.');
    expect(response.body).toContain('value="bob@beta.test"');
  });

  it('remembers the provider session until /auth/logout ends it', async () => {
    const signedIn = await formLogin(ctx.fixture.users.bob, ctx.fixture.password);
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^ls_provider_session=/);
    const revisit = await ctx.app.inject({ method: 'GET', url: `/auth/login?code_challenge=${CHALLENGE}`, headers: { cookie } });
    expect(revisit.statusCode).toBe(303);
    expect((await exchange(codeFrom(revisit.headers.location))).statusCode).toBe(200);
    const logout = await ctx.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect(logout.body).toContain('Sign in');
    const after = await ctx.app.inject({ method: 'GET', url: `/auth/login?code_challenge=${CHALLENGE}`, headers: { cookie } });
    expect(after.statusCode).toBe(200);
  });

  it('GET /user/details answers for the signed-in user and store', async () => {
    const { headers } = await signIn(ctx.app, ctx.fixture.users.sara, ctx.fixture.password);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/details', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ email: 'sara@alpha.test', role: 'staff', store: { store_name: 'alpha-store' } });
  });

  it('sets the onboarding stage and the user status', async () => {
    const { headers } = await signIn(ctx.app, ctx.fixture.users.sara, ctx.fixture.password);
    const stage = await ctx.app.inject({ method: 'POST', url: '/api/v1/user/stage', headers, payload: { stage: 4 } });
    expect(stage.json().data.stage).toBe(4);
    const status = await ctx.app.inject({ method: 'POST', url: '/api/v1/user/status', headers, payload: { status: 'inactive' } });
    expect(status.json().data.status).toBe('inactive');
    const details = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/details', headers });
    expect(details.json().data).toMatchObject({ stage: 4, status: 'inactive' });
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/v1/user/stage', headers, payload: { stage: 'two' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['stage']);
  });

  describe('401 Unauthenticated.', () => {
    const unauthenticated = { message: 'Unauthenticated.', errors: {}, code: 'unauthenticated' };

    it('for a missing, wrong or mismatched token', async () => {
      const { login } = await signIn(ctx.app, ctx.fixture.users.alice, ctx.fixture.password);
      const good = authHeaders(login);
      const variants: Array<Record<string, string>> = [
        {},
        { ...good, authorization: 'Bearer nope' },
        { ...good, authorization: login.token },
        { ...good, 'x-store-access-token': 'nope' },
        { ...good, 'x-store-access-token': ctx.fixture.storeB.accessToken },
        { ...good, 'x-user-access-token': 'nope' },
        { authorization: good.authorization!, 'x-store-access-token': good['x-store-access-token']! },
      ];
      for (const headers of variants) {
        const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/details', headers });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual(unauthenticated);
      }
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/user/details', headers: good })).statusCode).toBe(200);
    });

    it('once the token expires (12 h by default)', async () => {
      const { headers } = await signIn(ctx.app, ctx.fixture.users.alice, ctx.fixture.password);
      ctx.clock.advance(ctx.config.sessionTtlMs - 60_000);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/user/details', headers })).statusCode).toBe(200);
      ctx.clock.advance(61_000);
      const expired = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/details', headers });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual(unauthenticated);
    });

    it('expired sessions are purged a day after they end', async () => {
      await signIn(ctx.app, ctx.fixture.users.bob, ctx.fixture.password);
      const count = async () => (await ctx.db.selectFrom('sessions').select('id').execute()).length;
      const before = await count();
      await purgeExpiredSessions(ctx.db, ctx.clock.now());
      expect(await count()).toBe(before);
      await purgeExpiredSessions(ctx.db, new Date(ctx.clock.now().getTime() + ctx.config.sessionTtlMs + 86_400_001));
      expect(await count()).toBe(0);
    });

    it('after logout revokes the session', async () => {
      const { headers } = await signIn(ctx.app, ctx.fixture.users.alice, ctx.fixture.password);
      expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/account/logout', headers })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/user/details', headers })).statusCode).toBe(401);
    });
  });
});

describeEachDatabase(
  'sign-in defences',
  (ctx) => {
    // loginAttemptsPerMinute 3: 3 failures per e-mail, 15 per IP across e-mails, 18 code exchanges per IP, in a minute
    const apiLogin = (email: string, password: string, ip: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/account/login', payload: { email, password }, remoteAddress: ip });
    const formLogin = (email: string, password: string, ip: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams({ email, password, code_challenge: CHALLENGE }).toString(),
        remoteAddress: ip,
      });
    const expectLimited = (response: { statusCode: number; headers: Record<string, unknown> }) => {
      expect(response.statusCode).toBe(429);
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      return retryAfter;
    };

    it('counts failures per e-mail across the API login and the /auth/login form, then answers 429 with Retry-After', async () => {
      const email = ctx.fixture.users.alice;
      expect((await apiLogin(email, 'wrong', '10.0.1.1')).statusCode).toBe(401);
      expect((await formLogin(email, 'wrong', '10.0.1.2')).statusCode).toBe(401);
      expect((await apiLogin(email.toUpperCase(), 'wrong', '10.0.1.3')).statusCode).toBe(401);
      // the fourth failure, from yet another IP and route: the e-mail's counter is shared
      const limitedForm = await formLogin(email, 'wrong', '10.0.1.4');
      expectLimited(limitedForm);
      expect(limitedForm.body).toMatch(/Too many sign-in attempts\. Try again in \d+ seconds\./);
      const limited = await apiLogin(email, ctx.fixture.password, '10.0.1.5');
      const seconds = expectLimited(limited);
      expect(limited.json()).toMatchObject({ code: 'too_many_requests', errors: {}, message: `Too many sign-in attempts. Try again in ${seconds} seconds.` });
      // another e-mail from the same IP is not locked out
      expect((await apiLogin(ctx.fixture.users.bob, 'wrong', '10.0.1.5')).statusCode).toBe(401);
      // once the window is over, the right password works
      ctx.clock.advance(seconds * 1000);
      expect((await apiLogin(email, ctx.fixture.password, '10.0.1.5')).statusCode).toBe(200);
    });

    it('bounds one IP across e-mails (no spraying)', async () => {
      for (let n = 0; n < 15; n += 1) expect((await apiLogin(`spray-${n}@nowhere.test`, 'wrong', '10.0.2.1')).statusCode).toBe(401);
      expectLimited(await apiLogin('spray-fresh@nowhere.test', 'wrong', '10.0.2.1'));
      expectLimited(await formLogin(ctx.fixture.users.bob, ctx.fixture.password, '10.0.2.1'));
      // other IPs are unaffected
      expect((await apiLogin(ctx.fixture.users.bob, ctx.fixture.password, '10.0.2.2')).statusCode).toBe(200);
    });

    it('a success resets the e-mail counter', async () => {
      const email = ctx.fixture.users.bob;
      for (let n = 0; n < 2; n += 1) expect((await apiLogin(email, 'wrong', '10.0.3.1')).statusCode).toBe(401);
      expect((await apiLogin(email, ctx.fixture.password, '10.0.3.1')).statusCode).toBe(200);
      for (let n = 0; n < 3; n += 1) expect((await apiLogin(email, 'wrong', '10.0.3.1')).statusCode).toBe(401);
      expectLimited(await apiLogin(email, 'wrong', '10.0.3.1'));
      ctx.clock.advance(60_000);
    });

    it('counts concurrent guesses exactly: no burst slips past the bound', async () => {
      const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => apiLogin(ctx.fixture.users.sara, 'wrong', `10.0.4.${n}`)));
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(3);
      expect(statuses.filter((status) => status === 429)).toHaveLength(9);
      ctx.clock.advance(60_000);
    });

    it('keeps the counters in the database: a second server process (or a restart) sees them', async () => {
      const email = ctx.fixture.users.alice;
      for (let n = 0; n < 3; n += 1) expect((await apiLogin(email, 'wrong', '10.0.5.1')).statusCode).toBe(401);
      const other = await buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, logLevel: 'silent' });
      try {
        expectLimited(await other.inject({ method: 'POST', url: '/api/v1/account/login', payload: { email, password: 'wrong' }, remoteAddress: '10.0.5.2' }));
      } finally {
        await other.close();
      }
      ctx.clock.advance(60_000);
    });

    it('counts a wrong current password on a password change against the same e-mail', async () => {
      const { headers } = await signIn(ctx.app, ctx.fixture.users.bob, ctx.fixture.password);
      const change = () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v1/account/password',
          headers,
          payload: { current_password: 'wrong', password: 'a-new-password' },
          remoteAddress: '10.0.6.1',
        });
      for (let n = 0; n < 2; n += 1) expect((await change()).statusCode).toBe(422);
      expect((await apiLogin(ctx.fixture.users.bob, 'wrong', '10.0.6.2')).statusCode).toBe(401);
      expectLimited(await change());
      ctx.clock.advance(60_000);
    });

    it('gives one-time code exchanges a wider budget per IP (codes cannot be guessed)', async () => {
      const exchange = () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v1/account/login',
          payload: { code: 'not-a-real-code', code_verifier: VERIFIER },
          remoteAddress: '10.0.7.1',
        });
      for (let n = 0; n < 18; n += 1) expect((await exchange()).statusCode).toBe(401);
      expectLimited(await exchange());
    });

    it('/auth/login refuses a foreign Origin with 403 and signs nobody in', async () => {
      const foreign: Array<Record<string, string>> = [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { referer: 'https://evil.example/page' },
        { 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of foreign) {
        const refused = await formLogin(ctx.fixture.users.bob, ctx.fixture.password, '10.0.8.1', headers);
        expect(refused.statusCode).toBe(403);
        expect(refused.headers['set-cookie']).toBeUndefined();
        expect(refused.headers.location).toBeUndefined();
        expect(refused.body).toContain('This sign-in came from another site and was refused.');
      }
      // its own origin (the Host it was sent to, or the public URL), or no Origin at all (a non-browser client), signs in
      const own: Array<Record<string, string>> = [{ origin: 'http://localhost:80' }, { origin: 'http://localhost' }, { origin: ctx.config.publicUrl }, {}];
      for (const headers of own) {
        expect((await formLogin(ctx.fixture.users.bob, ctx.fixture.password, '10.0.8.1', headers)).statusCode).toBe(303);
      }
    });

    it('signs out of the provider by POST only: GET answers 405 and ends nothing', async () => {
      const signedIn = await formLogin(ctx.fixture.users.bob, ctx.fixture.password, '10.0.9.1');
      const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
      const get = await ctx.app.inject({ method: 'GET', url: '/auth/logout', headers: { cookie } });
      expect(get.statusCode).toBe(405);
      expect(get.headers.allow).toBe('POST');
      expect(get.body).toContain('<form method="post" action="/auth/logout">');
      const provider = `/auth/login?code_challenge=${CHALLENGE}`;
      expect((await ctx.app.inject({ method: 'GET', url: provider, headers: { cookie } })).statusCode).toBe(303);
      const post = await ctx.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie } });
      expect(post.statusCode).toBe(200);
      expect(post.body).toContain('You have been signed out.');
      expect((await ctx.app.inject({ method: 'GET', url: provider, headers: { cookie } })).statusCode).toBe(200);
    });
  },
  { config: { loginAttemptsPerMinute: 3 } },
);
