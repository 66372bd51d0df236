import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { BRAND_COLOUR } from '../../domain/schemas/brand-colour.ts';

/** The store's brand colour (settings `primary_color`): its new surfaces and emails start from it; undefined when it chose none. */
export function brandColourOf(settings: unknown): string | undefined {
  const colour = (settings as { primary_color?: unknown } | null)?.primary_color;
  return typeof colour === 'string' && BRAND_COLOUR.test(colour) ? colour : undefined;
}

/** The brand colour of one store (see brandColourOf). */
export async function loadBrandColour(db: Kysely<Database>, storeId: number): Promise<string | undefined> {
  const row = await db.selectFrom('stores').select('settings').where('id', '=', storeId).executeTakeFirst();
  return brandColourOf(row?.settings);
}
