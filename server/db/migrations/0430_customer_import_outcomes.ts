import { sql, type Kysely } from 'kysely';

/**
 * - A customer import counts what it did to each row: created, updated (a field changed),
 *   unchanged (the file said what the store already had) and skipped (a row with problems, left
 *   out when the merchant chose to skip bad rows); the skipped rows' problems (line, column,
 *   reason) are kept with the import so the console can list them.
 * - A guest (bought without joining) holds no points: the ledger credits guests nothing. A guest
 *   already holding points has joined the program in all but name, so is a member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table customer_imports
    add column unchanged integer not null default 0,
    add column skipped integer not null default 0,
    add column skipped_rows json not null default '[]'::json`.execute(db);
  await sql`update customers c set program_status = 'member'
    from points_accounts a
    where c.program_status = 'guest' and a.store_id = c.store_id and a.customer_id = c.id and (a.balance > 0 or a.pending > 0)`.execute(db);
}
