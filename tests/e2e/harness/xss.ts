/** Fills every text, URL and colour field of a settings document with payloads of the XSS corpus. */
import { readFileSync } from 'node:fs';

export const XSS_CORPUS: { text: string[]; url: string[]; colour: string[] } = JSON.parse(
  readFileSync(new URL('../../fixtures/xss/payloads.json', import.meta.url), 'utf8'),
);

/** The global the corpus' payloads set when they run. */
export const XSS_FLAG = '__xss';

/** Enumerated or structural fields the schema restricts to a closed set: not free text. */
const CLOSED_FIELDS = new Set([
  'kind',
  'type',
  'id',
  'theme',
  'theme_type',
  'widget_type',
  'program_type',
  'selected_widget_type',
  'placement',
  'shape',
  'launcher_type',
  'icon_type',
  'text_align',
  'style',
  'card_shape',
  'card_style',
  'layout_style',
  'tier_spacing',
  'tier_alignment',
  'desktop_image_placement',
  'mobile_image_placement',
  'font_family',
]);

type Kind = 'text' | 'url' | 'colour';
const kindOf = (key: string): Kind | null => {
  if (CLOSED_FIELDS.has(key)) return null;
  if (/url$/i.test(key) || key === 'icon') return 'url';
  if (/colou?r$/i.test(key)) return 'colour';
  return 'text';
};

/** A deep copy of `doc` with each free string replaced; `round` shifts which payload each field gets. */
export function poisonDocument<T>(doc: T, round: number): T {
  let counter = 0;
  const pick = (kind: Kind) => {
    const list = XSS_CORPUS[kind];
    return list[(round + counter++) % list.length]!;
  };
  const visit = (value: unknown, key: string): unknown => {
    if (typeof value === 'string') {
      const kind = kindOf(key);
      return kind ? pick(kind) : value;
    }
    if (Array.isArray(value)) return value.map((item) => visit(item, key));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v, k)]));
    }
    return value;
  };
  return visit(structuredClone(doc), '') as T;
}
