/**
 * The JWTs BigCommerce signs, as its documentation describes them: HS256 with the app's client
 * secret. `signed_payload_jwt` of the load, uninstall and remove_user callbacks
 * (https://developer.bigcommerce.com/docs/integrations/apps/guide/callbacks) and the storefront's
 * current customer JWT (https://developer.bigcommerce.com/docs/start/authentication/current-customer).
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';

export interface StandInUser {
  id: number;
  email: string;
}

const key = (secret: string) => new TextEncoder().encode(secret);

/** A callback's `signed_payload_jwt`; `expiresIn` in seconds (negative: already expired). */
export function signedPayloadJwt(
  app: { clientId: string; clientSecret: string },
  payload: { storeHash: string; user: StandInUser; owner: StandInUser; expiresIn?: number },
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const expiresIn = payload.expiresIn ?? 60 * 60 * 24;
  return new SignJWT({
    user: { id: payload.user.id, email: payload.user.email, locale: 'en-US' },
    owner: { id: payload.owner.id, email: payload.owner.email },
    url: '/',
    channel_id: null,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(app.clientId)
    .setIssuer('bc')
    .setSubject(`stores/${payload.storeHash}`)
    .setIssuedAt(now - (expiresIn < 0 ? 3600 : 0))
    .setNotBefore(now - (expiresIn < 0 ? 3600 : 5))
    .setExpirationTime(now + expiresIn)
    .setJti(randomUUID())
    .sign(key(app.clientSecret));
}

/** The answer of `GET /customer/current.jwt?app_client_id=…` for a signed-in shopper. */
export function currentCustomerJwt(
  app: { clientId: string; clientSecret: string },
  payload: { storeHash: string; customer: { id: number; email: string; groupId: string } },
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    customer: { id: payload.customer.id, email: payload.customer.email, group_id: payload.customer.groupId },
    application_id: app.clientId,
    store_hash: payload.storeHash,
    operation: 'current_customer',
    version: 1,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('bc/apps')
    .setAudience(app.clientId)
    .setSubject(payload.storeHash)
    .setIssuedAt(now)
    .setExpirationTime(now + 15 * 60)
    .setJti(randomUUID())
    .sign(key(app.clientSecret));
}
