/**
 * spec §3 template placeholders, filled from the render context.
 * Unknown placeholders stay as typed; a visitor gets neutral text instead of member data.
 */
import type { RenderContext } from '../context.ts';
import { formatPoints } from './points.ts';

export const PLACEHOLDER_NAMES = [
  'first_name', 'loyalty_points_balance', 'points_label', 'customer_name', 'points_earned', 'referrals_earned', 'full_name',
] as const;
export type PlaceholderName = (typeof PLACEHOLDER_NAMES)[number];

/** What a visitor (no member data) sees in place of a name. */
export const VISITOR_NAME = 'friend';

export function placeholderValues(ctx: RenderContext): Record<PlaceholderName, string> {
  const member = ctx.audience === 'member' ? ctx.member : undefined;
  const points = (n: number | undefined) => formatPoints(n ?? 0, ctx.locale);
  return {
    first_name: member?.firstName || VISITOR_NAME,
    customer_name: member?.fullName || member?.firstName || VISITOR_NAME,
    full_name: member?.fullName || VISITOR_NAME,
    loyalty_points_balance: points(member?.pointsBalance),
    points_earned: points(member?.pointsEarned),
    referrals_earned: formatPoints(member?.referralsEarned ?? 0, ctx.locale),
    points_label: ctx.program.pointsLabel || 'points',
  };
}

const PLACEHOLDER = /\{([a-z_]+)\}/g;

export function fillPlaceholders(text: string, ctx: RenderContext): string {
  if (!text.includes('{')) return text;
  const values = placeholderValues(ctx);
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name as PlaceholderName] : whole);
}
