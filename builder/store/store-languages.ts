/**
 * Following the store's languages while a studio is open: they are read again (settings saved,
 * the tab shown again) and the language being edited stays, moves with the default, or gives way
 * to the default when the store no longer writes in it.
 */
import type { StoreLanguages } from '../../renderers/contract/index.ts';

/** Whether the store writes its texts in `language`. */
export const writesIn = (languages: StoreLanguages, language: string): boolean => language === languages.default || languages.others.includes(language);

export const sameLanguages = (a: StoreLanguages, b: StoreLanguages): boolean =>
  a.default === b.default && a.others.length === b.others.length && a.others.every((tag, at) => tag === b.others[at]);

export interface FollowedLanguage {
  /** the language to edit now */
  language: string;
  /** the language that was being edited when the store stopped writing in it; null when none was dropped */
  dropped: string | null;
}

/**
 * The language to edit once the store's languages went from `before` to `after`: the same one while
 * the store still writes in it, the new default when the old default was being edited (the
 * documents' own texts stay the default's), else the default, saying which language was dropped.
 */
export function followLanguages(before: StoreLanguages, after: StoreLanguages, language: string): FollowedLanguage {
  if (language === before.default) return { language: after.default, dropped: null };
  if (writesIn(after, language)) return { language, dropped: null };
  return { language: after.default, dropped: language };
}
