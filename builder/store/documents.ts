/** The set of documents one studio edits, and typed access to them from commands. */
import type { Draft } from 'immer';
import { STUDIOS, studioSurfaces, type StudioId } from '../../renderers/contract/index.ts';
import type { SurfaceDocument, StudioKind } from '../api.ts';

export type SurfaceDocs = { [K in StudioKind]?: SurfaceDocument<K> };

/** The document of `kind` inside a draft; throws when this studio does not hold it. */
export function docOf<K extends StudioKind>(docs: Draft<SurfaceDocs>, kind: K): Draft<SurfaceDocument<K>> {
  const doc = docs[kind] as Draft<SurfaceDocument<K>> | undefined;
  if (!doc) throw new Error(`This studio does not edit a ${kind} document`);
  return doc;
}

/** Which documents each studio route edits: its surfaces and the custom style they share (each studio edits its surfaces' entries). */
export type StudioSurface = StudioId;
export const STUDIO_KINDS = Object.fromEntries(STUDIOS.map((studio) => [studio.id, [...studioSurfaces(studio.id), 'custom_style']])) as Record<
  StudioSurface,
  StudioKind[]
>;
/**
 * The documents whose versions a studio's history lists: its own surfaces. The custom style is
 * shared by every studio (one document, a style per surface), so restoring one of its versions
 * from one studio would change the others' styles too; Undo takes back a style edit instead.
 */
export const HISTORY_KINDS = Object.fromEntries(
  Object.entries(STUDIO_KINDS).map(([surface, kinds]) => [surface, kinds.filter((kind) => kind !== 'custom_style')]),
) as Record<StudioSurface, StudioKind[]>;

export const STUDIO_NAMES = Object.fromEntries(STUDIOS.map((studio) => [studio.id, studio.name])) as Record<StudioSurface, string>;
