/** The set of documents one studio edits, and typed access to them from commands. */
import type { Draft } from 'immer';
import type { SurfaceDocument, SurfaceKind } from '../api.ts';

export type SurfaceDocs = { [K in SurfaceKind]?: SurfaceDocument<K> };

/** The document of `kind` inside a draft; throws when this studio does not hold it. */
export function docOf<K extends SurfaceKind>(docs: Draft<SurfaceDocs>, kind: K): Draft<SurfaceDocument<K>> {
  const doc = docs[kind] as Draft<SurfaceDocument<K>> | undefined;
  if (!doc) throw new Error(`This studio does not edit a ${kind} document`);
  return doc;
}

/** Which documents each studio route edits. */
export type StudioSurface = 'landing-page' | 'widget' | 'sticky-bar';
export const STUDIO_KINDS: Record<StudioSurface, SurfaceKind[]> = {
  'landing-page': ['landing_page'],
  widget: ['widget', 'launcher'],
  'sticky-bar': ['sticky_bar'],
};
export const STUDIO_NAMES: Record<StudioSurface, string> = {
  'landing-page': 'Landing page',
  widget: 'Widget and launcher',
  'sticky-bar': 'Sticky bar',
};
