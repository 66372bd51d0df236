import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { authHeaders, signIn } from '../../../tests/helpers/server.ts';
import type { LoginResult } from '../../contract/session.ts';
import { purgeExpiredSessions } from '../../auth/sessions.ts';

const codeFrom = (location: string | undefined) => new URL(location ?? '', 'http://x').searchParams.get('code') ?? '';

describeEachDatabase('sign-in and sessions', (ctx) => {
  const formLogin = (email: string, password: string, cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      payload: new URLSearchParams({ email, password }).toString(),
    });
  const exchange = (code: string) => ctx.app.inject({ method: 'POST', url: '/api/v1/account/login', payload: { code } });

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
    const page = await ctx.app.inject({ method: 'GET', url: '/auth/login' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<label for="email">Email</label>');
    expect(page.body).toContain('<label for="password">Password</label>');
    expect(page.body).toContain('<button type="submit">Sign in</button>');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
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
    const revisit = await ctx.app.inject({ method: 'GET', url: '/auth/login', headers: { cookie } });
    expect(revisit.statusCode).toBe(303);
    expect((await exchange(codeFrom(revisit.headers.location))).statusCode).toBe(200);
    const logout = await ctx.app.inject({ method: 'GET', url: '/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect(logout.body).toContain('Sign in');
    const after = await ctx.app.inject({ method: 'GET', url: '/auth/login', headers: { cookie } });
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
  'login rate limit',
  (ctx) => {
    it('allows 10 attempts a minute per IP and email, then answers 429 with a clear message', async () => {
      const attempt = (email: string) => ctx.app.inject({ method: 'POST', url: '/api/v1/account/login', payload: { email, password: 'wrong' } });
      for (let i = 0; i < 10; i++) expect((await attempt(ctx.fixture.users.alice)).statusCode).toBe(401);
      const limited = await attempt(ctx.fixture.users.alice);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'too_many_requests', errors: {} });
      expect(limited.json().message).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
      expect((await attempt(ctx.fixture.users.bob)).statusCode).toBe(401);
    });

    it('gives one-time code exchanges a wider budget per IP (codes cannot be guessed)', async () => {
      const exchange = () => ctx.app.inject({ method: 'POST', url: '/api/v1/account/login', payload: { code: 'not-a-real-code' } });
      for (let i = 0; i < 60; i++) expect((await exchange()).statusCode).toBe(401);
      expect((await exchange()).statusCode).toBe(429);
    });
  },
  { config: { loginAttemptsPerMinute: 10 } },
);
