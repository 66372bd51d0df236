/**
 * Languages of a store's shopper surfaces: BCP 47 language tags (`en`, `fr`, `pt-BR`, `zh-Hant`),
 * written in their canonical case, and how a shopper's language picks one of the store's.
 */
import { z } from 'zod';

/** language (2–3 letters) · optional script (4 letters) · optional region (2 letters or 3 digits) */
const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?$/i;

export const LANGUAGE_TAG_MESSAGE = 'Use a BCP 47 language code such as en, fr, de, pt-BR or zh-Hant';

/** `pt-br` → `pt-BR`, `ZH-hant` → `zh-Hant`; undefined when `value` is not a language tag this product serves. */
export function canonicalLanguage(value: string): string | undefined {
  const tag = value.trim().replace(/_/g, '-');
  if (!LANGUAGE_TAG.test(tag)) return undefined;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical;
  } catch {
    return undefined;
  }
}

/**
 * Any well-formed BCP 47 tag (`fr`, `pt-BR`, `zh-Hant-TW`, `ca-ES-valencia`), canonicalised; null
 * otherwise. Wider than `canonicalLanguage`: a shopper's language as a browser or platform sends
 * it, variants included, which the catalogs then match (a store's own languages stay narrower).
 */
export function canonicalLocale(tag: string): string | null {
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(tag)) return null;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

export const isLanguageTag = (value: string): boolean => canonicalLanguage(value) === value.trim();

/** A BCP 47 language tag, canonicalised (`pt-br` is saved as `pt-BR`). */
export const languageTagSchema = z
  .string({ error: LANGUAGE_TAG_MESSAGE })
  .max(20, { error: LANGUAGE_TAG_MESSAGE })
  .transform((value, ctx) => {
    const canonical = canonicalLanguage(value);
    if (canonical === undefined) {
      ctx.addIssue({ code: 'custom', message: `"${value.slice(0, 20)}" is not a language code. ${LANGUAGE_TAG_MESSAGE}` });
      return z.NEVER;
    }
    return canonical;
  });

/**
 * The one of `available` that serves a shopper asking for `requested`: the same tag, else the same
 * language (`fr-CA` → `fr`, `pt` → `pt-BR`), else undefined (the caller falls back to the default).
 */
export function matchLanguage(requested: string | undefined | null, available: readonly string[]): string | undefined {
  if (!requested) return undefined;
  const wanted = canonicalLanguage(requested);
  if (!wanted) return undefined;
  const lower = wanted.toLowerCase();
  const exact = available.find((tag) => tag.toLowerCase() === lower);
  if (exact) return exact;
  const base = lower.split('-')[0];
  return available.find((tag) => tag.toLowerCase() === base) ?? available.find((tag) => tag.toLowerCase().split('-')[0] === base);
}

/** The languages a store writes its texts in: the default, then the others. */
export interface StoreLanguages {
  default: string;
  others: string[];
}

export const DEFAULT_LANGUAGES: StoreLanguages = { default: 'en', others: [] };

/** The store's languages from its settings (`default_language`, `languages`), valid tags only. */
export function storeLanguages(settings: Record<string, unknown> | null | undefined): StoreLanguages {
  const fallback = DEFAULT_LANGUAGES.default;
  const stored = typeof settings?.default_language === 'string' ? canonicalLanguage(settings.default_language) : undefined;
  const defaultLanguage = stored ?? fallback;
  const list = Array.isArray(settings?.languages) ? settings.languages : [];
  const others = [
    ...new Set(list.flatMap((value) => (typeof value === 'string' ? [canonicalLanguage(value)] : [])).filter((tag): tag is string => Boolean(tag))),
  ].filter((tag) => tag !== defaultLanguage);
  return { default: defaultLanguage, others };
}

/** The name of a language in English ("French", "Portuguese (Brazil)"), or its code when unknown. */
export function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}
