/**
 * The shopper surfaces and the studios that design them: one table from which every list,
 * name and path is derived (the builder's studios, the server's /onsite-display overview, the
 * console's routes). A surface is spelled one way in data and the API — its document `kind`
 * (`landing_page`); a studio one way in URLs — its `id` (`landing-page`, the spec's route).
 */
export const STUDIOS = [
  { id: 'landing-page', name: 'Landing page' },
  { id: 'widget', name: 'Widget and launcher' },
  { id: 'sticky-bar', name: 'Sticky bar' },
] as const;
export type StudioId = (typeof STUDIOS)[number]['id'];

export const SURFACES = [
  { kind: 'landing_page', name: 'Landing page', studio: 'landing-page' },
  { kind: 'widget', name: 'Widget', studio: 'widget' },
  { kind: 'launcher', name: 'Launcher', studio: 'widget' },
  { kind: 'sticky_bar', name: 'Sticky bar', studio: 'sticky-bar' },
] as const satisfies ReadonlyArray<{ kind: string; name: string; studio: StudioId }>;
export type SurfaceKind = (typeof SURFACES)[number]['kind'];
export const SURFACE_KINDS: readonly SurfaceKind[] = SURFACES.map((surface) => surface.kind);

/** The console route of a studio (spec §2: /onsite-display/landing-page, /widget, /sticky-bar). */
export const studioPath = (studio: StudioId) => `/onsite-display/${studio}`;

/** The surfaces one studio edits (the widget studio: the widget and its launcher). */
export const studioSurfaces = (studio: StudioId): SurfaceKind[] => SURFACES.filter((surface) => surface.studio === studio).map((surface) => surface.kind);

/** The surface's name in a sentence ("This landing page was saved…"). */
export const surfaceName = (kind: SurfaceKind) => SURFACES.find((surface) => surface.kind === kind)!.name.toLowerCase();
