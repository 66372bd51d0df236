import { matchLanguage, storeLanguages } from '../../../renderers/contract/index.ts';
import type { Store } from '../../db/schema.ts';

/**
 * The store's language that serves someone asking for `requested` (a shopper's storefront, a
 * member's kept language): the closest of its languages, else its default.
 */
export function servedLanguage(store: Pick<Store, 'settings'>, requested: string | null | undefined): string {
  const languages = storeLanguages(store.settings as Record<string, unknown>);
  return matchLanguage(requested, [languages.default, ...languages.others]) ?? languages.default;
}
