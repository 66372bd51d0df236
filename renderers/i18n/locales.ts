/** The languages the product's own wording comes in (BCP 47), English first: the fallback. */
export const SHOPPER_LOCALES = ['en', 'fr', 'de', 'es', 'pt-BR', 'ja', 'ar', 'he'] as const;
export type ShopperLocale = (typeof SHOPPER_LOCALES)[number];

/** A well-formed BCP 47 language tag (`fr`, `pt-BR`, `zh-Hant-TW`), canonicalised; null otherwise. */
export function canonicalLocale(tag: string): string | null {
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(tag)) return null;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * The catalog language for a shopper's language tag: the exact one (`pt-BR`), else the one of
 * the same language (`fr-CA` → `fr`, `pt-PT` → `pt-BR`), else English.
 */
export function shopperLocale(tag: string | null | undefined): ShopperLocale {
  const canonical = tag ? canonicalLocale(tag.trim().replace(/_/g, '-')) : null;
  if (!canonical) return 'en';
  const exact = SHOPPER_LOCALES.find((locale) => locale.toLowerCase() === canonical.toLowerCase());
  if (exact) return exact;
  const language = canonical.split('-')[0]!.toLowerCase();
  return SHOPPER_LOCALES.find((locale) => locale.split('-')[0] === (language === 'iw' ? 'he' : language)) ?? 'en';
}
