import { z } from 'zod';
import {
  customWidgetStyleSchema,
  launcherSettingsSchema,
  STYLED_SURFACES,
  SURFACE_KINDS,
  THEMES,
  type DocumentKind,
  type ProgramType,
  type ThemeName,
  type WidgetType,
} from '../../../../renderers/contract/index.ts';

/**
 * On-site display API (spec §7 "Widget, launcher, theme" and the builder's uniform resource).
 * Every saved document is a renderers/contract document; every save names the version it was
 * based on (`base_version`, 0 before the first save) and a stale one is refused with 409:
 * `{ message, errors: {}, code: "version_conflict", current_version }`.
 *
 * Paths under /api/v1, answers `{ data }`:
 * - GET  /onsite-display                       → SurfaceSummary[] (the four surfaces)
 * - GET  /onsite-display/program               → ProgramPreview (the store's program as the storefront draws it)
 * - GET  /onsite-display/{kind}                → DocumentState (current draft + version numbers)
 * - GET  /onsite-display/{kind}/published      → PublishedDocumentState (what shoppers see, for "what will change")
 * - POST /onsite-display/{kind}/draft          StudioDraftBody → SavedVersion
 * - POST /onsite-display/{kind}/publish        PublishBody → PublishedVersion
 * - GET  /onsite-display/{kind}/versions?limit → VersionInfo[] (newest first)
 * - POST /onsite-display/{kind}/restore        RestoreBody → SavedVersion (a new draft)
 * - GET  /widget/type, /widget/program-type    → Option[]
 * - GET  /theme/setting                        → ThemeSetting;  POST /theme/store ThemeStoreBody → SavedVersion (widget)
 * - GET  /widget, /launcher                    → DocumentState
 * - POST /widget/store                         DraftBody → SavedVersion (widget)
 * - POST /launcher/store                       DraftBody → SavedVersion (launcher)
 * - POST /launcher/save                        LauncherSaveBody → SavedVersion (launcher properties merged)
 * - POST /widget/product-page-settings         DraftBody → SavedVersion (product_page)
 * - POST /store/custom-style                   CustomStyleBody → SavedVersion (custom_style)
 * - GET  /onsite-display/schedules?kinds      → ScheduleList;  POST ScheduleBody → Schedule;
 *   POST /onsite-display/schedules/{id}/cancel → Schedule (publish-schedules.ts)
 * {kind} is landing_page (or landing-page), widget, launcher, sticky_bar, product_page, custom_style.
 */

export const ONSITE_DOCUMENT_KINDS = [...SURFACE_KINDS, 'product_page', 'custom_style'] as const satisfies readonly DocumentKind[];
export type OnsiteDocumentKind = (typeof ONSITE_DOCUMENT_KINDS)[number];

/** `{kind}` path parameter; the console's hyphenated spelling (landing-page) is accepted too. */
export const kindParams = z.strictObject({
  kind: z.preprocess(
    (value) => (typeof value === 'string' ? value.replaceAll('-', '_') : value),
    z.enum(ONSITE_DOCUMENT_KINDS, {
      error: `Unknown document kind; expected one of: ${ONSITE_DOCUMENT_KINDS.join(', ')}`,
    }),
  ),
});

const MAX_VERSION = 2_147_483_647;
/** The version the edit started from: the `draft_version` the client loaded (0 before the first save). */
const baseVersionField = z.number().int().min(0).max(MAX_VERSION);
export const versionField = z.number().int().min(1).max(MAX_VERSION);

/** A settings document; the server validates it against renderers/contract for the route's kind. */
const documentField = z.record(z.string(), z.unknown());

export const draftBody = z.strictObject({ base_version: baseVersionField, document: documentField });
export type DraftBody = z.infer<typeof draftBody>;

/**
 * How a save resolves a conflict with `base_version`, which someone else saved after the editor
 * opened theirs: `kept_over` — this draft is kept over that one ("Keep mine"), which stays a
 * version; `set_aside` — this draft is kept as a version before that one is restored on top
 * ("Keep theirs"). History names both drafts by it.
 */
export const CONFLICT_RESOLUTIONS = ['kept_over', 'set_aside'] as const;
export const conflictResolution = z.enum(CONFLICT_RESOLUTIONS);
export type ConflictResolution = z.infer<typeof conflictResolution>;

