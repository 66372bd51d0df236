import { sql, type Kysely } from 'kysely';

/**
 * The referral funnel of analytics counts each step by when it happened in a period,
 * per store: without these, each count reads every referral row of the store (or of all stores).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    // step 1, invitations sent in the period: `store_id = $1 and created_at in [start, end)`
    sql`create index referral_invites_store_created_idx on referral_invites (store_id, created_at)`,
    // step 2, visits through referral links in the period (the table's only index was (store_id, visitor))
    sql`create index referral_visits_store_created_idx on referral_visits (store_id, created_at)`,
    // step 3, friends who claimed a coupon in the period (referrals_ip_idx leads with the IP)
    sql`create index referrals_store_created_idx on referrals (store_id, created_at)`,
    // step 4, referrals completed in the period: only completed rows carry the date that counts
    sql`create index referrals_store_completed_idx on referrals (store_id, completed_at) where state = 'completed'`,
  ];
  for (const statement of statements) await statement.execute(db);
}
