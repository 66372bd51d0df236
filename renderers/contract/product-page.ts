/** Points shown on the store's product pages ("Earn 25 points with this purchase"). */
import { z } from 'zod';
import { TEXT_LIMITS, colourSchema, iconSchema, integer, oneOf, schemaVersionSchema, switchSchema, text } from './primitives.ts';

export const PRODUCT_PAGE_PLACEMENTS = ['above_price', 'below_price', 'below_add_to_cart'] as const;

export const productPageSchema = z.strictObject({
  kind: z.literal('product_page', { error: 'Expected kind "product_page"' }),
  schemaVersion: schemaVersionSchema,
  show_points: switchSchema,
  /** for members; {points_earned} is the product's points, {points_label} the points name */
  member_text: text(TEXT_LIMITS.title),
  /** for visitors, usually an invitation to join */
  visitor_text: text(TEXT_LIMITS.title),
  placement: oneOf(PRODUCT_PAGE_PLACEMENTS),
  text_color: colourSchema,
  background_color: colourSchema,
  /** px */
  font_size: integer(10, 32),
  icon: iconSchema,
});
export type ProductPage = z.infer<typeof productPageSchema>;