/** The studio's save: a draft, and how it resolves a conflict when it does. */
export const studioDraftBody = draftBody.extend({ conflict: conflictResolution.optional() });
export type StudioDraftBody = z.infer<typeof studioDraftBody>;

/**
 * Publish `version`. For the custom style, `surfaces` publishes only those surfaces' styles from
 * it (a studio publishes its own; the others keep their published style) and the answer names
 * the draft to go on editing (`draft_version`); `version` must then be the latest draft.
 */
export const publishBody = z.strictObject({ version: versionField, surfaces: z.array(z.enum(STYLED_SURFACES)).min(1).optional() });
export type PublishBody = z.infer<typeof publishBody>;

/** Restore `version` as a new draft; with `base_version` it is refused (409) when someone saved since. */
export const restoreBody = z.strictObject({ version: versionField, base_version: baseVersionField.optional() });
export type RestoreBody = z.infer<typeof restoreBody>;

export const versionsQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).optional() });

/** POST /theme/store: the widget's theme. */
export const themeStoreBody = z.strictObject({ base_version: baseVersionField, theme_type: z.enum(THEMES) });
export type ThemeStoreBody = z.infer<typeof themeStoreBody>;

/** POST /launcher/save: some properties of one or both devices, merged into the current launcher draft. */
export const launcherSaveBody = z.strictObject({
  base_version: baseVersionField,
  properties: z.strictObject({ desktop: launcherSettingsSchema.partial().optional(), mobile: launcherSettingsSchema.partial().optional() }),
});
export type LauncherSaveBody = z.infer<typeof launcherSaveBody>;

/**
 * POST /store/custom-style (spec §7: custom_widget_style and widget_name): the style of one
 * surface, replacing that surface's entry of the custom style draft (the other surfaces keep
 * theirs); an empty `custom_widget_style` removes the surface's entry.
 */
export const customStyleBody = z.strictObject({
  base_version: baseVersionField,
  widget_name: z.enum(STYLED_SURFACES),
  custom_widget_style: customWidgetStyleSchema,
});
export type CustomStyleBody = z.infer<typeof customStyleBody>;

// ---- answers ----

/** 409 of a save whose base_version is not the latest: reload `current_version`, then save again. */
export const versionConflictBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()),
  code: z.literal('version_conflict'),
  current_version: z.number(),
});
export type VersionConflictBody = z.infer<typeof versionConflictBody>;

const problem = z.object({ message: z.string(), errors: z.record(z.string(), z.string()) }).nullable();

export const versionInfo = z.object({
  version: z.number(),
  status: z.enum(['draft', 'published']),
  based_on_version: z.number().nullable(),
  restored_from: z.number().nullable(),
  /** the variant `restored_from` belongs to when it is another one (variant B made from A, A published from B); null: the same */
  restored_from_variant: z.enum(['a', 'b']).nullable(),
  /** how this save resolved a conflict with the draft it is based on; null: no conflict */
  conflict: conflictResolution.nullable(),
  created_at: z.string(),
  created_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  published_at: z.string().nullable(),
});
export type VersionInfo = z.infer<typeof versionInfo>;

/** The answer of a publish; `draft_version` is set when publishing some surfaces' styles. */
export const publishedVersion = versionInfo.extend({ draft_version: z.number().optional() });
export type PublishedVersion = z.infer<typeof publishedVersion>;

export const savedVersion = versionInfo.extend({ kind: z.string(), document: documentField });
export type SavedVersion = z.infer<typeof savedVersion>;

export const documentState = z.object({
  kind: z.string(),
  draft_version: z.number(),
  published_version: z.number().nullable(),
  has_unpublished_changes: z.boolean(),
  source: z.enum(['saved', 'default']),
  document: documentField,
  /** set when the stored draft could not be read; `document` is then the preset default */
  problem,
});
export type DocumentState = z.infer<typeof documentState>;

/**
 * GET /onsite-display/{kind}/published: what shoppers see of a kind — the published version
 * (migrated to the current schema), or the preset default with `version: null` when nothing is
 * published; `problem` says why a published version that cannot be read shows the default.
 */
export const publishedDocumentState = z.object({
  kind: z.string(),
  version: z.number().nullable(),
  document: documentField,
  problem,
});
export type PublishedDocumentState = z.infer<typeof publishedDocumentState>;

