/**
 * Which settings each section type uses (`SECTION_FIELDS`) and how the inspector presents
 * each one (`SECTION_FIELD_META`: label and control). The builder's inspector shows exactly
 * these fields; the renderers draw them.
 */
import {
  CARD_SHAPES,
  CARD_STYLES,
  IMAGE_PLACEMENTS,
  LAYOUT_STYLES,
  SECTION_NUMBER_BOUNDS,
  SECTION_STYLES,
  TEXT_ALIGNS,
  TIER_SPACINGS,
  type SectionType,
} from './section-options.ts';
import type { SectionContent, SectionLayout, SectionStyle } from './landing.ts';
import { TEXT_LIMITS } from './primitives.ts';

type FieldTable = { content: readonly (keyof SectionContent)[]; style: readonly (keyof SectionStyle)[]; layout: readonly (keyof SectionLayout)[] };
const ALL_STYLE: (keyof SectionStyle)[] = ['font_size', 'font_color', 'background_color', 'border_color'];
const BASE_LAYOUT: (keyof SectionLayout)[] = ['text_align', 'padding', 'style'];
const CARDS: (keyof SectionLayout)[] = ['card_shape', 'card_style'];
const GRID: (keyof SectionLayout)[] = ['layout_style', 'mobile_columns', 'desktop_columns', ...CARDS];

/**
 * Every landing section type, defined once: its name in the builder (DESIGN.md §4) and the
 * settings it uses — the inspector shows exactly these, the renderer draws them. Its component
 * and CSS live in `renderers/landing/sections/<type>/` (the recipe: renderers/README.md).
 */
export const SECTION_DEFINITIONS = {
  banner: {
    label: 'Banner',
    content: ['title', 'paragraph', 'primary_button', 'secondary_button', 'sign_in_url', 'sign_up_url'],
    style: ALL_STYLE,
    layout: BASE_LAYOUT,
  },
  header: { label: 'Header', content: ['title', 'sub_heading', 'paragraph', 'primary_button'], style: ALL_STYLE, layout: BASE_LAYOUT },
  how_it_works: {
    label: 'How it works',
    content: ['title', 'sub_heading', 'steps'],
    style: ALL_STYLE,
    layout: [
      ...BASE_LAYOUT,
      'mobile_columns',
      'desktop_columns',
      ...CARDS,
      'show_numbers',
      'show_connectors',
      'desktop_image_placement',
      'mobile_image_placement',
    ],
  },
  ways_to_earn: { label: 'Ways to earn', content: ['title', 'sub_heading', 'earningMethods'], style: ALL_STYLE, layout: [...BASE_LAYOUT, ...GRID] },
  ways_to_redeem: { label: 'Ways to redeem', content: ['title', 'sub_heading', 'redeemMethods'], style: ALL_STYLE, layout: [...BASE_LAYOUT, ...GRID] },
  referral: {
    label: 'Referral',
    content: ['title', 'paragraph', 'refereeReward', 'referrerReward', 'primary_button'],
    style: ALL_STYLE,
    layout: [...BASE_LAYOUT, 'mobile_columns', 'desktop_columns', ...CARDS],
  },
  vip_tiers: {
    label: 'VIP tiers',
    // the store's tiers only (VIP settings): the page has no list of its own to edit
    content: ['title', 'sub_heading'],
    style: ALL_STYLE,
    layout: [...BASE_LAYOUT, ...GRID, 'tier_spacing', 'tier_alignment', 'progress_line', 'auto_expand_rewards', 'auto_expand_perks'],
  },
  timeline: {
    label: 'Timeline',
    content: ['title', 'sub_heading', 'events'],
    style: ALL_STYLE,
    layout: [...BASE_LAYOUT, 'layout_style', 'show_connectors', ...CARDS],
  },
  reward_list: {
    label: 'Reward list',
    content: ['title', 'sub_heading', 'redeemMethods', 'primary_button'],
    style: ALL_STYLE,
    layout: [...BASE_LAYOUT, ...GRID],
  },
} as const satisfies Record<SectionType, FieldTable & { label: string }>;

const eachSection = <T>(pick: (definition: (typeof SECTION_DEFINITIONS)[SectionType]) => T) =>
  Object.fromEntries(Object.entries(SECTION_DEFINITIONS).map(([type, definition]) => [type, pick(definition)])) as Record<SectionType, T>;

/** Names shown in the builder (DESIGN.md §4). */
export const SECTION_LABELS = eachSection((definition) => definition.label);
/**
 * Content fields saved pages may still carry that no section draws or edits: a page's own list of
 * VIP tiers (the tiers section draws the store's tiers, so a page cannot promise tiers the program
 * lacks). Kept in the schema so saved pages stay valid; a schema migration can drop it.
 */
export const RETIRED_CONTENT_FIELDS = ['loyalty_tiers'] as const;

