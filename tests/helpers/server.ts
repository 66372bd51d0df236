import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../server/clock.ts';
import type { LoginResult } from '../../server/contract/session.ts';

/** A clock tests move by hand (token expiry). */
export class ManualClock implements Clock {
  #now: Date;
  constructor(start: Date) {
    this.#now = start;
  }
  now(): Date {
    return new Date(this.#now);
  }
  advance(ms: number): void {
    this.#now = new Date(this.#now.getTime() + ms);
  }
}

export interface Session {
  login: LoginResult;
  headers: Record<string, string>;
}

/** The three headers of spec §6 for a login result. */
export function authHeaders(login: LoginResult): Record<string, string> {
  return {
    authorization: `Bearer ${login.token}`,
    'x-store-access-token': login.store_access_token ?? '',
    'x-user-access-token': login.user.user_access_token,
  };
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<Session> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/account/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  const login = (response.json() as { data: LoginResult }).data;
  return { login, headers: authHeaders(login) };
}

/** Sign in and switch the session to the store with this id. */
export async function signInOnStore(app: FastifyInstance, email: string, password: string, storeId: number): Promise<Session> {
  const session = await signIn(app, email, password);
  if (session.login.user.store?.id === storeId) return session;
  const response = await app.inject({ method: 'POST', url: '/api/v1/store/store-token/update', headers: session.headers, payload: { store_id: storeId } });
  if (response.statusCode !== 200) throw new Error(`store switch failed: ${response.body}`);
  const storeAccessToken = (response.json() as { data: { store_access_token: string } }).data.store_access_token;
  const login = { ...session.login, store_access_token: storeAccessToken };
  return { login, headers: authHeaders(login) };
}
