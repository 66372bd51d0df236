import { contextFromPayload, makeContext, type StorefrontPayload } from '../../../renderers/context.ts';
import { launcherWithFilledTexts, stickyBarWithFilledTexts, storefrontStyleProperties } from '../../../renderers/ssr/index.tsx';
import { loaderStylesheet } from '../../../renderers/theme/index.ts';
import { pageIcons } from '../../../renderers/shared/page-icons.ts';
import { catalogFor } from '../../../renderers/i18n/index.ts';
import { THEMES, documentForLanguage, type ThemeName } from '../../../renderers/contract/index.ts';
import { ICONS, THEME_TOKENS } from '../../../presets/index.ts';
import type { Db } from '../../db/connection.ts';
import type { Store } from '../../db/schema.ts';
import { loadDraftDocuments, loadPublishedDocuments, type PublishedDocuments } from '../../domain/documents/index.ts';
import { getMemberState, getProgramData } from '../program/index.ts';
import { servedLanguage } from '../stores/index.ts';

export { customerDigest, digestMatches } from '../../auth/shopper-digest.ts';
export { demoMember } from './demo-member.ts';
export { DEMO_STORE_KEY } from './embed-demo-page.ts';
export { loadPublishedLanding, type PublishedLanding } from './landing.ts';
export { servedLanguage } from '../stores/index.ts';

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

/** Keeps the language a signed-in shopper's storefront speaks: the member's e-mails go out in it. */
export async function rememberCustomerLocale(db: Db, storeId: number, customerId: number, locale: string): Promise<void> {
  await db
    .updateTable('customers')
    .set({ locale })
    .where('store_id', '=', storeId)
    .where('id', '=', customerId)
    .where((eb) => eb.or([eb('locale', 'is', null), eb('locale', '!=', locale)]))
    .execute();
}

/** The themes the storefront draws with: the page's (launcher), the widget's and the sticky bar's. */
function themesUsed(pageTheme: ThemeName, ...documents: unknown[]): ThemeName[] {
  const named = documents.map((doc) => {
    const record = (doc ?? {}) as { theme_type?: unknown; bar?: { theme?: unknown } };
    return record.theme_type ?? record.bar?.theme;
  });
  return THEMES.filter((name) => name === pageTheme || named.includes(name));
}

/** Documents a page load shows instead of the published ones: an experiment's variant B. */
export type ShownVariants = Partial<Pick<PublishedDocuments, 'widget' | 'sticky_bar'>>;

/**
 * The embed's single request: the published documents it draws (widget, launcher, sticky bar —
 * the landing page is served as its own page), their published custom styles (as documents for
 * the widget module, as resolved custom properties for the loader's launcher and bar), the
 * loader's stylesheet, the program, the icons they use and (signed in) the member. The launcher's
 * and the sticky bar's texts come with their placeholders filled for this shopper (the loader
 * draws them as they are). `drafts`: the drafts instead of the
 * published documents, for a browser holding a preview link (`preview: true` shows its bar).
 * `locale`: the shopper's language (BCP 47) — the product's wording of that language only travels.
 * `variants`: the experiments' variant B documents this page load shows.
 */
export async function bootstrapPayload(
  db: Db,
  store: Store,
  customerId: number | null,
  now: Date,
  drafts = false,
  locale = 'en',
  variants: ShownVariants = {},
): Promise<StorefrontPayload> {
  const [stored, program, member] = await Promise.all([
    drafts ? loadDraftDocuments(db, store.id) : loadPublishedDocuments(db, store.id),
    getProgramData(db, store.id, now, { customerId }),
    customerId === null ? Promise.resolve(null) : getMemberState(db, store.id, customerId, now),
  ]);
  // an experiment's variant B in place of what is published; the store's texts travel in one
  // language: the shopper's translation, else the default language
  const published = { ...stored, ...variants };
  const language = servedLanguage(store, locale);
  const documents = {
    ...published,
    widget: documentForLanguage(published.widget, language),
    launcher: documentForLanguage(published.launcher, language),
    sticky_bar: documentForLanguage(published.sticky_bar, language),
  };
  const { widget, launcher, sticky_bar: stickyBar } = documents.custom_style.styles;
  const customStyles = { ...(widget && { widget }), ...(launcher && { launcher }), ...(stickyBar && { sticky_bar: stickyBar }) };
  const theme: ThemeName = 'light';
  const styleCtx = makeContext({ theme, themes: THEME_TOKENS, customStyles });
  const payload: StorefrontPayload = {
    storeKey: store.store_name,
    storeName: store.title,
    locale,
    messages: catalogFor(locale),
    theme,
    themes: THEME_TOKENS,
    themeCss: loaderStylesheet(THEME_TOKENS, themesUsed(theme, documents.widget, documents.sticky_bar), drafts),
    customStyles,
    styleProperties: storefrontStyleProperties(documents.launcher, documents.sticky_bar, styleCtx),
    documents: { widget: documents.widget, launcher: documents.launcher, stickyBar: documents.sticky_bar },
    program,
    icons: pageIcons([documents.widget, documents.launcher, documents.sticky_bar, program], ICONS),
    member,
    ...(drafts && { preview: true }),
  };
  const shopperCtx = contextFromPayload(payload, 'desktop');
  const launcherFilled = launcherWithFilledTexts(documents.launcher, shopperCtx);
  const stickyBarFilled = stickyBarWithFilledTexts(documents.sticky_bar, shopperCtx);
  return { ...payload, documents: { ...payload.documents, launcher: launcherFilled, stickyBar: stickyBarFilled } };
}
