/**
 * Installing the app on a Shopify shop (authorization code grant): the signed install request
 * starts an OAuth round trip bound to the browser by a single-use state; the callback checks
 * Shopify's signature, the state and the shop, exchanges the code for the shop's token, reads the
 * shop, and creates the store (or restores it on a reinstall). The token asked for is an expiring
 * one (Shopify requires them of public apps), saved with its refresh token. Anything forged,
 * replayed or stale is refused before anything is written.
 */
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/connection.ts';
import { installStore } from '../install.ts';
import { consumeOauthState, issueOauthState } from '../oauth-states.ts';
import { adminGraphql, shopOrigin, type ShopifyConfig } from './admin-api.ts';
import { exchangeCode } from './token-endpoint.ts';
import { queryHmacValid, SHOP_DOMAIN, timestampFresh } from './signatures.ts';
import { queueShopifyBackfill } from './backfill.ts';
import { queueWebhookSync } from './webhook-sync.ts';

type Query = Record<string, string | string[] | undefined>;

/** An install refused: the merchant's reason, and nothing written. */
export class InstallRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const SHOP_QUERY = /* GraphQL */ `
  query InstalledShop {
    shop {
      name
      email
      myshopifyDomain
      currencyCode
      primaryDomain {
        host
        url
      }
    }
  }
`;

interface ShopInfo {
  shop: { name: string; email: string; myshopifyDomain: string; currencyCode: string; primaryDomain: { host: string; url: string } };
}

export function shopifyOf(config: Config): ShopifyConfig {
  if (!config.platforms.shopify) throw new InstallRefused(404, 'This server is not set up for Shopify (SHOPIFY_API_KEY, SHOPIFY_API_SECRET).');
  return config.platforms.shopify;
}

/** The checks both requests share: Shopify's signature with the app secret, the shop's form, a recent timestamp. */
function signedShop(shopify: ShopifyConfig, query: Query, now: Date): string {
  if (!queryHmacValid(shopify.apiSecret, query)) throw new InstallRefused(401, 'This install link is not signed by Shopify.');
  const shop = typeof query.shop === 'string' ? query.shop.toLowerCase() : '';
  if (!SHOP_DOMAIN.test(shop)) throw new InstallRefused(400, 'The shop must be a <name>.myshopify.com address.');
  if (!timestampFresh(query.timestamp, now)) throw new InstallRefused(401, 'This install link has expired: open the app from your Shopify admin again.');
  return shop;
}

/** The install request: answers where to send the browser, and the state its cookie must hold. */
export async function beginInstall(db: Db, config: Config, query: Query, now: Date): Promise<{ authorizeUrl: string; state: string }> {
  const shopify = shopifyOf(config);
  const shop = signedShop(shopify, query, now);
  const state = await issueOauthState(db, 'shopify', shop, now);
  const params = new URLSearchParams({
    client_id: shopify.apiKey,
    scope: shopify.scopes,
    redirect_uri: `${config.publicUrl}/platforms/shopify/callback`,
    state,
  });
  return { authorizeUrl: `${shopOrigin(shopify, shop)}/admin/oauth/authorize?${params}`, state };
}

/** The OAuth callback: `cookieState` is the state the browser that started the install holds. */
export async function completeInstall(
  db: Db,
  config: Config,
  query: Query,
  cookieState: string | undefined,
  now: Date,
): Promise<{ storeId: number; signInAs: number | null }> {
  const shopify = shopifyOf(config);
  const shop = signedShop(shopify, query, now);
  const state = typeof query.state === 'string' ? query.state : '';
  if (!state || state !== cookieState) throw new InstallRefused(403, 'This install was not started in this browser: start it again from your Shopify admin.');
  if (!(await consumeOauthState(db, 'shopify', shop, state, now))) {
    throw new InstallRefused(403, 'This install link was already used or has expired: start it again from your Shopify admin.');
  }
  const code = typeof query.code === 'string' ? query.code : '';
  if (!code) throw new InstallRefused(400, 'Shopify sent no authorization code.');
  const { accessToken, scope, expiry } = await exchangeCode(shopify, shop, code, now);
  const { shop: info } = await adminGraphql<ShopInfo>(shopify, { shop, token: accessToken }, SHOP_QUERY);
  const installed = await installStore(db, config.platforms.tokenKeys, {
    platform: 'shopify',
    shop,
    title: info.name,
    domain: shop,
    currency: info.currencyCode,
    website: info.primaryDomain.url,
    token: accessToken,
    expiry,
    scopes: scope,
    owner: { email: info.email, name: info.name },
    now,
  });
  await queueWebhookSync(db, installed.storeId, now);
  await queueShopifyBackfill(db, installed.storeId, now);
  return { storeId: installed.storeId, signInAs: (await onlyStoreOf(db, installed.userId, installed.storeId)) ? installed.userId : null };
}

/**
 * Whether this store is the owner's only one. The shop's e-mail is the merchant's to type: an
 * install signs in only an owner who has no other store, so naming another account's e-mail in a
 * shop never opens that account's stores; that owner signs in with their password.
 */
async function onlyStoreOf(db: Db, userId: number, storeId: number): Promise<boolean> {
  const stores = await db.selectFrom('memberships').select('store_id').where('user_id', '=', userId).execute();
  return stores.length === 1 && stores[0]!.store_id === storeId;
}
