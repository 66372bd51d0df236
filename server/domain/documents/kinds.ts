import { DOCUMENT_KINDS, SURFACES as SURFACE_TABLE, studioPath, type DocumentKind, type DocumentOf } from '../../../renderers/contract/index.ts';
import { DEFAULT_DOCUMENTS, brandedDocument } from '../../../presets/index.ts';

/** Every kind the documents service keeps, per store: drafts, versions and one published version. */
export const STORED_KINDS: readonly DocumentKind[] = DOCUMENT_KINDS;

/** The four shopper surfaces of the /onsite-display overview, with their builder routes (spec §2). */
export const SURFACES = SURFACE_TABLE.map((surface) => ({ kind: surface.kind, label: surface.name, path: studioPath(surface.studio) }));

/** What a store has before it saves anything: the preset default in the store's brand colour (a fresh copy each time). */
export function defaultDocument<K extends DocumentKind>(kind: K, brand?: string): DocumentOf<K> {
  return brandedDocument(DEFAULT_DOCUMENTS[kind] as DocumentOf<K>, brand);
}
