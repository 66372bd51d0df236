import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, authLoginUrl, authLogoutUrl, resolveConfig } from './config.ts';

describe('console configuration (DESIGN.md §4: both bases from config, same origin by default)', () => {
  it('defaults: /api/v1, /data/v1, same-origin auth host, the spec §9 sign-in wait', () => {
    const config = resolveConfig(undefined, {});
    expect(config.apiBase).toBe('/api/v1');
    expect(config.dataBase).toBe('/data/v1');
    expect(config.authHost).toBe('');
    expect(config.loginDelayMs).toBe(3000);
    expect(authLoginUrl(config)).toBe('/auth/login');
    expect(authLogoutUrl(config)).toBe('/auth/logout');
  });

  it.each([
    ['build-time env', {}, { VITE_AUTH_HOST: 'https://auth.example.com/', VITE_LOGIN_DELAY_MS: '10' }, 'https://auth.example.com', 10],
    [
      'window config wins over env',
      { authHost: 'https://id.example.org', loginDelayMs: 0 },
      { VITE_AUTH_HOST: 'https://auth.example.com' },
      'https://id.example.org',
      0,
    ],
    ['a non-numeric env delay is ignored', {}, { VITE_LOGIN_DELAY_MS: 'soon' }, '', DEFAULT_CONFIG.loginDelayMs],
  ])('%s', (_name, windowConfig, env, authHost, delay) => {
    const config = resolveConfig(windowConfig, env);
    expect(config.authHost).toBe(authHost);
    expect(config.loginDelayMs).toBe(delay);
    expect(authLogoutUrl(config)).toBe(`${authHost}/auth/logout`);
  });
});
