/**
 * The product's own wording on shopper surfaces, in every language it comes in. This module
 * holds every catalog: the canvas, the landing page's server rendering and the server's
 * bootstrap use it; the storefront embed never imports it (it gets one catalog in its bootstrap).
 */
import type { Catalog } from './catalog.ts';
import { ar } from './catalogs/ar.ts';
import { de } from './catalogs/de.ts';
import { en } from './catalogs/en.ts';
import { es } from './catalogs/es.ts';
import { fr } from './catalogs/fr.ts';
import { he } from './catalogs/he.ts';
import { ja } from './catalogs/ja.ts';
import { ptBR } from './catalogs/pt-BR.ts';
import { shopperLocale, type ShopperLocale } from './locales.ts';

export const CATALOGS: Record<ShopperLocale, Catalog> = { en, fr, de, es, 'pt-BR': ptBR, ja, ar, he };

/** The catalog for a language tag (the nearest language there is, else English). */
export function catalogFor(locale: string | null | undefined): Catalog {
  return CATALOGS[shopperLocale(locale)];
}

export { formatDate, pointsInWords, t, word, type Catalog, type MessageKey, type Wording } from './catalog.ts';
export { textDirection } from './direction.ts';
export { canonicalLocale } from '../contract/languages.ts';
export { SHOPPER_LOCALES, shopperLocale, type ShopperLocale } from './locales.ts';
export { formatCount, formatMessage, pluralCategory, type Message, type PluralCategory, type PluralMessage } from './messages.ts';
