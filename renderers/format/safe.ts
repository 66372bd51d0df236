/**
 * Last-line guards for merchant values reaching markup. The schema validates documents too;
 * these make sure a URL can never be `javascript:` and a colour or length can never break out
 * of its CSS property, whatever the renderer is handed.
 */
import { isColourSyntax, isSafeUrl } from '../contract/index.ts';

/** http(s) or same-site relative (`/path`, `?q`, `#id`) URLs only; anything else → undefined. */
export function safeUrl(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  return isSafeUrl(value) ? value : undefined;
}

/** A colour in hex, rgb() or hsl() syntax, safe to put in a style property; else undefined. */
export function safeColor(value: string | null | undefined): string | undefined {
  return typeof value === 'string' && isColourSyntax(value) ? value.trim() : undefined;
}

/** A CSS length from a number (px) or a plain length string; else undefined. */
export function safeLength(value: number | string | null | undefined): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? `${value}px` : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (/^-?\d+(?:\.\d+)?$/.test(text)) return `${text}px`;
  return /^-?\d+(?:\.\d+)?(?:px|rem|em|%|vh|vw)$/.test(text) ? text : undefined;
}
