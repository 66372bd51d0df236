import { sql, type Kysely } from 'kysely';
import { SOURCES, maintainFunction } from './0190_vip_figures.ts';

/**
 * The VIP figures triggers (`vip_figures_from_ledger`, `vip_figures_from_orders`) plan their
 * statements on each run: a PL/pgSQL statement is planned once per session, and a plan made for a
 * one-row transition table (or a 1,000-row import) is kept for every later statement of that
 * session, whatever its size.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [, fn, delta] of SOURCES) await sql.raw(maintainFunction(fn, delta, true)).execute(db);
}
