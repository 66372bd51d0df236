/**
 * spec §3 template placeholders, filled from the render context.
 * Unknown placeholders stay as typed; a visitor gets neutral text instead of member data.
 * Placeholders bound to the program's rules ({earn_rate}, {signup_points}, {birthday_points},
 * {referral_reward}, {friend_reward})
 * state what the rules give now, so a rule change shows in every text at once.
 */
import type { RenderContext } from '../context.ts';
import { fillPlaceholders as fillWith, type Placeholder } from '../contract/index.ts';
import { agreeLabels, formatPoints, pointsAmount, pointsLabelFor } from './points.ts';
import { formatEarnRate, referralOfferText } from './rules.ts';
import { word } from '../i18n/catalog.ts';

function counts(ctx: RenderContext): Partial<Record<Placeholder, number>> {
  const member = ctx.audience === 'member' ? ctx.member : undefined;
  return { loyalty_points_balance: member?.pointsBalance ?? 0, points_earned: member?.pointsEarned ?? 0, referrals_earned: member?.referralsEarned ?? 0 };
}

/** The values of a context, worked out once per context object (a page fills many texts with one). */
const valuesOf = new WeakMap<RenderContext, Record<Placeholder, string>>();

function placeholderValues(ctx: RenderContext): Record<Placeholder, string> {
  let values = valuesOf.get(ctx);
  if (!values) {
    values = computeValues(ctx);
    valuesOf.set(ctx, values);
  }
  return values;
}

function computeValues(ctx: RenderContext): Record<Placeholder, string> {
  const member = ctx.audience === 'member' ? ctx.member : undefined;
  const { program, locale } = ctx;
  const { orderRate, signupPoints, birthdayPoints } = program.earning ?? {};
  const amount = (points: number | undefined) => (points === undefined ? '' : pointsAmount(points, ctx));
  const counted = counts(ctx);
  // what a visitor (no member data) sees in place of a name, in the context's language
  const visitor = word(ctx, 'visitor.name');
  return {
    first_name: member?.firstName || visitor,
    customer_name: member?.fullName || member?.firstName || visitor,
    full_name: member?.fullName || visitor,
    loyalty_points_balance: formatPoints(counted.loyalty_points_balance, locale),
    points_earned: formatPoints(counted.points_earned, locale),
    referrals_earned: formatPoints(counted.referrals_earned, locale),
    points_label: pointsLabelFor(2, program),
    points_label_singular: pointsLabelFor(1, program),
    earn_rate: orderRate ? formatEarnRate(orderRate, ctx) : '',
    signup_points: amount(signupPoints),
    birthday_points: amount(birthdayPoints),
    referral_reward: referralOfferText(program.referral.referrer, ctx),
    friend_reward: referralOfferText(program.referral.referee, ctx),
  };
}

/** Fills the spec §3 placeholders of merchant `text` from the context; the result is plain text. */
export function fillPlaceholders(text: string, ctx: RenderContext): string {
  if (!text.includes('{')) return text;
  const counted = counts(ctx);
  return fillWith(
    agreeLabels(text, (name) => counted[name as Placeholder] === 1),
    placeholderValues(ctx),
  );
}
