/**
 * The icon drawings a storefront page needs, sent by the server in the embed's bootstrap: the
 * library icons and built-in icons its documents and program name, and the built-in icons the
 * loader's own chrome draws (the drawer's close button, the launcher's fallback). The loader then
 * carries no drawing of its own (its size budget); the widget module draws the same paths.
 */
import { BUILT_IN_ICONS } from './icons.tsx';

/** Built-in icons the loader draws whatever the documents say. */
export const LOADER_CHROME_ICONS = ['close', 'gift'] as const;

/** Every string inside a JSON value (the icon ids a document or the program names). */
function* strings(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* strings(item);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) yield* strings(item);
}

/** id → path of the icons `values` use (a library icon wins over a built-in one of the same id). */
export function pageIcons(values: unknown[], library: readonly { id: string; path: string }[]): Record<string, string> {
  const used = new Set<string>([...LOADER_CHROME_ICONS, ...values.flatMap((value) => [...strings(value)])]);
  const pick = (entries: [string, string][]) => entries.filter(([id]) => used.has(id));
  return Object.fromEntries([...pick(Object.entries(BUILT_IN_ICONS)), ...pick(library.map((icon) => [icon.id, icon.path]))]);
}
