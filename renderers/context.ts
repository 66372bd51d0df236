/**
 * Render context: everything a shopper surface needs besides its settings document.
 * Every surface renders from `(document, context)`. No React and no DOM here: the server
 * imports these types (StorefrontPayload) and the storefront embed builds a context from them.
 */

import type { Catalog } from './i18n/catalog.ts';
import { catalogFor } from './i18n/index.ts';
import type { Audience, Device, SurfaceStyles, ThemeName, ThemeTokens } from './contract/index.ts';

export type { Audience, Device, SurfaceStyles, ThemeName, ThemeTokens };
/** The token values of the four themes (they live in presets; the renderers receive them). */
export type ThemeSet = Record<ThemeName, ThemeTokens>;

/** An order rule's rate: `points` per `perMinor` spent (minor units of the program's currency), or per order when `perMinor` is absent. */
export interface EarnRate {
  points: number;
  perMinor?: number;
}

/** A way to earn points (program data, from the points rules). */
export interface EarnWay {
  id: string;
  title: string;
  /** text written for the way (a sample's); without it the renderers state `rate` or `points` in the shopper's language */
  description?: string;
  /** points awarded; absent when the rule is "per amount spent" (see `rate`) */
  points?: number;
  /** what an order earns, for an order rule ("1 point per $1 spent") */
  rate?: EarnRate;
  icon?: string;
  /** what the shopper does to earn it; absent for ways earned by shopping or reported by the store's systems */
  action?: EarnAction;
}

/**
 * A way to earn the shopper performs: follow a profile (credited on return, on trust, once),
 * leave a review (a link; the store's systems report the review), join the newsletter, give a birthday.
 */
export type EarnAction = { kind: 'follow'; network: string; url?: string } | { kind: 'review'; url: string } | { kind: 'newsletter' } | { kind: 'birthday' };

/**
 * What a reward gives: an amount off (minor units of the program's currency), a percentage off,
 * free shipping, a free product, or an amount off for every so many points spent.
 */
export type RewardDiscount =
  | { kind: 'amount_off'; amountMinor: number }
  | { kind: 'percent_off'; percent: number }
  | { kind: 'free_shipping' }
  | { kind: 'free_product' }
  | { kind: 'amount_per_points'; amountMinor: number; points: number };

/** A way to redeem points (program data, from the redeem rules). */
export interface RedeemWay {
  id: string;
  title: string;
  /** text written for the way (a sample's); without it the renderers state `discount` in the shopper's language */
  description?: string;
  /** points it costs */
  cost: number;
  /** what the reward gives ("$5 off", "10% off") */
  discount?: RewardDiscount;
  icon?: string;
}

/** What VIP tiers are measured on: points earned, amount spent (minor units) or orders. */
export type TierBasis = 'points' | 'spent' | 'orders';

export interface VipTierInfo {
  id: string;
  name: string;
  /** what is needed to enter the tier, in the program's `tierBasis` (points when absent) */
  threshold: number;
  perks: string[];
  /** rewards unlocked by the tier */
  rewards?: string[];
}

/**
 * What a referral gives: points, or a coupon of an amount or a percentage off (minor units of the
 * program's currency), worded by the renderers in the shopper's language ("$5 off coupon", "250 points").
 */
export type ReferralOffer = { kind: 'points'; points: number } | Extract<RewardDiscount, { kind: 'amount_off' | 'percent_off' }>;

/** The program's referral offer; a side is absent when the program states none. */
export interface ReferralRewards {
  /** what the referring member gets, e.g. a 5% off coupon */
  referrer?: ReferralOffer;
  /** what the invited friend gets, e.g. a $5 off coupon */
  referee?: ReferralOffer;
}

/** The earning rules texts state (`{earn_rate}`, `{signup_points}`, `{birthday_points}`), bound to the store's active rules. */
export interface ProgramEarning {
  /** the first active order rule's rate */
  orderRate?: EarnRate;
  signupPoints?: number;
  birthdayPoints?: number;
}

