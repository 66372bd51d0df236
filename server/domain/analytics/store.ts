import type { Executor } from '../ledger/index.ts';

/** The store's currency (settings.currency, USD by default): analytics add up orders in it only. */
export async function storeCurrency(db: Executor, storeId: number): Promise<string> {
  const store = await db.selectFrom('stores').select('settings').where('id', '=', storeId).executeTakeFirstOrThrow();
  return (store.settings as { currency?: string }).currency || 'USD';
}
