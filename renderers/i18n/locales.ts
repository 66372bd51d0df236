import { canonicalLocale } from '../contract/languages.ts';

/** The languages the product's own wording comes in (BCP 47), English first: the fallback. */
export const SHOPPER_LOCALES = ['en', 'fr', 'de', 'es', 'pt-BR', 'ja', 'ar', 'he'] as const;
export type ShopperLocale = (typeof SHOPPER_LOCALES)[number];

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
