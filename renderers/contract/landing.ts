/**
 * Landing page settings (spec §3): a global palette, a theme and an ordered list of sections.
 * Each section has member and visitor content, a style and a layout. Every field is optional
 * inside content/style/layout: a section type uses the subset `SECTION_FIELDS` names, and an
 * unset style falls back to the palette and theme.
 */
import { z } from 'zod';
import {
  TEXT_LIMITS,
  colourSchema,
  iconSchema,
  idSchema,
  integer,
  oneOf,
  paletteSchema,
  schemaVersionSchema,
  switchSchema,
  text,
  urlSchema,
} from './primitives.ts';
import { themeNameSchema } from './theme.ts';
import {
  CARD_SHAPES,
  CARD_STYLES,
  IMAGE_PLACEMENTS,
  LAYOUT_STYLES,
  SECTION_NUMBER_BOUNDS,
  SECTION_STYLES,
  SECTION_TYPES,
  TEXT_ALIGNS,
  TIER_SPACINGS,
  type SectionType,
} from './section-options.ts';
import { RETIRED_CONTENT_FIELDS, SECTION_FIELDS, SECTION_LABELS } from './section-fields.ts';
import { translationsSchema } from './translations.ts';

const sectionTypeSchema = oneOf(SECTION_TYPES);

export const buttonSchema = z.strictObject({ label: text(TEXT_LIMITS.label), url: urlSchema });
export type Button = z.infer<typeof buttonSchema>;

export const stepSchema = z.strictObject({
  heading: text(TEXT_LIMITS.title),
  paragraph: text(TEXT_LIMITS.body),
  imageUrl: urlSchema,
});
export type Step = z.infer<typeof stepSchema>;

/** A way to earn (points given) or to redeem (points it costs). */
export const pointsMethodSchema = z.strictObject({
  id: idSchema,
  title: text(TEXT_LIMITS.title),
  description: text(TEXT_LIMITS.subtitle),
  points: integer(0, 1_000_000),
  icon: iconSchema,
});
export type PointsMethod = z.infer<typeof pointsMethodSchema>;

export const loyaltyTierSchema = z.strictObject({
  id: idSchema,
  name: text(TEXT_LIMITS.label),
  /** points (or spend) needed to reach the tier */
  threshold: integer(0, 100_000_000),
  perks: z.array(text(TEXT_LIMITS.subtitle)).max(20, { error: 'Keep to 20 perks or fewer' }),
  rewards: z.array(text(TEXT_LIMITS.subtitle)).max(20, { error: 'Keep to 20 rewards or fewer' }),
});
export type LoyaltyTier = z.infer<typeof loyaltyTierSchema>;

export const referralRewardSchema = z.strictObject({
  title: text(TEXT_LIMITS.title),
  description: text(TEXT_LIMITS.subtitle),
});
export type ReferralReward = z.infer<typeof referralRewardSchema>;