export interface ProgramData {
  /** points label in plural, e.g. "points" (spec §3 `{points_label}`) */
  pointsLabel: string;
  /** the label for one point, e.g. "point" (derived from the plural when the store saved none) */
  pointsLabelSingular?: string;
  /** what the earning rules give, for texts that state them */
  earning?: ProgramEarning;
  waysToEarn: EarnWay[];
  waysToRedeem: RedeemWay[];
  vipTiers: VipTierInfo[];
  /** what the tiers are measured on (points when absent) */
  tierBasis?: TierBasis;
  /** the store's currency (ISO 4217), for amounts spent */
  currency?: string;
  referral: ReferralRewards;
}

export interface MemberReward {
  id: string;
  /** the reward's name as the console shows it (a way to redeem's title, written by the merchant) */
  title: string;
  /** a referrer's coupon: what the referral gave, as figures the renderers word in the shopper's language instead of `title` */
  referral?: ReferralOffer;
  /** coupon code the member copies at checkout */
  code: string;
  /** ISO date */
  expiresAt?: string;
  used?: boolean;
  /** expired: the code no longer works (its points are not given back); refunded: the shop refused the code and the points came back */
  status?: 'active' | 'used' | 'expired' | 'refunded';
  /**
   * the shop's discounts (a store connected to its platform): `preparing` until the platform has
   * the code, `ready` once it does, `refused` when it refused it for good (`platformError` says why)
   */
  platform?: 'preparing' | 'ready' | 'refused';
  /**
   * the storefront address that applies the code to the cart in one click: a page to open, or a
   * storefront cart API address naming the cart as `{checkoutId}` (CART_ADDRESS_PLACEHOLDER),
   * which the widget posts the code to for the shopper's current cart
   */
  applyUrl?: string;
  platformError?: string;
}

export interface MemberTierProgress {
  /** current tier name, if any */
  current?: string;
  /** next tier name, absent at the top tier */
  next?: string;
  /** what is still needed to reach the next tier, in `basis` (points when absent) */
  pointsToNext?: number;
  /** what the tiers are measured on */
  basis?: TierBasis;
  /** 0…1 progress towards the next tier */
  progress: number;
}

/** A referral a member made, as the member sees it: never why one could not be completed. */
export interface MemberReferral {
  /** the friend's e-mail, masked: "a•••@example.com" */
  friend: string;
  state: 'pending' | 'completed' | 'not_completed';
  /** ISO date (yyyy-mm-dd) */
  date: string;
}

/** A visitor who arrived through a member's referral link (`?ref=`): the friend's offer, then their coupon. */
export interface ReferralArrival {
  /** the referring member's first name */
  referrerName: string;
  /** what the friend gets, e.g. a $5 off coupon; absent when the link could not be used */
  offer?: ReferralOffer;
  /** the coupon taken with the visitor's e-mail */
  code?: string;
  /** the coupon in the shop's discounts, as a redemption's code (MemberReward.platform): preparing, ready or refused */
  platform?: 'preparing' | 'ready' | 'refused';
  /** the address that applies the coupon to the cart once the shop has it (MemberReward.applyUrl) */
  applyUrl?: string;
  platformError?: string;
  /** the link could not be used (unknown, another store's, held for review): the shopper reads only NOT_COMPLETED */
  failed?: boolean;
}

/** What the shopper reads whenever a referral cannot go on, whatever the reason. */
export const REFERRAL_NOT_COMPLETED = 'This referral could not be completed.';

export interface MemberState {
  customerId: string;
  firstName: string;
  fullName: string;
  email?: string;
  pointsBalance: number;
  pendingPoints: number;
  lifetimePoints: number;
  /** points earned by the last activity (spec §3 `{points_earned}`) */
  pointsEarned?: number;
  tier: MemberTierProgress;
  rewards: MemberReward[];
  referralLink: string;
  referralsEarned: number;
  /** the member's latest referrals, newest first (the friend's e-mail masked) */
  referrals?: MemberReferral[];
  /** ISO dates (yyyy-mm-dd) when known */
  birthday?: string;
  joinedAt?: string;
}

