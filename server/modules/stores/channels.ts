import type { Db } from '../../db/connection.ts';

const present = <T extends { created_at: Date }>(row: T) => ({ ...row, created_at: row.created_at.toISOString() });

/** The store's sales channels, oldest first. */
export async function listChannels(db: Db, storeId: number) {
  const rows = await db.selectFrom('channels').select(['id', 'name', 'type', 'url', 'created_at']).where('store_id', '=', storeId).orderBy('id').execute();
  return rows.map(present);
}

export async function createChannel(db: Db, storeId: number, channel: { name: string; type: string; url?: string | undefined }) {
  const row = await db
    .insertInto('channels')
    .values({ store_id: storeId, name: channel.name, type: channel.type, url: channel.url || null })
    .returning(['id', 'name', 'type', 'url', 'created_at'])
    .executeTakeFirstOrThrow();
  return present(row);
}

/** Removes one of the store's channels; false when the store has no such channel. */
export async function removeChannel(db: Db, storeId: number, id: number): Promise<boolean> {
  const removed = await db.deleteFrom('channels').where('id', '=', id).where('store_id', '=', storeId).returning('id').executeTakeFirst();
  return removed !== undefined;
}
