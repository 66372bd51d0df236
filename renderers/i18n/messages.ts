/**
 * The product's own wording on shopper surfaces: a message is a text with `{name}` placeholders,
 * or one text per plural category (CLDR: zero, one, two, few, many, other) chosen by
 * `Intl.PluralRules` for the `count` value. Catalogs are plain data compiled ahead of time, so no
 * message parser travels to the shopper: this module is the whole formatter.
 */

export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** One text per plural category the language uses; `other` is always there. */
export type PluralMessage = Partial<Record<PluralCategory, string>> & { other: string };
export type Message = string | PluralMessage;
/** A value put into a message: numbers are written with the locale's digits and grouping. */
export type MessageValue = string | number;

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** `locale` when the runtime knows it as a BCP 47 tag, else English (a bad tag never throws). */
export function safeLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/** The plural category of `count` in `locale` (`ar`: 0 zero, 1 one, 2 two, 3–10 few, 11–99 many, 100 other). */
export function pluralCategory(locale: string, count: number): PluralCategory {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(safeLocale(locale))));
  return rules.select(count) as PluralCategory;
}

/** A count as the locale writes it: no decimals for whole numbers, two otherwise (1,250 · 1.250 · ١٬٢٥٠). */
export function formatCount(locale: string, count: number): string {
  const decimals = Number.isInteger(count) ? 0 : 2;
  const key = `${locale}|${decimals}`;
  let format = numberFormats.get(key);
  if (!format)
    numberFormats.set(key, (format = new Intl.NumberFormat(safeLocale(locale), { minimumFractionDigits: decimals, maximumFractionDigits: decimals })));
  return format.format(Number.isFinite(count) ? count : 0);
}

/** The text of `message` for `values.count` (plural messages), with its placeholders filled. */
export function formatMessage(locale: string, message: Message, values: Record<string, MessageValue> = {}): string {
  const count = Number(values.count ?? 0);
  const text = typeof message === 'string' ? message : (message[pluralCategory(locale, count)] ?? message.other);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? formatCount(locale, value) : value;
  });
}