export interface RenderContext {
  audience: Audience;
  device: Device;
  /** theme of the surfaces without a theme setting of their own (the launcher); the landing page,
   * widget and sticky bar use their document's theme */
  theme: ThemeName;
  /**
   * Token values of the four themes, when known: the landing page then drops palette colours
   * that would be unreadable on its theme. Without them the palette always applies.
   */
  themes?: ThemeSet;
  /**
   * The shopper's language (BCP 47, e.g. "fr", "pt-BR", "ar"): the product's wording, plural
   * rules, number, date and currency formats, and the writing direction (`textDirection`).
   */
  locale: string;
  /** the product's own wording in `locale`'s language (`t(ctx, key)` reads it) */
  messages: Catalog;
  program: ProgramData;
  /** the merchant icon library (id → 24×24 stroke path), for icon ids in documents */
  icons?: Record<string, string>;
  /** present only for audience `member` */
  member?: MemberState;
  /** a visitor who came through a referral link (the storefront embed) */
  referral?: ReferralArrival;
  /** the custom style of each surface (the `custom_style` document); a surface without one looks as its theme */
  customStyles?: SurfaceStyles;
  /**
   * The studio's canvas only: sample program data drawn (marked as sample) where the store's
   * program has none. Without it (the storefront) such parts are left out.
   */
  sampleProgram?: ProgramData;
}

/**
 * What the server sends to the storefront embed in its single request:
 * the published documents, the program data and, for a signed-in customer, the member state.
 * Documents are typed loosely here (validated with `renderers/contract` by whoever reads them)
 * so this module stays free of zod and React.
 */
export interface StorefrontPayload {
  storeKey: string;
  storeName: string;
  /** the shopper's language (BCP 47) */
  locale: string;
  /** the product's wording in that language: the one catalog the storefront gets */
  messages: Catalog;
  theme: ThemeName;
  /** token values of the four themes (the widget module derives custom styles from them) */
  themes: ThemeSet;
  /**
   * The loader's stylesheet (`loaderStylesheet`), built by the server: the rules of the themes the
   * published surfaces use, the launcher's and the sticky bar's rules (and the preview bar's). The
   * loader adds it as it is, before drawing, instead of carrying CSS and theme code (its size budget).
   */
  themeCss?: string;
  /** what the embed draws; the launcher's and the sticky bar's texts come with their placeholders filled */
  documents: {
    widget?: unknown;
    launcher?: unknown;
    stickyBar?: unknown;
  };
  program: ProgramData;
  /** icon library paths (id → path) of the icons the documents use */
  icons: Record<string, string>;
  member: MemberState | null;
  /** the published custom style of each surface (the widget module re-checks every value before using it) */
  customStyles?: SurfaceStyles;
  /**
   * The launcher's (per device) and the sticky bar's custom style as custom properties, resolved
   * by the server with the renderers' own functions and contrast guard, so the loader sets them
   * as they are and stays within its size budget.
   */
  styleProperties?: StorefrontStyleProperties;
  /** the documents are the store's drafts, shown to a browser holding a preview link */
  preview?: boolean;
  /**
   * The experiments this page load takes part in: the variant shown (its document is already in
   * `documents`) and the signed token the embed's beacon reports events with.
   */
  experiments?: StorefrontExperiment[];
}

export interface StorefrontExperiment {
  kind: string;
  variant: 'a' | 'b';
  beacon: string;
}

export interface StorefrontStyleProperties {
  launcher?: Partial<Record<Device, Record<string, string>>>;
  sticky_bar?: Record<string, string>;
}

export const EMPTY_PROGRAM: ProgramData = {
  pointsLabel: 'points',
  waysToEarn: [],
  waysToRedeem: [],
  vipTiers: [],
  referral: {},
};

/** Builds the render context a surface needs from the storefront payload. */
export function contextFromPayload(payload: StorefrontPayload, device: Device): RenderContext {
  const base = {
    device,
    theme: payload.theme,
    themes: payload.themes,
    locale: payload.locale,
    messages: payload.messages,
    program: payload.program,
    icons: payload.icons,
    customStyles: payload.customStyles,
  };
  return payload.member ? { ...base, audience: 'member', member: payload.member } : { ...base, audience: 'visitor' };
}

/** A neutral context for previews and tests: visitor, desktop, light theme, English (or the wording of `overrides.locale`). */
export function makeContext(overrides: Partial<RenderContext> = {}): RenderContext {
  const locale = overrides.locale ?? 'en';
  return { audience: 'visitor', device: 'desktop', theme: 'light', locale, messages: catalogFor(locale), program: EMPTY_PROGRAM, ...overrides };
}
