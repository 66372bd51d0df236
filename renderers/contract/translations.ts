/**
 * Merchant-written texts in several languages. A document's own texts are its default language;
 * `translations` holds the other languages as `{ [language]: { [text key]: text } }`, where a text
 * key is the text's path in the document with list items named by their id when they have one
 * (`sections.banner.content.member.title`, `panels.header.visitor.body`, `desktop.launcher_title`,
 * `sections.tiers.content.member.loyalty_tiers.gold.perks.0`). A text with no value in a language
 * falls back to the default language's. Only merchant texts have keys: links, colours and icons
 * are the same in every language.
 */
import { z } from 'zod';
import { isLanguageTag, LANGUAGE_TAG_MESSAGE, matchLanguage } from './languages.ts';
import { TEXT_LIMITS, text } from './primitives.ts';

/** Field names whose string values (or list of strings) are merchant-written texts. */
export const TEXT_FIELDS: ReadonlySet<string> = new Set([
  'title',
  'paragraph',
  'sub_heading',
  'label',
  'heading',
  'description',
  'name',
  'perks',
  'rewards',
  'date',
  'body',
  'primary_button_label',
  'secondary_button_label',
  'input_placeholder',
  'launcher_title',
  'text',
  'primary_text',
  'secondary_text',
  // email documents
  'subject',
  'preheader',
  'alt',
  'address',
  'unsubscribe_label',
]);

/** One language's texts: text key → text. */
export type TranslationTable = Record<string, string>;
/** language → its texts */
export type Translations = Record<string, TranslationTable>;

const MAX_LANGUAGES = 30;
const TRANSLATION_KEY = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+){0,15}$/;

/** The `translations` field of a document that has merchant texts (optional: a document in one language has none). */
export const translationsSchema = z
  .record(z.string(), z.record(z.string(), text(TEXT_LIMITS.body)))
  .superRefine((table, ctx) => {
    const languages = Object.keys(table);
    if (languages.length > MAX_LANGUAGES) ctx.addIssue({ code: 'custom', message: `Keep to ${MAX_LANGUAGES} languages or fewer` });
    for (const language of languages) {
      if (!isLanguageTag(language)) ctx.addIssue({ code: 'custom', path: [language], message: `"${language.slice(0, 20)}": ${LANGUAGE_TAG_MESSAGE}` });
      for (const key of Object.keys(table[language]!)) {
        if (key.length > 400 || !TRANSLATION_KEY.test(key)) ctx.addIssue({ code: 'custom', path: [language, key], message: 'Not the key of a text' });
      }
    }
  })
  .optional();

type JsonRecord = Record<string, unknown>;
const isRecord = (value: unknown): value is JsonRecord => typeof value === 'object' && value !== null && !Array.isArray(value);
const join = (prefix: string, segment: string) => (prefix === '' ? segment : `${prefix}.${segment}`);
/** a list item is named by its id when it has one, else by its position */
const segmentOf = (item: unknown, index: number) => (isRecord(item) && typeof item.id === 'string' ? item.id : String(index));

function visit(value: unknown, key: string, isText: boolean, fn: (key: string, value: string) => void): void {
  if (typeof value === 'string') {
    if (isText) fn(key, value);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => visit(item, join(key, segmentOf(item, index)), isText, fn));
  } else if (isRecord(value)) {
    for (const [name, child] of Object.entries(value)) if (key !== '' || name !== 'translations') visit(child, join(key, name), TEXT_FIELDS.has(name), fn);
  }
}

/** Every merchant-written text of a document (its default language), in document order. */
export function textEntries(doc: unknown): { key: string; value: string }[] {
  const entries: { key: string; value: string }[] = [];
  visit(doc, '', false, (key, value) => entries.push({ key, value }));
  return entries;
}

const sameChildren = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((item, index) => item === b[index]);

/**
 * `value` with its texts replaced by `table`'s. Unchanged parts stay the same objects, and parts
 * equal to `previous` (the last result for the same document) are `previous`'s, so a memoised
 * renderer redraws only what a keystroke changed.
 */
