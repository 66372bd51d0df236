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

/**
 * Which line of versions a document row belongs to: 'a' holds the drafts and the published
 * version; 'b' an experiment's variant B of a surface, with versions of its own, never published.
 */
export type DocumentVariant = 'a' | 'b';

/**
 * How a save resolved a conflict with the draft it is based on, which someone else saved after
 * this editor opened theirs: `kept_over` — this draft was kept over that one ("Keep mine"), which
 * stays a version; `set_aside` — this draft was kept as a version, then that one restored on top
 * of it as the draft ("Keep theirs").
 */
export type ConflictResolution = 'kept_over' | 'set_aside';
