import { sql, type Kysely } from 'kysely';

/**
 * Outgoing webhooks of the program's own tier and referral events: each endpoint keeps how far it
 * was given the tier changes (`vip_activity`) and the referrals (`referrals`), like its ledger,
 * reward and customer cursors. Tier changes are read by `vip_activity_store_idx (store_id, id)`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table webhook_endpoints add column tier_cursor bigint not null default 0, add column referral_cursor bigint not null default 0`,
    // the queuing pass reads a store's referrals past the cursor in id order (`store_id = $1 and id > $2
    // order by id limit 500`): without it that read walks the referrals' primary key across every store
    sql`create index referrals_store_id_idx on referrals (store_id, id)`,
  ];
  for (const statement of statements) await statement.execute(db);
}
