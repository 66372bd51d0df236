import { hashToken, newToken } from '../../auth/tokens.ts';
import type { Db } from '../../db/connection.ts';
import type { Store } from '../../db/schema.ts';
import { verifyClientCredentials } from './clients.ts';
import type { ApiScope } from '../../domain/schemas/api-scopes.ts';

/** Why a token request was refused, in OAuth 2.0 terms (RFC 6749 §5.2). */
export class TokenRequestError extends Error {
  constructor(
    readonly error: 'invalid_client' | 'invalid_scope',
    message: string,
  ) {
    super(message);
  }
}

export interface IssuedToken {
  accessToken: string;
  expiresIn: number;
  scopes: ApiScope[];
}

/**
 * Client-credentials grant: a bearer token for the client's scopes (or the requested subset),
 * valid `ttlMs`, stored only as a digest.
 */
export async function issueClientToken(
  db: Db,
  credentials: { clientId: string; secret: string; scopes: ApiScope[] | undefined },
  now: Date,
  ttlMs: number,
): Promise<IssuedToken> {
  const client = await verifyClientCredentials(db, credentials.clientId, credentials.secret);
  if (!client) throw new TokenRequestError('invalid_client', 'Unknown client or wrong secret.');
  const requested = credentials.scopes ?? client.scopes;
  const refused = requested.filter((scope) => !client.scopes.includes(scope));
  if (refused.length > 0) throw new TokenRequestError('invalid_scope', `The client is not granted: ${refused.join(', ')}.`);
  const accessToken = `lsat_${newToken()}`;
  await db
    .insertInto('api_client_tokens')
    .values({
      store_id: client.store_id,
      client_id: client.id,
      token_hash: hashToken(accessToken),
      scopes: JSON.stringify(requested),
      created_at: now,
      expires_at: new Date(now.getTime() + ttlMs),
    })
    .execute();
  await db.updateTable('api_clients').set({ last_used_at: now }).where('id', '=', client.id).execute();
  return { accessToken, expiresIn: Math.floor(ttlMs / 1000), scopes: requested };
}

export interface ClientAuthentication {
  store: Store;
  clientId: number;
  /** the token's scopes still granted to its client now */
  scopes: ApiScope[];
}

/** Client tokens carry this prefix, so the auth hook tells them from console session tokens. */
export const isClientToken = (token: string) => token.startsWith('lsat_');

/** The store and scopes an unexpired token of a live client proves, or null. */
export async function authenticateClientToken(db: Db, token: string, now: Date): Promise<ClientAuthentication | null> {
  const row = await db
    .selectFrom('api_client_tokens as t')
    .innerJoin('api_clients as c', 'c.id', 't.client_id')
    .select(['t.store_id', 't.client_id', 't.scopes', 'c.scopes as client_scopes'])
    .where('t.token_hash', '=', hashToken(token))
    .where('t.expires_at', '>', now)
    .where('c.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const store = await db.selectFrom('stores').selectAll().where('id', '=', row.store_id).executeTakeFirst();
  if (!store) return null;
  return { store, clientId: row.client_id, scopes: row.scopes.filter((scope) => row.client_scopes.includes(scope)) };
}
