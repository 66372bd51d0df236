/**
 * The single-click app's side of BigCommerce's OAuth and of its signed JWTs:
 * - the auth callback's code exchanged at the login service's `POST /oauth2/token`
 *   (https://developer.bigcommerce.com/docs/integrations/apps/guide/auth)
 * - `signed_payload_jwt` of the load, uninstall and remove_user callbacks: HS256 with the client
 *   secret, `aud` the client id, `sub` `stores/{hash}`
 *   (https://developer.bigcommerce.com/docs/integrations/apps/guide/callbacks)
 * - the storefront's current customer JWT (`/customer/current.jwt?app_client_id=…`): HS256 with
 *   the client secret, `application_id` the client id, `store_hash`, `customer.id`
 *   (https://developer.bigcommerce.com/docs/start/authentication/current-customer)
 */
import { jwtVerify, type JWTPayload } from 'jose';

export interface BigCommerceApp {
  clientId: string;
  clientSecret: string;
  loginUrl: string;
}

/** A JWT that is not BigCommerce's, is for another app, or has expired: nothing it says is used. */
export class InvalidBigCommerceJwt extends Error {
  constructor() {
    super('The signed payload is not valid: it is not signed by BigCommerce for this app, or it has expired.');
  }
}

/** A code the login service refused (used, expired, forged): the install did not happen. */
export class InstallRefused extends Error {}

/** BigCommerce's login service did not answer, or failed (5xx): the install code may still be good, try again. */
export class LoginServiceUnavailable extends Error {}

export interface SignedPayload {
  storeHash: string;
  user: { id: number; email: string };
  owner: { id: number; email: string } | null;
}

export interface TokenGrant {
  accessToken: string;
  scope: string;
  storeHash: string;
  user: { id: number; email: string; username: string };
}

const STORE_CONTEXT = /^stores\/([a-z0-9]+)$/i;
const secretKey = (app: BigCommerceApp) => new TextEncoder().encode(app.clientSecret);

async function verified(app: BigCommerceApp, jwt: string, options: { audience?: string; issuer: string }): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(jwt, secretKey(app), { algorithms: ['HS256'], clockTolerance: 5, ...options });
    return payload;
  } catch {
    throw new InvalidBigCommerceJwt();
  }
}

/** Verifies a callback's `signed_payload_jwt`: the store and the user who acted. */
export async function verifySignedPayload(app: BigCommerceApp, jwt: string): Promise<SignedPayload> {
  const payload = await verified(app, jwt, { audience: app.clientId, issuer: 'bc' });
  const storeHash = STORE_CONTEXT.exec(String(payload.sub ?? ''))?.[1];
  const user = payload.user as { id?: unknown; email?: unknown } | undefined;
  if (!storeHash || !user || typeof user.email !== 'string') throw new InvalidBigCommerceJwt();
  const owner = payload.owner as { id?: unknown; email?: unknown } | undefined;
  return {
    storeHash: storeHash.toLowerCase(),
    user: { id: Number(user.id), email: user.email },
    owner: owner && typeof owner.email === 'string' ? { id: Number(owner.id), email: owner.email } : null,
  };
}

/** Verifies the storefront's current customer JWT: the store and its signed-in customer. */
export async function verifyCurrentCustomer(app: BigCommerceApp, jwt: string): Promise<{ storeHash: string; customerId: string; email: string }> {
  const payload = await verified(app, jwt, { issuer: 'bc/apps' });
  const customer = payload.customer as { id?: unknown; email?: unknown } | undefined;
  const storeHash = typeof payload.store_hash === 'string' ? payload.store_hash : String(payload.sub ?? '');
  // the audience is the app's client id, as application_id (documented; checked when present)
  const audienceMatches = payload.aud === undefined || payload.aud === app.clientId || (Array.isArray(payload.aud) && payload.aud.includes(app.clientId));
  if (payload.application_id !== app.clientId || !audienceMatches || !customer || customer.id === undefined || !storeHash) throw new InvalidBigCommerceJwt();
  return { storeHash: storeHash.toLowerCase(), customerId: String(customer.id), email: typeof customer.email === 'string' ? customer.email : '' };
}

/** Exchanges the auth callback's code for the store's access token. */
export async function exchangeCode(app: BigCommerceApp, callback: { code: string; scope: string; context: string }, redirectUri: string): Promise<TokenGrant> {
  let response: Response;
  try {
    response = await fetch(`${app.loginUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        client_id: app.clientId,
        client_secret: app.clientSecret,
        code: callback.code,
        scope: callback.scope,
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
        context: callback.context,
      }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new LoginServiceUnavailable(`BigCommerce's login service did not answer (${(error as Error).message}).`);
  }
  if (response.status >= 400 && response.status < 500)
    throw new InstallRefused('BigCommerce refused the install code: start the install again from your store.');
  if (!response.ok) throw new LoginServiceUnavailable(`BigCommerce's login service answered ${response.status}.`);
  const grant = (await response.json()) as {
    access_token?: string;
    scope?: string;
    context?: string;
    user?: { id?: number; email?: string; username?: string };
  };
  const storeHash = STORE_CONTEXT.exec(grant.context ?? '')?.[1];
  if (!grant.access_token || !storeHash || !grant.user?.email) throw new Error("BigCommerce's login service answered without a token, store or user.");
  return {
    accessToken: grant.access_token,
    scope: grant.scope ?? callback.scope,
    storeHash: storeHash.toLowerCase(),
    user: { id: Number(grant.user.id), email: grant.user.email, username: grant.user.username ?? '' },
  };
}
