import { sql } from 'kysely';
import { json } from '../../db/normalize.ts';
import { expirySettingsBody, type ExpirySettings } from './contract/earning-rules.ts';
import type { Executor } from '../../domain/ledger/index.ts';

/** The store's points expiry settings (off with the defaults until saved). */
export async function readExpirySettings(db: Executor, storeId: number): Promise<ExpirySettings> {
  const store = await db.selectFrom('stores').select('settings').where('id', '=', storeId).executeTakeFirst();
  const saved = expirySettingsBody.safeParse((store?.settings as Record<string, unknown> | undefined)?.points_expiry);
  return saved.success ? saved.data : expirySettingsBody.parse({});
}

export async function saveExpirySettings(db: Executor, storeId: number, settings: ExpirySettings): Promise<void> {
  await db
    .updateTable('stores')
    .set((eb) => ({ settings: sql`jsonb_set(${eb.ref('settings')}, '{points_expiry}', ${json(settings)}::jsonb)` }))
    .where('id', '=', storeId)
    .execute();
}

/** Days after which earned points expire under the store's expiry settings; null when off. */
export async function storeExpiryDays(db: Executor, storeId: number): Promise<number | null> {
  const settings = await readExpirySettings(db, storeId);
  return settings.enabled ? settings.expiry_days : null;
}
