/** The landing section types and the choices of their style and layout settings (plain lists: the schemas and the field table both read them). */
export const SECTION_TYPES = [
  'banner',
  'header',
  'how_it_works',
  'ways_to_earn',
  'ways_to_redeem',
  'referral',
  'vip_tiers',
  'timeline',
  'reward_list',
] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

/** Bounds of the numeric style and layout settings (px, or a count of columns). */
export const SECTION_NUMBER_BOUNDS = {
  font_size: { min: 10, max: 96 },
  padding: { min: 0, max: 160 },
  mobile_columns: { min: 1, max: 2 },
  desktop_columns: { min: 1, max: 4 },
} as const;

export const TEXT_ALIGNS = ['left', 'center', 'right'] as const;
export const SECTION_STYLES = ['plain', 'boxed', 'highlighted'] as const;
export const CARD_SHAPES = ['square', 'rounded', 'pill'] as const;
export const CARD_STYLES = ['flat', 'outlined', 'elevated'] as const;
export const LAYOUT_STYLES = ['grid', 'list', 'carousel'] as const;
export const TIER_SPACINGS = ['compact', 'comfortable', 'spacious'] as const;
export const IMAGE_PLACEMENTS = ['left', 'right', 'top', 'bottom', 'hidden'] as const;
