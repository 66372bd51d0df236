/**
 * spec §3 template placeholders, filled from the render context.
 * Unknown placeholders stay as typed; a visitor gets neutral text instead of member data.
 */
import type { RenderContext } from '../context.ts';
import { fillPlaceholders as fillWith, type Placeholder } from '../schema/index.ts';
import { formatPoints } from './points.ts';

/** What a visitor (no member data) sees in place of a name. */
const VISITOR_NAME = 'friend';

function placeholderValues(ctx: RenderContext): Record<Placeholder, string> {
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

/** Fills the spec §3 placeholders of merchant `text` from the context; the result is plain text. */
export function fillPlaceholders(text: string, ctx: RenderContext): string {
  return text.includes('{') ? fillWith(text, placeholderValues(ctx)) : text;
}
