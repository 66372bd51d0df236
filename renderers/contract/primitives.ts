/**
 * Field primitives every settings document is built from. Merchant text is plain text (the
 * renderers escape it; nothing interprets HTML), so text fields only bound the length. Colours
 * and links accept safe syntax only.
 */
import { z } from 'zod';
import { isColour } from './colour.ts';

/** The schema version of most kinds; a kind that moved on names its own (custom style: 2). See `currentSchemaVersion`. */
export const CURRENT_SCHEMA_VERSION = 1;

export const REQUIRED = 'This field is required';
/** Error option for a field: "required" when missing, `message` when the value is wrong. */
const expected = (message: string) => (issue: { input?: unknown }) => (issue.input === undefined ? REQUIRED : message);

export const MESSAGES = {
  colour: 'Enter a colour like #047b5d, rgb(…) or hsl(…)',
  url: 'Enter a web address starting with http:// or https://, or a path starting with /',
  id: 'Use 1–64 letters, digits, - or _',
  icon: 'Choose an icon from the library or enter an image address (https://… or /…)',
} as const;

/** A colour in hex, rgb()/rgba() or hsl()/hsla() syntax. */
export const colourSchema = z.string({ error: expected(MESSAGES.colour) }).refine(isColour, { error: MESSAGES.colour });

/** whitespace, backslashes (browsers read `/\\host` as `//host`), markup quotes and controls */
const UNSAFE_URL_CHARACTER = /[\s\\<>"`]|\p{Cc}/u;
const ABSOLUTE = /^https?:\/\/[^/?#]+/i;
const RELATIVE = /^(?:\/(?!\/)|[?#])/;

/**
 * A link a renderer may put in `href`/`src`: an absolute http(s) address or a same-site path
 * (`/rewards`, `?tab=earn`, `#faq`). `javascript:`, `data:`, protocol-relative `//host` and
 * backslash tricks are refused, and so are whitespace, `<`, `>`, `"` and backquotes. The empty string means "no link".
 */
export function isSafeUrl(value: string): boolean {
  if (value === '') return true;
  if (value.length > 2048 || UNSAFE_URL_CHARACTER.test(value)) return false;
  if (RELATIVE.test(value)) return true;
  if (!ABSOLUTE.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const BARE_DOMAIN = /^(?:www\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/**
 * What a URL field does on blur: trims, and turns a bare domain (`www.shop.com/rewards`, which
 * spec §5's URL check accepts) into `https://www.shop.com/rewards`. Anything else is returned
 * trimmed, for the schema to accept or refuse.
 */
export function normaliseUrl(value: string): string {
  const url = value.trim();
  return !isSafeUrl(url) && BARE_DOMAIN.test(url) ? `https://${url}` : url;
}

export const urlSchema = z.string({ error: expected(MESSAGES.url) }).refine(isSafeUrl, { error: MESSAGES.url });

/** Plain text of at most `max` characters. */
export const text = (max: number) => z.string({ error: expected('Enter text') }).max(max, { error: `Keep this to ${max} characters or fewer` });

export const TEXT_LIMITS = { label: 60, title: 160, subtitle: 240, body: 1000 } as const;

/** Stable identifier of an item inside a document (section, earning method, tier…). */
export const idSchema = z.string({ error: expected(MESSAGES.id) }).regex(/^[A-Za-z0-9_-]{1,64}$/, { error: MESSAGES.id });

const ICON_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** An icon of the library (its id, e.g. `gift`) or an image address (absolute or /path); '' means none. */
export const iconSchema = z
  .string({ error: expected(MESSAGES.icon) })
  .max(300, { error: 'Keep this to 300 characters or fewer' })
  .refine((v) => v === '' || (v.length <= 64 && ICON_ID.test(v)) || (isSafeUrl(v) && (ABSOLUTE.test(v) || v.startsWith('/'))), {
    error: MESSAGES.icon,
  });

/** Whole number within bounds, with a message naming them. */
export const integer = (min: number, max: number) =>
  z
    .number({ error: expected('Enter a number') })
    .int({ error: 'Enter a whole number' })
    .min(min, { error: `Enter a number from ${min} to ${max}` })
    .max(max, { error: `Enter a number from ${min} to ${max}` });

export const switchSchema = z.boolean({ error: expected('Choose on or off') });

/** An enum whose message lists the allowed values. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: expected(`Choose one of: ${values.join(', ')}`) });

export const AUDIENCES = ['member', 'visitor'] as const;
export type Audience = (typeof AUDIENCES)[number];

export const DEVICES = ['desktop', 'mobile'] as const;
export type Device = (typeof DEVICES)[number];

/** The `schemaVersion` field of a document kind whose current version is `version`. */
export const schemaVersionOf = <V extends number>(version: V) =>
  z.literal(version, { error: `Expected schemaVersion ${version}; load older documents through migrate()` });

/** The `schemaVersion` field of the kinds still at `CURRENT_SCHEMA_VERSION`. */
export const schemaVersionSchema = schemaVersionOf(CURRENT_SCHEMA_VERSION);

/** The global palette of a landing page. */
export const paletteSchema = z.strictObject({
  primary_color: colourSchema,
  secondary_color: colourSchema,
  text_color: colourSchema,
});
export type Palette = z.infer<typeof paletteSchema>;
