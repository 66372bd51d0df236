/**
 * Last-line guards for merchant values reaching markup. The schema validates too; these make
 * sure a URL can never be `javascript:` and a colour can never break out of its CSS property.
 */

/** http(s) or relative URLs only; anything else (javascript:, data:, vbscript:, //host tricks with controls) → undefined. */
export function safeUrl(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const url = value.trim();
  if (!url || /[\u0000-\u001f\u007f\s\\]/.test(url)) return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  if (scheme) return /^https?$/i.test(scheme[1]!) && /^https?:\/\/[^/]/i.test(url) ? url : undefined;
  // protocol-relative URLs would leave the store's scheme choice to the page: refuse them
  return url.startsWith('//') ? undefined : url;
}

const NAMED_COLOR = /^[a-z]{3,20}$/i;
const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTION_COLOR = /^(?:rgb|rgba|hsl|hsla)\(\s*[-\d.%,\s/]+\)$/i;

/** A colour value safe to put in a style property (hex, rgb/hsl functions, named); else undefined. */
export function safeColor(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const color = value.trim();
  if (HEX_COLOR.test(color) || FUNCTION_COLOR.test(color)) return color;
  if (NAMED_COLOR.test(color) && !/^(?:expression|url|inherit|initial|unset|revert)$/i.test(color)) return color;
  return undefined;
}

/** A CSS length from a number (px) or a plain length string; else undefined. */
export function safeLength(value: number | string | null | undefined): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? `${value}px` : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (/^-?\d+(?:\.\d+)?$/.test(text)) return `${text}px`;
  return /^-?\d+(?:\.\d+)?(?:px|rem|em|%|vh|vw)$/.test(text) ? text : undefined;
}