export const surfaceSummary = z.object({
  kind: z.string(),
  label: z.string(),
  path: z.string(),
  draft_version: z.number(),
  published_version: z.number().nullable(),
  state: z.enum(['not_published', 'published', 'changes_pending']),
  updated_at: z.string().nullable(),
  published_at: z.string().nullable(),
});
export type SurfaceSummary = z.infer<typeof surfaceSummary>;

export const option = z.object({ value: z.string(), label: z.string(), description: z.string() });
export type Option = z.infer<typeof option>;

export const WIDGET_TYPE_OPTIONS = [
  { value: 'floating', label: 'Floating', description: 'Opens from the launcher as a panel over the page.' },
  { value: 'sidebar', label: 'Sidebar', description: 'Slides in from the side of the page.' },
  { value: 'embedded', label: 'Embedded', description: 'Sits inside a page of the store.' },
] as const satisfies ReadonlyArray<Option & { value: WidgetType }>;

export const PROGRAM_TYPE_OPTIONS = [
  { value: 'points', label: 'Points', description: 'Shoppers earn points and spend them on rewards.' },
  { value: 'referrals', label: 'Referrals', description: 'Shoppers invite friends; both get a reward.' },
  { value: 'points_and_referrals', label: 'Points and referrals', description: 'Points and referral rewards together.' },
] as const satisfies ReadonlyArray<Option & { value: ProgramType }>;

export const THEME_LABELS = {
  light: 'Light',
  'light-mobile': 'Light (mobile)',
  'light-high-contrast-experimental': 'Light high contrast (experimental)',
  'dark-experimental': 'Dark (experimental)',
} as const satisfies Record<ThemeName, string>;

/** GET /theme/setting: the widget's theme, the themes on offer and the draft version to save on. */
export const themeSetting = z.object({
  theme_type: z.enum(THEMES),
  draft_version: z.number(),
  themes: z.array(z.object({ value: z.enum(THEMES), label: z.string() })),
});
export type ThemeSetting = z.infer<typeof themeSetting>;

/**
 * GET /onsite-display/program: the store's program as the storefront draws it (renderers'
 * ProgramData, built by the same domain function as the storefront's bootstrap), so the
 * builder's canvas shows the ways to earn and redeem shoppers will see.
 */
const earnRate = z.object({ points: z.number(), perMinor: z.number().optional() });
const amountOff = z.object({ kind: z.literal('amount_off'), amountMinor: z.number() });
const percentOff = z.object({ kind: z.literal('percent_off'), percent: z.number() });
/** What a reward gives (renderers' RewardDiscount), worded by the canvas in the language it previews. */
const rewardDiscount = z.discriminatedUnion('kind', [
  amountOff,
  percentOff,
  z.object({ kind: z.literal('free_shipping') }),
  z.object({ kind: z.literal('free_product') }),
  z.object({ kind: z.literal('amount_per_points'), amountMinor: z.number(), points: z.number() }),
]);
/** What a referral gives (renderers' ReferralOffer): points or a coupon, worded like the ways. */
const referralOffer = z.discriminatedUnion('kind', [z.object({ kind: z.literal('points'), points: z.number() }), amountOff, percentOff]);

export const programPreview = z.object({
  pointsLabel: z.string(),
  pointsLabelSingular: z.string().optional(),
  earning: z
    .object({
      orderRate: earnRate.optional(),
      signupPoints: z.number().optional(),
      birthdayPoints: z.number().optional(),
    })
    .optional(),
  waysToEarn: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      description: z.string().optional(),
      points: z.number().optional(),
      rate: earnRate.optional(),
      icon: z.string().optional(),
    }),
  ),
  waysToRedeem: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      description: z.string().optional(),
      cost: z.number(),
      discount: rewardDiscount.optional(),
      icon: z.string().optional(),
    }),
  ),
  vipTiers: z.array(z.object({ id: z.string(), name: z.string(), threshold: z.number(), perks: z.array(z.string()), rewards: z.array(z.string()).optional() })),
  tierBasis: z.enum(['points', 'spent', 'orders']).optional(),
  currency: z.string().optional(),
  referral: z.object({ referrer: referralOffer.optional(), referee: referralOffer.optional() }),
});
export type ProgramPreview = z.infer<typeof programPreview>;
