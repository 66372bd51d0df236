import { sql, type RawBuilder } from 'kysely';
import { json, toNumber } from '../../db/normalize.ts';
import type { Executor } from '../../domain/ledger/index.ts';
import type { ImportCustomer } from './tables.ts';

/** Rows read per statement of a preview. */
const PREVIEW_CHUNK = 5_000;

/**
 * Whether an import row changes its existing customer (`existing`, `incoming`: the aliases of the
 * customer row and the file's row): a name or birthday the file has and the customer has not, or a
 * tag the customer lacks. The import writes only such rows and the preview counts them as updated.
 */
export const changesCustomer = (existing: string, incoming: string): RawBuilder<boolean> => {
  const [c, i] = [sql.table(existing), sql.table(incoming)];
  return sql<boolean>`((${i}.first_name <> '' and ${i}.first_name is distinct from ${c}.first_name)
    or (${i}.last_name <> '' and ${i}.last_name is distinct from ${c}.last_name)
    or (${i}.birthday is not null and ${i}.birthday is distinct from ${c}.birthday)
    or not (${c}.tags @> ${i}.tags))`;
};

/**
 * Who holds no opening balance (`held`), for a row that is new (`isNew`) or existing: a new
 * customer drawn for the holdout group (the trigger's rule), an existing one in the holdout group
 * or a guest. `email`, `holdout` and `status` are the SQL of the row's email, existing holdout flag
 * and program status; `percent` the store's holdout share.
 */
export const heldFromOpeningBalance = (
  isNew: RawBuilder<unknown>,
  storeId: number,
  email: RawBuilder<unknown>,
  holdout: RawBuilder<unknown>,
  status: RawBuilder<unknown>,
  percent: RawBuilder<unknown>,
) =>
  sql<boolean>`case when ${isNew} then customer_drawn_for_holdout(${storeId}::bigint, ${email}, ${percent})
    else coalesce(${holdout}, false) or ${status} = 'guest' end`;

/** What an import of these rows would do now: the same rules as the import's writes, read without writing. */
export interface ImportOutcome {
  created: number;
  updated: number;
  unchanged: number;
  /** opening points the import would credit: none to the holdout group or guests, none twice to a customer */
  opening_points: number;
}

/**
 * What importing `customers` into the store would do, row by row against the customers it
 * already has: new customers, existing ones a field of which changes, existing ones left as they
 * are, and the opening points actually credited (a customer credited an opening balance by an
 * earlier import gets nothing again, so a re-import promises 0 for them).
 */
export async function previewCustomerImport(db: Executor, storeId: number, customers: ImportCustomer[], openingSource: string): Promise<ImportOutcome> {
  const outcome: ImportOutcome = { created: 0, updated: 0, unchanged: 0, opening_points: 0 };
  for (let start = 0; start < customers.length; start += PREVIEW_CHUNK) {
    const input = customers.slice(start, start + PREVIEW_CHUNK).map(({ email, first_name, last_name, birthday, points, tags }) => ({
      email,
      first_name,
      last_name,
      birthday,
      points,
      tags,
    }));
    const { rows } = await sql<Record<keyof ImportOutcome, unknown>>`
      with input as (
        select * from json_to_recordset(${json(input)}::json)
          as r(email text, first_name text, last_name text, birthday date, points bigint, tags jsonb)),
      holdout as (select store_holdout_percent(settings) as percent from stores where id = ${storeId}),
      rows as (
        select i.points, c.id is null as new, c.id is not null and ${changesCustomer('c', 'i')} as changed,
          ${heldFromOpeningBalance(sql`c.id is null`, storeId, sql`i.email`, sql`c.holdout`, sql`c.program_status`, sql`(select percent from holdout)`)} as held,
          c.id is not null and exists (
            select 1 from ledger_entries l
            where l.store_id = ${storeId} and l.source_type = ${openingSource} and l.source_id = c.id::text and l.rule_key = '') as opened_before
        from input i left join customers c on c.store_id = ${storeId} and c.email = i.email)
      select count(*) filter (where new) as created, count(*) filter (where changed) as updated,
        count(*) filter (where not new and not changed) as unchanged,
        coalesce(sum(points) filter (where points > 0 and not held and not opened_before), 0) as opening_points
      from rows`.execute(db);
    const row = rows[0]!;
    outcome.created += toNumber(row.created);
    outcome.updated += toNumber(row.updated);
    outcome.unchanged += toNumber(row.unchanged);
    outcome.opening_points += toNumber(row.opening_points);
  }
  return outcome;
}