function overlay(value: unknown, key: string, isText: boolean, table: TranslationTable, previous: unknown): unknown {
  if (typeof value === 'string') {
    const translated = isText ? table[key] : undefined;
    return translated ? translated : value;
  }
  if (Array.isArray(value)) {
    const before = Array.isArray(previous) ? previous : [];
    const items = value.map((item, index) => overlay(item, join(key, segmentOf(item, index)), isText, table, before[index]));
    if (sameChildren(items, value)) return value;
    return sameChildren(items, before) ? previous : items;
  }
  if (isRecord(value)) {
    const before = isRecord(previous) ? previous : {};
    const names = Object.keys(value);
    const children = names.map((name) => overlay(value[name], join(key, name), TEXT_FIELDS.has(name), table, before[name]));
    if (children.every((child, index) => child === value[names[index]!])) return value;
    if (isRecord(previous) && Object.keys(previous).length === names.length && children.every((child, index) => child === before[names[index]!])) {
      return previous;
    }
    return Object.fromEntries(names.map((name, index) => [name, children[index]]));
  }
  return value;
}

type WithTranslations = { translations?: Translations | undefined };

/** The language of `doc.translations` that serves `language` (same tag, else same base language). */
export function translatedLanguage(doc: WithTranslations | undefined, language: string | undefined): string | undefined {
  const translations = doc?.translations;
  return translations ? matchLanguage(language, Object.keys(translations)) : undefined;
}

/**
 * The document in `language`: each text translated where the language has a value, else in the
 * default language. A document without a translation for the language is returned as it is; a
 * translated one comes without its `translations`. `previous`: the last result, to share.
 */
export function localizeDocument<T extends WithTranslations>(doc: T, language: string | undefined, previous?: T): T {
  const match = translatedLanguage(doc, language);
  const table = match ? doc.translations?.[match] : undefined;
  if (!table || Object.keys(table).length === 0) return doc;
  const { translations: _all, ...rest } = doc;
  // a previous result has no translations of its own
  return overlay(rest, '', false, table, previous) as T;
}

/** What travels to a shopper: the document in `language` with no other language's texts. */
export function documentForLanguage<T extends WithTranslations>(doc: T, language: string | undefined): T {
  const localized = localizeDocument(doc, language);
  if (localized.translations === undefined) return localized;
  const { translations: _all, ...rest } = localized;
  return rest as T;
}

/** The key of the text at `path` below `root`: list items given by position or id become their id when they have one. */
export function textKeyAt(root: unknown, path: readonly (string | number)[]): string {
  let node: unknown = root;
  const segments: string[] = [];
  for (const part of path) {
    if (Array.isArray(node)) {
      const index = typeof part === 'number' || /^\d+$/.test(part) ? Number(part) : node.findIndex((item) => isRecord(item) && item.id === part);
      const item = node[index];
      segments.push(item === undefined ? String(part) : segmentOf(item, index));
      node = item;
    } else {
      segments.push(String(part));
      node = isRecord(node) ? node[String(part)] : undefined;
    }
  }
  return segments.join('.');
}

/**
 * Sets (or, with undefined, removes) the text at `key` below `root`, in place (an immer draft);
 * false when the key names no place in the document.
 */
export function setTextAt(root: unknown, key: string, value: string | undefined): boolean {
  const parts = key.split('.');
  let node: unknown = root;
  for (const [position, part] of parts.entries()) {
    const last = position === parts.length - 1;
    if (Array.isArray(node)) {
      const index = /^\d+$/.test(part) ? Number(part) : node.findIndex((item) => isRecord(item) && item.id === part);
      if (index < 0 || index >= node.length) return false;
      if (last) {
        if (value === undefined || typeof node[index] !== 'string') return false;
        node[index] = value;
        return true;
      }
      node = node[index];
    } else if (isRecord(node)) {
      if (last) {
        if (value === undefined) delete node[part];
        else node[part] = value;
        return true;
      }
      node = node[part];
    } else {
      return false;
    }
  }
  return false;
}
