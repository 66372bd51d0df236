/**
 * Who else has a studio open on a store: each open studio sends a heartbeat, kept in the database
 * (so every server process sees every editor); an editor counts while its last heartbeat is
 * younger than PRESENCE_TTL_MS, and leaving removes it at once. Rows are per sign-in session, so
 * one person signed in twice shows as "you, elsewhere" to the other window.
 */
import type { ColumnType } from 'kysely';
import type { StudioId } from '../../../renderers/contract/index.ts';
import type { Db } from '../../db/connection.ts';

/** A studio sends a heartbeat every 15 s; three missed beats and it no longer counts. */
export const PRESENCE_TTL_MS = 45_000;

interface EditingPresenceTable {
  store_id: number;
  studio: string;
  session_id: number;
  user_id: number;
  seen_at: ColumnType<Date, Date | string, Date | string>;
}

declare module '../../db/schema.ts' {
  interface Database {
    editing_presence: EditingPresenceTable;
  }
}

export interface Editor {
  name: string;
  email: string;
  /** the same person in another sign-in (another browser or window) */
  same_user: boolean;
}

export interface PresenceKey {
  storeId: number;
  studio: StudioId;
  sessionId: number;
  userId: number;
}

/** Records that this session has the studio open now and answers who else has it open (never this session). */
export async function heartbeat(db: Db, key: PresenceKey, now: Date): Promise<Editor[]> {
  await db
    .insertInto('editing_presence')
    .values({ store_id: key.storeId, studio: key.studio, session_id: key.sessionId, user_id: key.userId, seen_at: now })
    .onConflict((conflict) => conflict.columns(['store_id', 'studio', 'session_id']).doUpdateSet({ seen_at: now, user_id: key.userId }))
    .execute();
  // rows that stopped beating are gone for good: nobody counts them again
  await db
    .deleteFrom('editing_presence')
    .where('store_id', '=', key.storeId)
    .where('seen_at', '<', new Date(now.getTime() - PRESENCE_TTL_MS))
    .execute();
  return otherEditors(db, key, now);
}

/** Who else has the studio open on this store now: one entry per person, the longest there first. */
export async function otherEditors(db: Db, key: PresenceKey, now: Date): Promise<Editor[]> {
  const rows = await db
    .selectFrom('editing_presence')
    .innerJoin('users', 'users.id', 'editing_presence.user_id')
    .select(['editing_presence.user_id', 'users.name', 'users.email'])
    .where('editing_presence.store_id', '=', key.storeId)
    .where('editing_presence.studio', '=', key.studio)
    .where('editing_presence.session_id', '<>', key.sessionId)
    .where('editing_presence.seen_at', '>=', new Date(now.getTime() - PRESENCE_TTL_MS))
    .orderBy('editing_presence.seen_at')
    .orderBy('editing_presence.user_id')
    .execute();
  const byUser = new Map(rows.map((row) => [row.user_id, row]));
  return [...byUser.values()].map((row) => ({ name: row.name, email: row.email, same_user: row.user_id === key.userId }));
}

/** This session closed the studio: it no longer counts for anyone. */
export async function leaveStudio(db: Db, key: PresenceKey): Promise<void> {
  await db
    .deleteFrom('editing_presence')
    .where('store_id', '=', key.storeId)
    .where('studio', '=', key.studio)
    .where('session_id', '=', key.sessionId)
    .execute();
}
