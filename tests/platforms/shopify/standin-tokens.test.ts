import { afterAll, expect, it } from 'vitest';
import { API_KEY, API_SECRET, grantTokens, startStandIn, tokenStatus } from './install-flow.ts';
import { OFFLINE_ACCESS_TOKEN, TOKEN_EXCHANGE_GRANT, type TokenAnswer } from './tokens.ts';

let clock = new Date('2026-11-29T10:00:00Z');
const { standIn } = await startStandIn(() => clock);
afterAll(() => standIn.stop());
const HOUR = 3_600_000;

const works = (token: string) => tokenStatus(standIn, token);

const tokenEndpoint = async (grant: Record<string, string>) => {
  const response = await fetch(`${standIn.origin}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: API_KEY, client_secret: API_SECRET, ...grant }),
  });
  return { status: response.status, body: (await response.json()) as TokenAnswer };
};
const refresh = (refreshToken: string) => tokenEndpoint({ grant_type: 'refresh_token', refresh_token: refreshToken });

it('the code exchange with expiring=1 answers a token for an hour and a refresh token for 90 days; without it, a token that does not expire', async () => {
  const expiring = await grantTokens(standIn, 'tokens-a.myshopify.com', 'write_discounts', true);
  expect(expiring).toMatchObject({ scope: 'write_discounts', expires_in: 3600, refresh_token_expires_in: 90 * 86_400 });
  expect(expiring.refresh_token).toMatch(/^shprt_/);
  const lasting = await grantTokens(standIn, 'tokens-b.myshopify.com', 'write_discounts');
  expect(lasting.expires_in).toBeUndefined();
  expect(lasting.refresh_token).toBeUndefined();
  expect(await works(expiring.access_token)).toBe(200);
  clock = new Date(clock.getTime() + HOUR);
  expect(await works(expiring.access_token)).toBe(401);
  expect(await works(lasting.access_token)).toBe(200);
});

it('a refresh replaces both tokens; the refresh token used stays valid until its replacement is used, then is retired', async () => {
  const shop = 'tokens-c.myshopify.com';
  const first = await grantTokens(standIn, shop, 'write_discounts', true);
  const second = await refresh(first.refresh_token!);
  expect(second.status).toBe(200);
  expect(second.body.access_token).not.toBe(first.access_token);
  expect(second.body.refresh_token).not.toBe(first.refresh_token);
  expect(await works(first.access_token)).toBe(401);
  expect(await works(second.body.access_token)).toBe(200);
  // the answer lost: the first refresh token again
  const again = await refresh(first.refresh_token!);
  expect(again.status).toBe(200);
  // its replacement used: the first one is retired
  expect((await refresh(again.body.refresh_token!)).status).toBe(200);
  expect((await refresh(first.refresh_token!)).body).toMatchObject({ error: 'invalid_grant' });
});

it('refuses a revoked refresh token, and one past its 90 days', async () => {
  const revoked = await grantTokens(standIn, 'tokens-d.myshopify.com', 'write_discounts', true);
  standIn.revokeTokens('tokens-d.myshopify.com');
  expect((await refresh(revoked.refresh_token!)).status).toBe(400);
  const old = await grantTokens(standIn, 'tokens-e.myshopify.com', 'write_discounts', true);
  clock = new Date(clock.getTime() + 91 * 24 * HOUR);
  expect((await refresh(old.refresh_token!)).status).toBe(400);
});

it('token exchange cycles a non-expiring token to an expiring pair, ending the old token; a retry answers the same pair', async () => {
  const shop = 'tokens-f.myshopify.com';
  const lasting = await grantTokens(standIn, shop, 'write_discounts');
  const exchange = {
    grant_type: TOKEN_EXCHANGE_GRANT,
    subject_token: lasting.access_token,
    subject_token_type: OFFLINE_ACCESS_TOKEN,
    requested_token_type: OFFLINE_ACCESS_TOKEN,
  };
  expect((await tokenEndpoint(exchange)).status).toBe(400);
  const cycled = await tokenEndpoint({ ...exchange, expiring: '1' });
  expect(cycled.body).toMatchObject({ expires_in: 3600, refresh_token_expires_in: 90 * 86_400 });
  expect(await works(lasting.access_token)).toBe(401);
  expect(await works(cycled.body.access_token)).toBe(200);
  expect((await tokenEndpoint({ ...exchange, expiring: '1' })).body).toMatchObject({
    access_token: cycled.body.access_token,
    refresh_token: cycled.body.refresh_token,
  });
  // once the pair was refreshed, the old token is done with
  expect((await refresh(cycled.body.refresh_token!)).status).toBe(200);
  expect((await tokenEndpoint({ ...exchange, expiring: '1' })).status).toBe(400);
});
