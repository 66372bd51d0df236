/**
 * Editing in a language other than the store's default: the canvas and the inspector show the
 * documents in that language (`localizeDocs`), and a command's text changes go to that language's
 * translations while the default texts stay as they are (`performInLanguage`, and
 * `performOnDocumentInLanguage` for the email editor's one document). Changes that are not texts
 * (structure, colours, links) apply to the document as in the default language.
 */
import { produce, type Draft } from 'immer';
import { localizeDocument, setTextAt, textEntries, type Translations } from '../../renderers/contract/index.ts';
import type { StudioKind } from '../api.ts';
import type { SurfaceDocs } from './documents.ts';

type Translatable = { translations?: Translations | undefined };
const kindsOf = (docs: SurfaceDocs) => Object.keys(docs) as StudioKind[];
const textsOf = (doc: unknown) => new Map(textEntries(doc).map((entry) => [entry.key, entry.value]));

/** The documents in `language` (each text translated, else the default's); the same objects where nothing is translated. */
export function localizeDocs(docs: SurfaceDocs, language: string, previous?: SurfaceDocs): SurfaceDocs {
  let changed = false;
  const localized: Record<string, unknown> = {};
  for (const kind of kindsOf(docs)) {
    const doc = docs[kind] as Translatable;
    localized[kind] = localizeDocument(doc, language, previous?.[kind] as Translatable | undefined);
    if (localized[kind] !== doc) changed = true;
  }
  return changed ? (localized as SurfaceDocs) : docs;
}

/** Writes `value` as `language`'s text at `key` of `doc` (empty or undefined: not translated). */
export function writeTranslation(doc: Draft<Translatable>, language: string, key: string, value: string | undefined): void {
  const translations = (doc.translations ??= {});
  const table = (translations[language] ??= {});
  if (value === undefined || value === '') delete table[key];
  else if (table[key] !== value) table[key] = value;
  if (Object.keys(table).length === 0) delete translations[language];
  if (Object.keys(translations).length === 0) delete doc.translations;
}

/**
 * Keeps the texts an edit changed, as seen in `language` (`before` → `after`), as that language's
 * translations of `doc`, and puts back its default texts (`base`'s).
 */
function keepAsTranslations(doc: Draft<Translatable>, base: unknown, before: unknown, after: unknown, language: string): void {
  const shown = textsOf(before);
  const edited = textsOf(after);
  const defaults = textsOf(base);
  for (const [key, value] of shown) {
    const next = edited.get(key);
    if (next === value || !defaults.has(key)) continue;
    // the default text stays; where its place is gone (a removed item) there is nothing to translate
    if (!setTextAt(doc, key, defaults.get(key))) continue;
    writeTranslation(doc, language, key, next);
  }
}

/**
 * Runs `perform` on `draft` (the documents `base`) as an edit made in `language`: the texts it
 * changes, as seen in that language, are kept as that language's translations and the default
 * texts are left as they were; everything else it changes applies as it is.
 */
export function performInLanguage(draft: Draft<SurfaceDocs>, base: SurfaceDocs, language: string, perform: (docs: Draft<SurfaceDocs>) => void): void {
  const before = localizeDocs(base, language);
  const after = produce(before, perform);
  perform(draft);
  if (after === before) return;
  for (const kind of kindsOf(base)) {
    const doc = draft[kind] as Draft<Translatable> | undefined;
    if (after[kind] !== before[kind] && doc) keepAsTranslations(doc, base[kind], before[kind], after[kind], language);
  }
}

/** `performInLanguage` for a studio of one document (the email editor). */
export function performOnDocumentInLanguage<D extends Translatable>(draft: Draft<D>, base: D, language: string, perform: (doc: Draft<D>) => void): void {
  const before = localizeDocument(base, language);
  const after = produce(before, perform);
  perform(draft);
  if (after !== before) keepAsTranslations(draft as Draft<Translatable>, base, before, after, language);
}
