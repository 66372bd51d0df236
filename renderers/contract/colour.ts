/**
 * Colour syntax shared by every colour field: hex (#rgb, #rgba, #rrggbb, #rrggbbaa),
 * rgb()/rgba() and hsl()/hsla() in comma or space syntax. Nothing else parses, so a value can
 * never close a CSS declaration (`red;} body{…`). Also WCAG contrast, which the builder uses
 * to refuse publishing unreadable text and the presets tests use to check every default pair.
 */

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** rgb()/hsl() in comma and space syntax, built on first use (the storefront loader never parses colours). */
const pattern = (source: string) => new RegExp(source, 'i');
let functionPatterns: { rgb: RegExp[]; hsl: RegExp[] } | undefined;
function colourFunctions(): { rgb: RegExp[]; hsl: RegExp[] } {
  if (functionPatterns) return functionPatterns;
  const NUMBER = String.raw`\d{1,3}(?:\.\d+)?%?`;
  const ALPHA = String.raw`(?:\d{1,3}(?:\.\d+)?%|\d?\.\d+|\d)`;
  const HUE = String.raw`-?\d{1,3}(?:\.\d+)?(?:deg)?`;
  const PERCENT = String.raw`\d{1,3}(?:\.\d+)?%`;
  return (functionPatterns = {
    rgb: [
      pattern(String.raw`^rgba?\(\s*(${NUMBER})\s*,\s*(${NUMBER})\s*,\s*(${NUMBER})\s*(?:,\s*(${ALPHA})\s*)?\)$`),
      pattern(String.raw`^rgba?\(\s*(${NUMBER})\s+(${NUMBER})\s+(${NUMBER})\s*(?:\/\s*(${ALPHA})\s*)?\)$`),
    ],
    hsl: [
      pattern(String.raw`^hsla?\(\s*(${HUE})\s*,\s*(${PERCENT})\s*,\s*(${PERCENT})\s*(?:,\s*(${ALPHA})\s*)?\)$`),
      pattern(String.raw`^hsla?\(\s*(${HUE})\s+(${PERCENT})\s+(${PERCENT})\s*(?:\/\s*(${ALPHA})\s*)?\)$`),
    ],
  });
}
const execFirst = (patterns: RegExp[], text: string) => patterns.reduce<RegExpExecArray | null>((found, re) => found ?? re.exec(text), null);

const COLOUR_MAX_LENGTH = 64;

/** 0–255 channel from `128` or `50%`; undefined when out of range. */
function channel(text: string): number | undefined {
  const value = parseFloat(text);
  if (text.endsWith('%')) return value <= 100 ? (value / 100) * 255 : undefined;
  return value <= 255 ? value : undefined;
}

/** 0–1 alpha from `0.5`, `.5`, `1` or `50%`; undefined when out of range. */
function alpha(text: string | undefined): number | undefined {
  if (text === undefined) return 1;
  const value = parseFloat(text);
  if (text.endsWith('%')) return value <= 100 ? value / 100 : undefined;
  return value <= 1 ? value : undefined;
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const hue = ((h % 360) + 360) % 360;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/** Parses a colour in the accepted syntax; null for anything else (including out-of-range values). */
export function parseColour(value: string): Rgba | null {
  if (value.length > COLOUR_MAX_LENGTH) return null;
  const text = value.trim();
  const hex = HEX.exec(text);
  if (hex) {
    let digits = hex[1]!;
    if (digits.length <= 4) digits = [...digits].map((d) => d + d).join('');
    const byte = (i: number) => parseInt(digits.slice(i, i + 2), 16);
    return { r: byte(0), g: byte(2), b: byte(4), a: digits.length === 8 ? byte(6) / 255 : 1 };
  }
  const patterns = colourFunctions();
  const rgb = execFirst(patterns.rgb, text);
  if (rgb) {
    const [r, g, b, a] = [channel(rgb[1]!), channel(rgb[2]!), channel(rgb[3]!), alpha(rgb[4])];
    if (r === undefined || g === undefined || b === undefined || a === undefined) return null;
    return { r, g, b, a };
  }
  const hsl = execFirst(patterns.hsl, text);
  if (hsl) {
    const [s, l, a] = [parseFloat(hsl[2]!), parseFloat(hsl[3]!), alpha(hsl[4])];
    if (s > 100 || l > 100 || a === undefined) return null;
    const [r, g, b] = hslToRgb(parseFloat(hsl[1]!), s / 100, l / 100);
    return { r, g, b, a };
  }
  return null;
}

export const isColour = (value: string): boolean => parseColour(value) !== null;

const COLOUR_SYNTAX = /^\s*(?:#[0-9a-f]{3,8}|(?:rgb|hsl)a?\([\d\s.,%/+-]*(?:deg)?[\d\s.,%/+-]*\))\s*$/i;

/**
 * The render-time guard: the colour syntax without `parseColour`'s range checks (documents are
 * validated with `isColour` before they are saved). Only digits, separators and units inside
 * rgb()/hsl(), so a value can never leave its CSS declaration; small enough for the storefront loader.
 */
export const isColourSyntax = (value: string): boolean => value.length <= COLOUR_MAX_LENGTH && COLOUR_SYNTAX.test(value);

/** `top` drawn over `bottom` (alpha compositing); the result is opaque when `bottom` is. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

function linear(channelValue: number): number {
  const s = channelValue / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

function luminance({ r, g, b }: Rgba): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

/**
 * WCAG 2 contrast ratio (1–21) of `foreground` text on `background`. A translucent background
 * is taken over white, translucent text over the background. Null when either is not a colour.
 */
export function contrastRatio(foreground: string, background: string): number | null {
  const fg = parseColour(foreground);
  const bg = parseColour(background);
  if (!fg || !bg) return null;
  const base = over(bg, WHITE);
  const [l1, l2] = [luminance(over(fg, base)), luminance(base)];
  return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
}

/** The contrast the builder requires before publishing (WCAG AA, normal text). */
export const MIN_TEXT_CONTRAST = 4.5;
