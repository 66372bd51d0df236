import { agreeLabels } from '../../../renderers/format/index.ts';
import { tagsFor, type EmailKey } from './contract/kinds.ts';

const TAG = /\{\{\s*([a-zA-Z0-9_.-]+)\s*\}\}/g;

/** The placeholder names used in a text, in order of first use. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(TAG)].map((match) => match[1] ?? ''))];
}

/**
 * Field errors for placeholders this email does not know, e.g.
 * `{ body: 'Unknown placeholder {{voucher}}: use one of …' }`.
 */
export function unknownPlaceholderErrors(key: EmailKey, texts: Record<string, string | undefined>): Record<string, string> {
  const known = new Set(tagsFor(key));
  const errors: Record<string, string> = {};
  for (const [field, text] of Object.entries(texts)) {
    const unknown = placeholdersIn(text ?? '').filter((name) => !known.has(name));
    if (unknown.length > 0) {
      const list = unknown.map((name) => `{{${name}}}`).join(', ');
      errors[field] = `Unknown placeholder${unknown.length > 1 ? 's' : ''} ${list}: use one of ${[...known].join(', ')}.`;
    }
  }
  return errors;
}

/**
 * Replaces each known placeholder by its value (escaped by `escape`); unknown ones become empty.
 * A `{{points_label}}` right after a count of 1 reads the singular ("1 bean").
 */
export function fillPlaceholders(text: string, values: Record<string, string>, escape: (value: string) => string = (value) => value): string {
  return agreeLabels(text, (name) => values[name] === '1', 2).replace(TAG, (_whole, name: string) => escape(values[name] ?? ''));
}

export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}
