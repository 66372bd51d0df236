import { makeContext, type StorefrontPayload } from '../../../renderers/context.ts';
import { storefrontStyleProperties } from '../../../renderers/ssr/index.tsx';
import { ICONS, THEME_TOKENS } from '../../../presets/index.ts';
import type { Db } from '../../db/connection.ts';
import type { Store } from '../../db/schema.ts';
import { loadPublishedDocuments } from '../documents/index.ts';
import { getMemberState, getProgramData } from '../program/index.ts';

export { customerDigest, digestMatches } from './digest.ts';
export { demoMember } from './demo-member.ts';

/** Our customer for the platform's customer id of a signed-in shopper. */
export async function customerByExternalId(db: Db, storeId: number, externalId: string): Promise<number | null> {
  const row = await db
    .selectFrom('customers')
    .select('id')
    .where('store_id', '=', storeId)
    .where('external_id', '=', externalId)
    .orderBy('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Every string inside a JSON value (the icon ids a document or the program names). */
function* strings(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* strings(item);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) yield* strings(item);
}

/** The icon library's drawings of the icons these values use: the embed needs no others. */
function iconsUsedBy(...values: unknown[]): Record<string, string> {
  const used = new Set(values.flatMap((value) => [...strings(value)]));
  return Object.fromEntries(ICONS.filter((icon) => used.has(icon.id)).map((icon) => [icon.id, icon.path]));
}

/**
 * The embed's single request: the published documents it draws (widget, launcher, sticky bar —
 * the landing page is served as its own page), their published custom styles (as documents for
 * the widget module, as resolved custom properties for the loader's launcher and bar), the
 * program, the icons they use and (signed in) the member.
 */
export async function bootstrapPayload(db: Db, store: Store, customerId: number | null, now: Date): Promise<StorefrontPayload> {
  const [documents, program, member] = await Promise.all([
    loadPublishedDocuments(db, store.id),
    getProgramData(db, store.id),
    customerId === null ? Promise.resolve(null) : getMemberState(db, store.id, customerId, now),
  ]);
  const { widget, launcher, sticky_bar: stickyBar } = documents.custom_style.styles;
  const customStyles = { ...(widget && { widget }), ...(launcher && { launcher }), ...(stickyBar && { sticky_bar: stickyBar }) };
  const styleCtx = makeContext({ theme: 'light', themes: THEME_TOKENS, customStyles });
  return {
    storeKey: store.store_name,
    storeName: store.title,
    locale: 'en-US',
    theme: 'light',
    themes: THEME_TOKENS,
    customStyles,
    styleProperties: storefrontStyleProperties(documents.launcher, documents.sticky_bar, styleCtx),
    documents: { widget: documents.widget, launcher: documents.launcher, stickyBar: documents.sticky_bar },
    program,
    icons: iconsUsedBy(documents.widget, documents.launcher, documents.sticky_bar, program),
    member,
  };
}
