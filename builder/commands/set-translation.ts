/** Writes one language's texts by key (the Translations view, an imported file); '' leaves a text untranslated. */
import type { Translations } from '../../renderers/contract/index.ts';
import type { StudioKind } from '../api.ts';
import { writeTranslation } from '../store/language.ts';
import { defineCommand } from './command.ts';

export interface SetTranslationsArgs {
  language: string;
  /** kind → text key → text */
  values: Partial<Record<StudioKind, Record<string, string>>>;
}

export const setTranslations = defineCommand<SetTranslationsArgs>({
  name: 'set-translations',
  perform(docs, { language, values }) {
    for (const [kind, table] of Object.entries(values) as [StudioKind, Record<string, string>][]) {
      const doc = docs[kind] as { translations?: Translations } | undefined;
      if (!doc) throw new Error(`This studio does not edit a ${kind} document`);
      for (const [key, value] of Object.entries(table)) writeTranslation(doc, language, key, value);
    }
  },
  coalesce: ({ language, values }) => {
    const keys = Object.entries(values).flatMap(([kind, table]) => Object.keys(table ?? {}).map((key) => `${kind}:${key}`));
    return keys.length === 1 ? `translation:${language}:${keys[0]}` : undefined;
  },
});
