import { sql, type RawBuilder } from 'kysely';

/**
 * A select of the store's customers of these ids (or e-mails): `columns` of each, found through the
 * store's unique index of that key one key at a time (a lateral probe per key), in no set order. The
 * plan does not hang on the table's statistics: PGlite refreshes them only now and then
 * (statistics.ts), and a customers table that grew since (a new shop's backfill) looks tiny to the
 * planner, which then reads every customer of the store for each batch.
 */
export function customersOf<Row>(storeId: number, key: 'id' | 'email', values: ReadonlyArray<number | string>, columns: readonly string[]): RawBuilder<Row> {
  const type = key === 'id' ? sql`bigint` : sql`text`;
  return sql<Row>`
    select ${sql.join(columns.map((column) => sql.ref(`c.${column}`)))} from unnest(${values}::${type}[]) as wanted(key)
    cross join lateral (select * from customers c where c.store_id = ${storeId} and ${sql.ref(`c.${key}`)} = wanted.key limit 1) c`;
}
