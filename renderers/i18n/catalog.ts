/**
 * A catalog holds the product's wording in one language, keyed as the English one. Surfaces read
 * the catalog their render context carries (`ctx.messages`): the storefront gets only the
 * shopper's language in its bootstrap, the canvas and the server pick theirs with `catalogFor`.
 */
import type { en } from './catalogs/en.ts';
import { formatCount, formatMessage, safeLocale, type Message, type MessageValue } from './messages.ts';

export type MessageKey = keyof typeof en;
export type Catalog = Record<MessageKey, Message>;

/** What formats a message: the locale (plural rules, digits) and its catalog. */
export interface Wording {
  locale: string;
  messages: Catalog;
}

/** The context's wording for `key`, with `values` put in (`count` picks the plural form). */
export function t(ctx: Wording, key: MessageKey, values?: Record<string, MessageValue>): string {
  return formatMessage(ctx.locale, ctx.messages[key], values);
}

/**
 * The context's message for `key` as written, for messages without placeholders (the plural
 * message's `other` form). The storefront loader draws its few texts with this, so the message
 * formatting (plural rules, number formats) stays in the modules that need it.
 */
export function word(ctx: Wording, key: MessageKey): string {
  const message = ctx.messages[key];
  return typeof message === 'string' ? message : message.other;
}

/** The messages that count points: as a subject or object, and after "every" / "per" (Arabic: the genitive after كل). */
export type PointsMessage = 'points.amount' | 'points.every';

/** An amount of points in the product's own word for them, in the context's language ("1 point", "نقطتان"). */
export function pointsInWords(ctx: Wording, count: number, message: PointsMessage = 'points.amount'): string {
  return t(ctx, message, { count });
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A calendar date (`yyyy-mm-dd` or an ISO time) as the locale writes it; text that is no date stays as it is. */
export function formatDate(locale: string, value: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;
  const time = Date.parse(day);
  if (Number.isNaN(time)) return value;
  let format = dateFormats.get(locale);
  if (!format) dateFormats.set(locale, (format = new Intl.DateTimeFormat(safeLocale(locale), { dateStyle: 'medium', timeZone: 'UTC' })));
  return format.format(time);
}

export { formatCount };
