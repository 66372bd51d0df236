/**
 * The render context of the canvas: the audience and device being previewed, the theme's tokens,
 * the store's program (what the storefront draws), the sample program drawn — marked as sample —
 * where the store's has nothing to show, and a sample member so every section shows realistic content.
 */
import { createContext, useContext, useMemo } from 'react';
import { makeContext, type MemberState, type ProgramData, type RenderContext } from '../../renderers/index.ts';
import type { Audience, Device, ThemeName } from '../../renderers/contract/index.ts';
import { useBuilder } from '../store/store.ts';
import { ICONS, REFERRAL_REWARDS, SAMPLE_EARNING_METHODS, SAMPLE_REDEEM_METHODS, SAMPLE_TIERS, THEME_TOKENS } from '../../presets/index.ts';

export const PREVIEW_PROGRAM: ProgramData = {
  pointsLabel: 'points',
  earning: { orderRate: { points: 1, perMinor: 100 }, signupPoints: 50, birthdayPoints: 100 },
  waysToEarn: SAMPLE_EARNING_METHODS.map((m) => ({ id: m.id, title: m.title, description: m.description, points: m.points, icon: m.icon })),
  waysToRedeem: SAMPLE_REDEEM_METHODS.map((m) => ({ id: m.id, title: m.title, description: m.description, cost: m.points, icon: m.icon })),
  vipTiers: SAMPLE_TIERS.map((t) => ({ id: t.id, name: t.name, threshold: t.threshold, perks: [...t.perks], rewards: [...t.rewards] })),
  referral: REFERRAL_REWARDS,
};

const PREVIEW_MEMBER: MemberState = {
  customerId: 'preview',
  firstName: 'Alex',
  fullName: 'Alex Morgan',
  email: 'alex@example.com',
  pointsBalance: 640,
  pendingPoints: 20,
  lifetimePoints: 820,
  pointsEarned: 25,
  tier: { current: 'Silver', next: 'Gold', pointsToNext: 180, progress: 0.64 },
  rewards: [{ id: 'r1', title: '$5 off coupon', code: 'ALEX-5OFF' }],
  referralLink: 'https://example.com/r/alex',
  referralsEarned: 2,
};

const PREVIEW_ICONS: Record<string, string> = Object.fromEntries(ICONS.map((icon) => [icon.id, icon.path]));

/** The program the canvas draws: the studio provides the store's own (BuilderApi.program). */
export const PreviewProgramContext = createContext<ProgramData>(PREVIEW_PROGRAM);

/** The sample program in the store's own words (its label), for the parts its program leaves empty. */
function sampleIn(program: ProgramData): ProgramData {
  const { pointsLabel, pointsLabelSingular, currency } = program;
  return { ...PREVIEW_PROGRAM, pointsLabel, ...(pointsLabelSingular ? { pointsLabelSingular } : {}), ...(currency ? { currency } : {}) };
}

export function previewContext(audience: Audience, device: Device, theme: ThemeName, program: ProgramData = PREVIEW_PROGRAM, locale?: string): RenderContext {
  return makeContext({
    ...(locale ? { locale } : {}),
    audience,
    device,
    theme,
    themes: THEME_TOKENS,
    program,
    sampleProgram: sampleIn(program),
    icons: PREVIEW_ICONS,
    ...(audience === 'member' ? { member: PREVIEW_MEMBER } : {}),
  });
}

/**
 * A context object that stays the same until audience, device, theme, language or the studio's custom
 * styles change (memoised sections rely on it); the custom styles make the canvas draw each
 * surface in its custom style as it is edited.
 */
export function usePreviewContext(audience: Audience, device: Device, theme: ThemeName): RenderContext {
  const customStyles = useBuilder((s) => s.docs.custom_style?.styles);
  const program = useContext(PreviewProgramContext);
  const language = useBuilder((s) => s.language);
  return useMemo(
    () => ({ ...previewContext(audience, device, theme, program, language), ...(customStyles && { customStyles }) }),
    [audience, device, theme, program, customStyles, language],
  );
}
