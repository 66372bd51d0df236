import { z } from 'zod';

/**
 * Experiments (A/B) on a shopper surface (paths under /api/v1, answers `{ data }`):
 * - GET  /onsite-display/variants/{kind}                → Variant | null: the latest version of the surface's variant B
 * - POST /onsite-display/variants/{kind}/draft          StudioDraftBody → SavedVersion: save B on its base version (409 when stale)
 * - GET  /onsite-display/variants/{kind}/versions       → VersionInfo[]: B's saved versions, newest first
 * - POST /onsite-display/variants/{kind}/restore        RestoreBody → SavedVersion: a version of B as B's new draft
 * - POST /onsite-display/variants/{kind}/from-published → Variant (201): B's next version is a copy of what shoppers see
 * - GET  /onsite-display/experiments                    → Experiment[] with their results, newest first
 * - POST /onsite-display/experiments                    → Experiment (201): start one (split 1–99 % to B, 50 by default)
 * - POST /onsite-display/experiments/{id}/stop          → Experiment: everyone sees A again
 * - POST /onsite-display/experiments/{id}/publish       → Experiment: stop it and publish the winner (B: the version it showed)
 * Variant B keeps versions like the drafts (onsite-display.ts: the same bodies and answers), never published.
 * Shoppers are assigned in the storefront bootstrap (and the landing page's own request); the
 * embed reports widget opens and redemptions with `POST /storefront/v1/{store}/beacon`.
 */
export const EXPERIMENT_SURFACES = ['landing_page', 'widget', 'sticky_bar'] as const;
export type ExperimentSurface = (typeof EXPERIMENT_SURFACES)[number];
export const experimentSurface = z.enum(EXPERIMENT_SURFACES, { message: 'Experiments run on the landing page, the widget or the sticky bar.' });
export const variantParams = z.strictObject({ kind: experimentSurface });

export const variantLetter = z.enum(['a', 'b']);
export type VariantLetter = z.infer<typeof variantLetter>;

export const variant = z.object({
  kind: experimentSurface,
  document: z.record(z.string(), z.unknown()),
  /** B's latest version: the base of the next save of B */
  draft_version: z.number(),
  /** when and by whom that version was saved */
  updated_at: z.string(),
  updated_by: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type Variant = z.infer<typeof variant>;

export const SPLIT_MESSAGE = 'The share of shoppers who see variant B is a whole percentage from 1 to 99.';
export const startExperimentBody = z.strictObject({
  kind: experimentSurface,
  split_b: z.number({ message: SPLIT_MESSAGE }).int(SPLIT_MESSAGE).min(1, SPLIT_MESSAGE).max(99, SPLIT_MESSAGE).default(50),
});
export const publishWinnerBody = z.strictObject({ variant: variantLetter });

/** One variant's figures: shoppers exposed, members gained, first redemptions, widget opens. */
export const variantResult = z.object({
  variant: variantLetter,
  shoppers: z.number(),
  views: z.number(),
  /** widget opens and redemptions the embed reported (once per page load each) */
  opens: z.number(),
  redeems: z.number(),
  /** shoppers who were visitors when first shown the variant */
  visitors: z.number(),
  /** of those, who later came back signed in as a member */
  members: z.number(),
  member_rate: z.number().nullable(),
  /** shoppers who redeemed a reward for the first time after first seeing the variant */
  redeemers: z.number(),
  redemption_rate: z.number().nullable(),
});
export type VariantResult = z.infer<typeof variantResult>;

/** B − A of one rate with its 95 % two-proportion z interval; null below the minimum sample. */
export const difference = z
  .object({
    estimate: z.number(),
    low: z.number(),
    high: z.number(),
  })
  .nullable();

export const experiment = z.object({
  id: z.number(),
  kind: experimentSurface,
  status: z.enum(['running', 'stopped']),
  split_b: z.number(),
  /** the version of variant B it shows (publishing B as the winner publishes it); null for experiments started before B kept versions */
  variant_b_version: z.number().nullable(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  winner: variantLetter.nullable(),
  results: z.object({
    a: variantResult,
    b: variantResult,
    /** shoppers each variant needs before a difference is shown */
    minimum_sample: z.number(),
    enough_data: z.boolean(),
    member_difference: difference,
    redemption_difference: difference,
  }),
});
export type Experiment = z.infer<typeof experiment>;

/** The storefront beacon's body (sent as text by navigator.sendBeacon): a page load's token and one event. */
export const BEACON_EVENTS = ['open', 'redeem'] as const;
export const beaconBody = z.strictObject({
  token: z.string().min(10).max(300),
  event: z.enum(BEACON_EVENTS),
});
