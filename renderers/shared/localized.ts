/** A surface's document in the context's language (renderers/contract/translations.ts): what every surface draws. */
import { useMemo } from 'react';
import type { RenderContext } from '../context.ts';
import { localizeDocument, type Translations } from '../contract/index.ts';

export function useLocalized<T extends { translations?: Translations | undefined }>(doc: T, ctx: RenderContext): T {
  const language = ctx.locale;
  return useMemo(() => localizeDocument(doc, language), [doc, language]);
}
