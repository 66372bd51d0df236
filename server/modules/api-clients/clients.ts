import { timingSafeEqual } from 'node:crypto';
import { hashToken, newToken } from '../../auth/tokens.ts';
import type { Db } from '../../db/connection.ts';
import { likePattern } from '../customers/index.ts';
import { fetchPage } from '../../domain/paging.ts';
import type { ApiScope } from '../../domain/schemas/api-scopes.ts';
import type { ApiClient } from './tables.ts';

export interface ClientInput {
  name: string;
  scopes: ApiScope[];
}

/** A new client and its secret: the secret is returned this once and stored only as a digest. */
export async function createApiClient(db: Db, storeId: number, input: ClientInput, now: Date): Promise<{ client: ApiClient; secret: string }> {
  const secret = `lss_${newToken()}`;
  const client = await db
    .insertInto('api_clients')
    .values({
      store_id: storeId,
      client_id: `lsc_${newToken(16)}`,
      secret_hash: hashToken(secret),
      name: input.name,
      scopes: JSON.stringify(input.scopes),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { client, secret };
}

export interface ClientListQuery {
  search?: string;
  page: number;
  perPage: number;
}

/** The store's live clients, newest first, whose name or client id contains the search text. */
export async function listApiClients(db: Db, storeId: number, query: ClientListQuery): Promise<{ rows: ApiClient[]; total: number }> {
  let base = db.selectFrom('api_clients').where('store_id', '=', storeId).where('revoked_at', 'is', null);
  if (query.search) {
    const pattern = likePattern(query.search);
    base = base.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('client_id', 'ilike', pattern)]));
  }
  return fetchPage(base, (q) => q.selectAll().orderBy('id', 'desc'), query);
}

/** Renames the store's live client or changes its scopes (tokens lose removed scopes at once); undefined when not found. */
export async function updateApiClient(db: Db, storeId: number, id: number, input: Partial<ClientInput>, now: Date): Promise<ApiClient | undefined> {
  return db
    .updateTable('api_clients')
    .set({
      updated_at: now,
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.scopes === undefined ? {} : { scopes: JSON.stringify(input.scopes) }),
    })
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Revokes the store's client and deletes its tokens, in one transaction; false when not found. */
export async function revokeApiClient(db: Db, storeId: number, id: number, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('api_clients')
      .set({ revoked_at: now, updated_at: now })
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!revoked) return false;
    await trx.deleteFrom('api_client_tokens').where('client_id', '=', id).execute();
    return true;
  });
}

const sameDigest = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The live client the id and secret prove, or undefined (the digest comparison takes constant time). */
export async function verifyClientCredentials(db: Db, clientId: string, secret: string): Promise<ApiClient | undefined> {
  const client = await db.selectFrom('api_clients').selectAll().where('client_id', '=', clientId).where('revoked_at', 'is', null).executeTakeFirst();
  const digest = hashToken(secret);
  return client && sameDigest(client.secret_hash, digest) ? client : undefined;
}
