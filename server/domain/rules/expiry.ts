import { expirySettingsBody } from '../../contract/points.ts';
import type { Executor } from '../ledger/index.ts';

/** Days after which earned points expire under the store's expiry settings; null when off. */
export async function storeExpiryDays(db: Executor, storeId: number): Promise<number | null> {
  const store = await db.selectFrom('stores').select('settings').where('id', '=', storeId).executeTakeFirst();
  const saved = expirySettingsBody.safeParse((store?.settings as Record<string, unknown> | undefined)?.points_expiry);
  return saved.success && saved.data.enabled ? saved.data.expiry_days : null;
}
