import { describe, expect, it } from 'vitest';
import { loadConfig, parseWorkerRoles } from './config.ts';

describe('configuration from the environment', () => {
  it('WORKERS chooses the roles; an unknown role stops the start', () => {
    expect(parseWorkerRoles(undefined)).toEqual(['webhooks', 'jobs', 'emails', 'outgoing']);
    expect(parseWorkerRoles('none')).toEqual([]);
    expect(parseWorkerRoles('jobs, emails')).toEqual(['jobs', 'emails']);
    expect(() => parseWorkerRoles('jobs,cron')).toThrow('unknown role cron');
    expect(loadConfig({ WEBHOOK_PROCESSING: '0' }).workers).toEqual(['jobs', 'emails', 'outgoing']);
  });

  it('offers a platform only with its keys, and refuses to start one without PLATFORM_TOKEN_KEY', () => {
    expect(loadConfig({}).platforms).toMatchObject({ shopify: null, bigcommerce: null, tokenKeys: [] });
    const shopify = { SHOPIFY_API_KEY: 'key', SHOPIFY_API_SECRET: 'secret' };
    expect(() => loadConfig(shopify)).toThrow('PLATFORM_TOKEN_KEY is required');
    expect(() => loadConfig({ ...shopify, PLATFORM_TOKEN_KEY: 'short' })).toThrow('a key is 32 bytes');
    const config = loadConfig({
      ...shopify,
      PLATFORM_TOKEN_KEY: 'ab'.repeat(32),
      PLATFORM_TOKEN_KEYS_RETIRED: Buffer.alloc(32, 7).toString('base64'),
      SHOPIFY_API_ORIGIN: 'http://127.0.0.1:9/',
    });
    expect(config.platforms.tokenKeys).toHaveLength(2);
    expect(config.platforms.shopify).toMatchObject({ apiKey: 'key', apiSecret: 'secret', apiOrigin: 'http://127.0.0.1:9' });
    expect(config.platforms.shopify?.scopes).toContain('write_discounts');
    expect(() => loadConfig({ BIGCOMMERCE_CLIENT_ID: 'id', BIGCOMMERCE_CLIENT_SECRET: 's' })).toThrow('PLATFORM_TOKEN_KEY is required');
  });
});
