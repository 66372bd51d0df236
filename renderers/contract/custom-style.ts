/**
 * Custom style of the shopper surfaces (spec §7 POST /store/custom-style: widget_name and
 * custom_widget_style). Not CSS text: a closed set of overrides, each validated, which the
 * renderers turn into custom properties. Every override is optional.
 *
 * Schema 2 keeps one style per surface (`styles.widget`, `styles.launcher`, …); schema 1 kept a
 * single `widget_name` + `custom_widget_style`, so saving one surface replaced another's.
 */
import { z } from 'zod';
import { colourSchema, integer, oneOf, schemaVersionOf } from './primitives.ts';
import { fontStackSchema } from './theme.ts';

export const STYLED_SURFACES = ['widget', 'launcher', 'landing_page', 'sticky_bar', 'product_page'] as const;
export type StyledSurface = (typeof STYLED_SURFACES)[number];
export const SHADOWS = ['none', 'soft', 'strong'] as const;

export const customWidgetStyleSchema = z.strictObject({
  font_family: fontStackSchema.optional(),
  /** percent of the theme's base size */
  font_scale: integer(80, 150).optional(),
  /** px */
  border_radius: integer(0, 32).optional(),
  button_radius: integer(0, 32).optional(),
  shadow: oneOf(SHADOWS).optional(),
  accent_color: colourSchema.optional(),
  accent_text_color: colourSchema.optional(),
  link_color: colourSchema.optional(),
  surface_color: colourSchema.optional(),
  surface_text_color: colourSchema.optional(),
  border_color: colourSchema.optional(),
});
export type CustomWidgetStyle = z.infer<typeof customWidgetStyleSchema>;

/** Schema version of the custom style document (2: one style per surface). */
export const CUSTOM_STYLE_SCHEMA_VERSION = 2;

/** The custom style of each surface that has one; a surface without an entry looks as its theme. */
export const surfaceStylesSchema = z.strictObject(
  Object.fromEntries(STYLED_SURFACES.map((surface) => [surface, customWidgetStyleSchema.optional()])) as Record<
    StyledSurface,
    z.ZodOptional<typeof customWidgetStyleSchema>
  >,
);
export type SurfaceStyles = z.infer<typeof surfaceStylesSchema>;

export const customStyleSchema = z.strictObject({
  kind: z.literal('custom_style', { error: 'Expected kind "custom_style"' }),
  schemaVersion: schemaVersionOf(CUSTOM_STYLE_SCHEMA_VERSION),
  styles: surfaceStylesSchema,
});
export type CustomStyle = z.infer<typeof customStyleSchema>;

const isEmptyStyle = (style: CustomWidgetStyle) => Object.values(style).every((value) => value === undefined);

/**
 * The document with `surface`'s style replaced by `style` (POST /store/custom-style); an empty
 * style removes the surface's entry. The other surfaces' styles are kept as they are.
 */
export function withSurfaceStyle(doc: CustomStyle, surface: StyledSurface, style: CustomWidgetStyle): CustomStyle {
  const { [surface]: _previous, ...others } = doc.styles;
  return { ...doc, styles: isEmptyStyle(style) ? others : { ...others, [surface]: style } };
}

/** `live` with the styles of `surfaces` taken from `draft` (publishing some surfaces' styles only). */
export function withSurfaceStylesFrom(live: CustomStyle, draft: CustomStyle, surfaces: readonly StyledSurface[]): CustomStyle {
  return surfaces.reduce((doc, surface) => withSurfaceStyle(doc, surface, draft.styles[surface] ?? {}), live);
}

/** Two styles with the same overrides (styles are flat: strings and numbers). */
export function sameStyle(a: CustomWidgetStyle | undefined, b: CustomWidgetStyle | undefined): boolean {
  const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]) as Set<keyof CustomWidgetStyle>;
  return [...keys].every((key) => a?.[key] === b?.[key]);
}

/** Two custom style documents with the same style for each of `surfaces` (every surface by default). */
export function sameStyles(a: CustomStyle, b: CustomStyle, surfaces: readonly StyledSurface[] = STYLED_SURFACES): boolean {
  return surfaces.every((surface) => sameStyle(a.styles[surface], b.styles[surface]));
}
