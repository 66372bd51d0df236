import { sql, type Kysely } from 'kysely';

/**
 * Points totals in 64 bits. Balances, pending and lifetime totals grow for years and
 * an entry may move a whole balance (setting it to zero), so the accounts, entries, batches and
 * spends hold bigint; the domain's POINTS_LIMITS keep every value within JS safe integers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table points_accounts alter column balance type bigint, alter column pending type bigint, alter column lifetime type bigint`,
    sql`alter table ledger_entries alter column points type bigint, alter column pending_points type bigint, alter column lifetime_points type bigint`,
    sql`alter table points_batches alter column points type bigint, alter column remaining type bigint`,
    sql`alter table batch_spends alter column points type bigint`,
  ];
  for (const statement of statements) await statement.execute(db);
}
