/** The stand-in's test hooks, called over HTTP as the API tests and the browser tests do. */
import type { StandInCoupon, StandInCustomer, StandInHook, StandInOrder, StandInScript } from './store-api.ts';
import type { StandInUser } from './signing.ts';

export interface AuthCallback {
  code: string;
  scope: string;
  context: string;
  account_uuid: string;
}

export interface WebhookRequest {
  destination: string;
  headers: Record<string, string>;
  body: string;
}

export function standInClient(url: string) {
  const post = async <T>(path: string, body: Record<string, unknown>): Promise<T> => {
    const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`stand-in ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const get = async <T>(path: string, storeHash: string): Promise<T> =>
    (await fetch(`${url}${path}?store_hash=${encodeURIComponent(storeHash)}`)).json() as Promise<T>;
  return {
    /** the auth callback's query string for an install of `storeHash` by `user` */
    install: (storeHash: string, user: StandInUser, storeName?: string) =>
      post<AuthCallback>('/_test/install', { store_hash: storeHash, user, store_name: storeName }),
    /** a callback's signed_payload_jwt; `secret` signs with another secret (a forgery), `expiresIn` < 0 an expired one */
    signedPayload: async (storeHash: string, options: { user?: StandInUser; secret?: string; expiresIn?: number } = {}) =>
      (
        await post<{ jwt: string }>('/_test/signed_payload', {
          store_hash: storeHash,
          user: options.user,
          secret: options.secret,
          expires_in: options.expiresIn,
        })
      ).jwt,
    /** BigCommerce's side of an uninstall: the token revoked; answers the uninstall callback's JWT */
    uninstall: async (storeHash: string) => (await post<{ jwt: string }>('/_test/uninstall', { store_hash: storeHash })).jwt,
    revoke: (storeHash: string) => post('/_test/revoke', { store_hash: storeHash }),
    throttle: (storeHash: string, requestsLeft: number, resetMs: number) =>
      post('/_test/throttle', { store_hash: storeHash, requests_left: requestsLeft, reset_ms: resetMs }),
    addCustomers: (storeHash: string, customers: StandInCustomer[]) => post('/_test/customers', { store_hash: storeHash, customers }),
    addOrders: (storeHash: string, orders: StandInOrder[]) => post('/_test/orders', { store_hash: storeHash, orders }),
    /** the webhooks BigCommerce would send for this event, unsent */
    webhooks: (storeHash: string, scope: string, data: Record<string, unknown>) =>
      post<WebhookRequest[]>('/_test/webhooks', { store_hash: storeHash, scope, data, deliver: false }),
    coupons: (storeHash: string) => get<StandInCoupon[]>('/_test/coupons', storeHash),
    hooks: (storeHash: string) => get<StandInHook[]>('/_test/hooks', storeHash),
    scripts: (storeHash: string) => get<StandInScript[]>('/_test/scripts', storeHash),
  };
}
