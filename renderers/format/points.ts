import { pointsInWords, type PointsMessage, type Wording } from '../i18n/catalog.ts';

/**
 * spec §5 "Points display: integer with no decimals, otherwise two decimals",
 * with the locale's digit grouping (1,250 in en-US; 1.250 in de-DE).
 */
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, decimals: 0 | 2): Intl.NumberFormat {
  const key = `${locale}|${decimals}`;
  let found = formatters.get(key);
  if (!found) {
    let safeLocale = locale;
    try {
      Intl.NumberFormat.supportedLocalesOf([locale]);
    } catch {
      safeLocale = 'en-US';
    }
    found = new Intl.NumberFormat(safeLocale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formatters.set(key, found);
  }
  return found;
}

export function formatPoints(value: number | string | null | undefined, locale = 'en-US'): string {
  const points = typeof value === 'number' ? value : Number(value ?? 0);
  if (!Number.isFinite(points)) return formatter(locale, 0).format(0);
  return formatter(locale, Number.isInteger(points) ? 0 : 2).format(points);
}

/** The store's word for points (settings `points_label`, `points_label_singular`): "beans" and "bean". */
export interface PointsWords {
  pointsLabel: string;
  pointsLabelSingular?: string;
}

/** The singular a store that saved only the plural gets: "points" → "point", "leaves" → "leaf", "berries" → "berry". */
export function singularLabel(plural: string): string {
  const word = plural.trim();
  if (/[^aeiou]ies$/i.test(word)) return `${word.slice(0, -3)}y`;
  if (/[^aeiou]ves$/i.test(word)) return `${word.slice(0, -3)}f`;
  if (/(ss|us|is)$/i.test(word)) return word;
  if (/s$/i.test(word)) return word.slice(0, -1);
  return word;
}

/** The label that goes with `count`: the singular for exactly one, the plural otherwise. */
export function pointsLabelFor(count: number, words: PointsWords): string {
  const plural = words.pointsLabel.trim() || 'points';
  return count === 1 ? words.pointsLabelSingular?.trim() || singularLabel(plural) : plural;
}

/** An amount of points with the store's label, everywhere points are counted: "1 bean", "1,250 beans". */
export function formatPointsAmount(value: number, words: PointsWords, locale = 'en-US'): string {
  return `${formatPoints(value, locale)} ${pointsLabelFor(value, words)}`;
}

/** True when the store kept the product's own word for points (saved none of its own). */
export function keepsProductWord(words: PointsWords): boolean {
  const plural = words.pointsLabel.trim().toLowerCase();
  const singular = words.pointsLabelSingular?.trim().toLowerCase();
  return (plural === '' || plural === 'points') && (!singular || singular === 'point');
}

/**
 * An amount of points on a shopper surface: in the store's own word for them ("1,250 beans"),
 * or, where the store kept the product's word, in the shopper's language ("1 250 points", "نقطتان";
 * `message` 'points.every' where the amount follows "every", "كل نقطتين").
 */
export function pointsAmount(value: number, ctx: Wording & { program: PointsWords }, message?: PointsMessage): string {
  return keepsProductWord(ctx.program) ? pointsInWords(ctx, value, message) : formatPointsAmount(value, ctx.program, ctx.locale);
}

/**
 * A `{points_label}` written right after a count placeholder agrees with that count: when the
 * count is 1 it becomes `{points_label_singular}` ("{points_earned} {points_label}" → "1 bean").
 * `braces` 2 reads the emails' `{{name}}` syntax.
 */
export function agreeLabels(text: string, isOne: (countName: string) => boolean, braces: 1 | 2 = 1): string {
  const open = braces === 1 ? '\\{' : '\\{\\{\\s*';
  const close = braces === 1 ? '\\}' : '\\s*\\}\\}';
  const pattern = new RegExp(`(${open}([a-z_]+)${close}\\s+${open})points_label(${close})`, 'g');
  return text.replace(pattern, (whole, head: string, name: string, tail: string) => (isOne(name) ? `${head}points_label_singular${tail}` : whole));
}
