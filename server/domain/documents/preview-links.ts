/**
 * Preview links: "see my drafts on my own store" for the browser that opens the link. The token
 * is shown once; only its SHA-256 is stored. It grants one thing — reading one store's drafts
 * through the storefront bootstrap — for 24 hours, until revoked.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ColumnType, Generated } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { CreatedAt } from '../../db/schema.ts';

export const PREVIEW_TTL_MS = 24 * 3_600_000;
const SCOPE = 'drafts:read';

interface PreviewLinksTable {
  id: Generated<number>;
  store_id: number;
  token_hash: string;
  scope: Generated<string>;
  created_by: number | null;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

declare module '../../db/schema.ts' {
  interface Database {
    preview_links: PreviewLinksTable;
  }
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link's token (shown once) and when it stops working. */
export async function createPreviewLink(db: Db, storeId: number, userId: number | null, now: Date) {
  const token = `lsp_${randomBytes(24).toString('base64url')}`;
  const expiresAt = new Date(now.getTime() + PREVIEW_TTL_MS);
  const row = await db
    .insertInto('preview_links')
    .values({ store_id: storeId, token_hash: hashOf(token), created_by: userId, created_at: now, expires_at: expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token, expires_at: expiresAt.toISOString() };
}

/** Ends a link of the store at once; false when it is not the store's or was already revoked. */
export async function revokePreviewLink(db: Db, storeId: number, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('preview_links')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('store_id', '=', storeId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether `token` lets its holder read the drafts of store `storeId` now. */
export async function previewAllowed(db: Db, storeId: number, token: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('preview_links')
    .select('id')
    .where('token_hash', '=', hashOf(token))
    .where('store_id', '=', storeId)
    .where('scope', '=', SCOPE)
    .where('expires_at', '>', now)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