/** Which fields each section type uses. */
export const SECTION_FIELDS: Record<SectionType, FieldTable> = eachSection(({ content, style, layout }) => ({
  content: [...content],
  style: [...style],
  layout: [...layout],
}));

export type FieldControl =
  | { control: 'text'; maxLength: number }
  | { control: 'textarea'; maxLength: number }
  | { control: 'url' }
  | { control: 'button' }
  | { control: 'colour' }
  | { control: 'number'; min: number; max: number; unit: 'px' | 'columns' }
  | { control: 'switch' }
  | { control: 'select'; options: readonly string[] }
  /** `whenEmpty`: what the section shows while the list is empty (the program's own data) */
  | { control: 'list'; item: 'step' | 'points_method' | 'loyalty_tier' | 'timeline_event'; whenEmpty?: string }
  | { control: 'referral_reward' };
export type FieldMeta = { label: string } & FieldControl;

const number = (key: keyof typeof SECTION_NUMBER_BOUNDS, unit: 'px' | 'columns') => ({ control: 'number', unit, ...SECTION_NUMBER_BOUNDS[key] }) as const;
const select = (options: readonly string[]) => ({ control: 'select', options }) as const;
const fromProgram = (what: string) => `Shows your program's ${what}, as shoppers see them. Add one to show your own list instead.`;

/** Label (as the inspector names the field, DESIGN.md §4) and control of every section setting. */
export const SECTION_FIELD_META: {
  content: Record<keyof SectionContent, FieldMeta>;
  style: Record<keyof SectionStyle, FieldMeta>;
  layout: Record<keyof SectionLayout, FieldMeta>;
} = {
  content: {
    title: { label: 'Title', control: 'text', maxLength: TEXT_LIMITS.title },
    paragraph: { label: 'Paragraph', control: 'textarea', maxLength: TEXT_LIMITS.body },
    sub_heading: { label: 'Sub heading', control: 'text', maxLength: TEXT_LIMITS.subtitle },
    primary_button: { label: 'Primary button', control: 'button' },
    secondary_button: { label: 'Secondary button', control: 'button' },
    sign_in_url: { label: 'Sign in URL', control: 'url' },
    sign_up_url: { label: 'Sign up URL', control: 'url' },
    steps: { label: 'Steps', control: 'list', item: 'step' },
    earningMethods: { label: 'Ways to earn', control: 'list', item: 'points_method', whenEmpty: fromProgram('ways to earn') },
    redeemMethods: { label: 'Ways to redeem', control: 'list', item: 'points_method', whenEmpty: fromProgram('ways to redeem') },
    loyalty_tiers: { label: 'Loyalty tiers', control: 'list', item: 'loyalty_tier', whenEmpty: fromProgram('VIP tiers') },
    referrerReward: { label: 'Referrer reward', control: 'referral_reward' },
    refereeReward: { label: 'Referee reward', control: 'referral_reward' },
    events: { label: 'Events', control: 'list', item: 'timeline_event', whenEmpty: fromProgram('milestones (rewards and tiers)') },
  },
  style: {
    font_size: { label: 'Font size', ...number('font_size', 'px') },
    font_color: { label: 'Font color', control: 'colour' },
    background_color: { label: 'Background color', control: 'colour' },
    border_color: { label: 'Border color', control: 'colour' },
  },
  layout: {
    text_align: { label: 'Text align', ...select(TEXT_ALIGNS) },
    padding: { label: 'Padding', ...number('padding', 'px') },
    style: { label: 'Style', ...select(SECTION_STYLES) },
    mobile_columns: { label: 'Mobile columns', ...number('mobile_columns', 'columns') },
    desktop_columns: { label: 'Desktop columns', ...number('desktop_columns', 'columns') },
    card_shape: { label: 'Card shape', ...select(CARD_SHAPES) },
    show_numbers: { label: 'Show numbers', control: 'switch' },
    show_connectors: { label: 'Show connectors', control: 'switch' },
    layout_style: { label: 'Layout style', ...select(LAYOUT_STYLES) },
    card_style: { label: 'Card style', ...select(CARD_STYLES) },
    tier_spacing: { label: 'Tier spacing', ...select(TIER_SPACINGS) },
    tier_alignment: { label: 'Tier alignment', ...select(TEXT_ALIGNS) },
    progress_line: { label: 'Progress line', control: 'switch' },
    auto_expand_rewards: { label: 'Auto expand rewards', control: 'switch' },
    auto_expand_perks: { label: 'Auto expand perks', control: 'switch' },
    desktop_image_placement: { label: 'Desktop image placement', ...select(IMAGE_PLACEMENTS) },
    mobile_image_placement: { label: 'Mobile image placement', ...select(IMAGE_PLACEMENTS) },
  },
};
