import type { SelectQueryBuilder } from 'kysely';

export interface PageWindow {
  page: number;
  perPage: number;
}

/** One page of a filtered query (`select` picks and orders the columns) and the filter's total. */
export async function fetchPage<DB, TB extends keyof DB, Row>(
  base: SelectQueryBuilder<DB, TB, object>,
  select: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, Row>,
  window: PageWindow,
): Promise<{ rows: Row[]; total: number }> {
  const [rows, count] = await Promise.all([
    select(base)
      .limit(window.perPage)
      .offset((window.page - 1) * window.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as Row[], total: Number((count as { total: string }).total) };
}
