import { sql, type Kysely } from 'kysely';

/**
 * The customer's language (BCP 47, e.g. `fr`, `pt-BR`), as the storefront or the platform last
 * told it: the product's wording in e-mails to the member. Null until known (the store's default).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table customers add column locale text`.execute(db);
}