export const timelineEventSchema = z.strictObject({
  /** free label of the milestone: a date, "Day 1", "50 points"… */
  date: text(TEXT_LIMITS.label),
  title: text(TEXT_LIMITS.title),
  description: text(TEXT_LIMITS.subtitle),
  icon: iconSchema,
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

const list = <T extends z.ZodType>(item: T, max: number, what: string) =>
  z.array(item, { error: 'Expected a list' }).max(max, { error: `Keep to ${max} ${what} or fewer` });

export const sectionContentSchema = z.strictObject({
  title: text(TEXT_LIMITS.title).optional(),
  paragraph: text(TEXT_LIMITS.body).optional(),
  sub_heading: text(TEXT_LIMITS.subtitle).optional(),
  primary_button: buttonSchema.optional(),
  secondary_button: buttonSchema.optional(),
  sign_in_url: urlSchema.optional(),
  sign_up_url: urlSchema.optional(),
  steps: list(stepSchema, 12, 'steps').optional(),
  earningMethods: list(pointsMethodSchema, 24, 'ways to earn').optional(),
  redeemMethods: list(pointsMethodSchema, 24, 'ways to redeem').optional(),
  loyalty_tiers: list(loyaltyTierSchema, 12, 'tiers').optional(),
  referrerReward: referralRewardSchema.optional(),
  refereeReward: referralRewardSchema.optional(),
  events: list(timelineEventSchema, 24, 'events').optional(),
});
export type SectionContent = z.infer<typeof sectionContentSchema>;

const bounded = (key: keyof typeof SECTION_NUMBER_BOUNDS) => integer(SECTION_NUMBER_BOUNDS[key].min, SECTION_NUMBER_BOUNDS[key].max);

export const sectionStyleSchema = z.strictObject({
  /** base font size in px */
  font_size: bounded('font_size').optional(),
  font_color: colourSchema.optional(),
  background_color: colourSchema.optional(),
  border_color: colourSchema.optional(),
});
export type SectionStyle = z.infer<typeof sectionStyleSchema>;

export const sectionLayoutSchema = z.strictObject({
  text_align: oneOf(TEXT_ALIGNS).optional(),
  /** vertical padding of the section in px */
  padding: bounded('padding').optional(),
  /** plain: no band · boxed: rounded box · highlighted: full-width band in the primary colour */
  style: oneOf(SECTION_STYLES).optional(),
  mobile_columns: bounded('mobile_columns').optional(),
  desktop_columns: bounded('desktop_columns').optional(),
  card_shape: oneOf(CARD_SHAPES).optional(),
  show_numbers: switchSchema.optional(),
  show_connectors: switchSchema.optional(),
  /** grid of cards, vertical list, or horizontal carousel (the timeline: list = vertical) */
  layout_style: oneOf(LAYOUT_STYLES).optional(),
  card_style: oneOf(CARD_STYLES).optional(),
  tier_spacing: oneOf(TIER_SPACINGS).optional(),
  tier_alignment: oneOf(TEXT_ALIGNS).optional(),
  progress_line: switchSchema.optional(),
  auto_expand_rewards: switchSchema.optional(),
  auto_expand_perks: switchSchema.optional(),
  desktop_image_placement: oneOf(IMAGE_PLACEMENTS).optional(),
  mobile_image_placement: oneOf(IMAGE_PLACEMENTS).optional(),
});
export type SectionLayout = z.infer<typeof sectionLayoutSchema>;

/**
 * A section carries only the settings of its type (`SECTION_FIELDS`): a banner cannot hold another
 * section's steps or columns, which no inspector would show and no renderer would draw.
 */
function settingsOfItsType(section: { type: SectionType; content: { member: object; visitor: object }; style: object; layout: object }, ctx: z.RefinementCtx) {
  const fields = SECTION_FIELDS[section.type];
  const refuse = (path: (string | number)[], field: string) =>
    ctx.addIssue({ code: 'custom', path: [...path, field], message: `A ${SECTION_LABELS[section.type]} section has no "${field}" setting` });
  const allowed = {
    content: new Set<string>([...fields.content, ...RETIRED_CONTENT_FIELDS]),
    style: new Set<string>(fields.style),
    layout: new Set<string>(fields.layout),
  };
  for (const audience of ['member', 'visitor'] as const) {
    for (const field of Object.keys(section.content[audience])) if (!allowed.content.has(field)) refuse(['content', audience], field);
  }
  for (const part of ['style', 'layout'] as const) {
    for (const field of Object.keys(section[part])) if (!allowed[part].has(field)) refuse([part], field);
  }
}

export const sectionSchema = z
  .strictObject({
    id: idSchema,
    type: sectionTypeSchema,
    visible: switchSchema,
    content: z.strictObject({ member: sectionContentSchema, visitor: sectionContentSchema }),
    style: sectionStyleSchema,
    layout: sectionLayoutSchema,
  })
  .superRefine(settingsOfItsType);
export type Section = z.infer<typeof sectionSchema>;

export const landingPageSchema = z
  .strictObject({
    kind: z.literal('landing_page', { error: 'Expected kind "landing_page"' }),
    schemaVersion: schemaVersionSchema,
    theme: themeNameSchema,
    global: paletteSchema,
    sections: list(sectionSchema, 50, 'sections'),
    /** the texts in the store's other languages (see translations.ts) */
    translations: translationsSchema,
  })
  .superRefine((page, ctx) => {
    const seen = new Set<string>();
    page.sections.forEach((section, index) => {
      if (seen.has(section.id)) {
        ctx.addIssue({ code: 'custom', path: ['sections', index, 'id'], message: `Section ids must be unique; "${section.id}" is used twice` });
      }
      seen.add(section.id);
    });
  });
export type LandingPage = z.infer<typeof landingPageSchema>;
