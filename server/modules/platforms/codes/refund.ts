/**
 * A code the platform refused for good (or that kept failing past its last attempt): the code is
 * `refused` with the platform's reason, its reward stops being usable and the points spent on it
 * come back — one reversal of the redemption's entry, whose ledger key is the same as a rollback's,
 * so a refusal and a rollback together still give the points back once.
 */
import type { Db } from '../../../db/connection.ts';
import { inTransaction, reverseDebit } from '../../../domain/ledger/index.ts';

export async function giveBackRefused(db: Db, codeId: number, error: string, now: Date): Promise<void> {
  const why = error.slice(0, 1_000);
  await inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('reward_codes')
      .set({ state: 'refused', error: why, updated_at: now })
      .where('id', '=', codeId)
      .where('state', '=', 'preparing')
      .returning(['store_id', 'reward_id', 'code'])
      .executeTakeFirst();
    if (!row?.reward_id) return;
    const reward = await trx.selectFrom('rewards').selectAll().where('id', '=', row.reward_id).forUpdate().executeTakeFirst();
    if (reward?.status !== 'active') return;
    if (reward.points_spent > 0)
      await reverseDebit(
        trx,
        reward.entry_id,
        {
          storeId: row.store_id,
          customerId: reward.customer_id,
          type: 'redemption_rollback',
          computation: `reward ${row.code} refused by the shop: ${reward.points_spent} points back`,
          reason: `The shop could not create the code: ${why}`,
        },
        now,
      );
    await trx.updateTable('rewards').set({ status: 'rolled_back', updated_at: now }).where('id', '=', reward.id).execute();
  });
}
