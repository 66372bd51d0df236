/**
 * Custom style of a widget surface (spec §7 POST /store/custom-style: widget_name and
 * custom_widget_style). Not CSS text: a closed set of overrides, each validated, which the
 * renderers turn into custom properties. Every override is optional.
 */
import { z } from 'zod';
import { colourSchema, integer, oneOf, schemaVersionSchema } from './primitives.ts';
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

export const customStyleSchema = z.strictObject({
  kind: z.literal('custom_style', { error: 'Expected kind "custom_style"' }),
  schemaVersion: schemaVersionSchema,
  widget_name: oneOf(STYLED_SURFACES),
  custom_widget_style: customWidgetStyleSchema,
});
export type CustomStyle = z.infer<typeof customStyleSchema>;
