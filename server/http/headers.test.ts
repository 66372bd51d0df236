import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../tests/helpers/db.ts';
import { authHeaders } from '../../tests/helpers/server.ts';
import { loadConfig } from '../config.ts';
import { buildApp } from './app.ts';

/** No-store on token-bearing JSON and /auth, HSTS behind a setting, the 413 names the route's limit. */
describeEachDatabase('response headers', (ctx) => {
  it('sends Cache-Control: no-store with tokens, API JSON and every /auth answer', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/login',
      payload: { email: ctx.fixture.users.alice, password: ctx.fixture.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/login',
      payload: { email: ctx.fixture.users.alice, password: 'wrong-password' },
    });
    expect(refused.headers['cache-control']).toBe('no-store');
    const details = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/details', headers: authHeaders(login.json().data) });
    expect(details.headers['cache-control']).toBe('no-store');
    for (const [method, url] of [
      ['GET', '/auth/login'],
      ['POST', '/auth/logout'],
      ['GET', '/auth/nowhere'],
    ] as const) {
      expect((await ctx.app.inject({ method, url })).headers['cache-control'], url).toBe('no-store');
    }
  });

  it('states the real limit of the route in the 413 message', async () => {
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=a%40b.c&password=${'x'.repeat(20 * 1024)}`,
    });
    expect(form.statusCode).toBe(413);
    expect(form.json().message).toBe('The request body is larger than the 16 KB limit.');
    const api = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login', payload: { email: 'x'.repeat(1100 * 1024) } });
    expect(api.statusCode).toBe(413);
    expect(api.json().message).toBe('The request body is larger than the 1024 KB limit.');
  });

  it('sends Strict-Transport-Security only when the deployment says it is behind HTTPS (BEHIND_HTTPS=1)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();
    expect(loadConfig({ BEHIND_HTTPS: '1' }).behindHttps).toBe(true);
    const secure = await buildApp({ config: { ...ctx.config, behindHttps: true }, db: ctx.db, clock: ctx.clock, logLevel: 'silent' });
    try {
      expect((await secure.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });
});
