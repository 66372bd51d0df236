import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../domain/ledger/index.ts';

/** A case-insensitive "contains" pattern with the LIKE wildcards escaped. */
export const likePattern = (text: string) => `%${escapeLike(text)}%`;

/** The text with the LIKE wildcards escaped. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What the global search matches the start of, each served by its own prefix index (`customers_store_*_prefix_idx`). */
const PREFIXED: RawBuilder<string>[] = [sql`lower(email)`, sql`lower(first_name || ' ' || last_name)`, sql`lower(last_name)`];

/**
 * The store's customers (not deleted) whose e-mail, full name or last name starts with the text
 * (case-insensitive), by name: a typeahead, so each kind of match contributes at most `limit`
 * customers, each read as one index range scan whatever the store's size.
 */
export async function searchCustomers(db: Executor, storeId: number, text: string, limit: number) {
  const pattern = `${escapeLike(text.toLowerCase())}%`;
  const [first, ...rest] = PREFIXED.map((field, index) =>
    db
      .selectFrom(
        db
          .selectFrom('customers')
          .select(['id', 'first_name', 'last_name', 'email'])
          .where('store_id', '=', storeId)
          .where('deleted_at', 'is', null)
          .where(field, 'like', pattern)
          .limit(limit)
          .as(`m${index}`),
      )
      .selectAll(),
  );
  const matches = rest.reduce((union, branch) => union.union(branch), first!);
  return db.selectFrom(matches.as('m')).selectAll().orderBy('first_name').orderBy('last_name').orderBy('id').limit(limit).execute();
}
