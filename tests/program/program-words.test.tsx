/**
 * One points label (plural and singular) and one formatter everywhere, and texts that state the
 * program bound to its rules: every preset text, filled as the renderers fill it, counts points
 * in the store's words; a rule change shows in the texts that state it.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_PROGRAM, makeContext, type MemberState, type ProgramData } from '../../renderers/context.ts';
import { fillPlaceholders, formatPointsAmount } from '../../renderers/format/index.ts';
import { renderSurfaceMarkup } from '../../renderers/ssr/index.tsx';
import { DEFAULT_DOCUMENTS, DEMO_DOCUMENTS, REFERRAL_REWARDS, STARTER_EMAIL_TEMPLATES } from '../../presets/index.ts';
import { fillPlaceholders as fillEmail } from '../../server/modules/emails/index.ts';
import { orderRuleConfig } from '../../server/modules/rules/contract/earning-rules.ts';
import { describeRule, type EarningRule } from '../../server/modules/rules/index.ts';

const leaves: ProgramData = {
  ...EMPTY_PROGRAM,
  pointsLabel: 'leaves',
  pointsLabelSingular: 'leaf',
  currency: 'USD',
  earning: { orderRate: { points: 3, perMinor: 100 }, signupPoints: 50, birthdayPoints: 1 },
  waysToEarn: [{ id: '1', title: 'Place an order', description: '3 leaves per $1 spent', icon: 'bag' }],
  waysToRedeem: [{ id: '2', title: '$5 off coupon', cost: 500 }],
  referral: REFERRAL_REWARDS,
};
const member = (balance: number): MemberState => ({
  customerId: '1',
  firstName: 'Ada',
  fullName: 'Ada Lovelace',
  pointsBalance: balance,
  pendingPoints: 0,
  lifetimePoints: balance,
  pointsEarned: balance,
  tier: { progress: 0 },
  rewards: [],
  referralLink: 'https://shop.example/r/ada',
  referralsEarned: 1,
});
/** Words that count points in anything but the store's label. */
const OTHER_WORDS = /\b(points?|beans?)\b(?! Club)/i;
/** Settings that are not text shoppers read. */
const NOT_TEXT = new Set([
  'kind',
  'id',
  'icon',
  'url',
  'imageUrl',
  'sign_up_url',
  'sign_in_url',
  'primary_button_url',
  'secondary_button_url',
  'name',
  'type',
  'program_type',
]);

function texts(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return NOT_TEXT.has(key) || /url$/i.test(key) ? [] : [value];
  if (Array.isArray(value)) return value.flatMap((item) => texts(item, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([name, item]) => texts(item, name));
  return [];
}

describe('the points label: one label, singular and plural, through one formatter', () => {
  it('counts with the singular for one and the plural otherwise', () => {
    expect(formatPointsAmount(1, leaves)).toBe('1 leaf');
    expect(formatPointsAmount(392, leaves)).toBe('392 leaves');
    expect(formatPointsAmount(1, { pointsLabel: 'beans' })).toBe('1 bean');
  });

  it.each([1, 392])('every default and demo text, filled for a member with %i, says the store’s word and no other', (balance) => {
    for (const audience of ['member', 'visitor'] as const) {
      const ctx = makeContext({ audience, program: leaves, ...(audience === 'member' ? { member: member(balance) } : {}) });
      for (const [kind, doc] of [...Object.entries(DEFAULT_DOCUMENTS), ...Object.entries(DEMO_DOCUMENTS)]) {
        if (kind === 'email_template' || kind === 'email_document') continue;
        for (const text of texts(doc)) expect(fillPlaceholders(text, ctx), `${kind}: ${text}`).not.toMatch(OTHER_WORDS);
      }
      expect(fillPlaceholders('{loyalty_points_balance} {points_label}', ctx)).toBe(
        audience === 'member' ? `${balance} ${balance === 1 ? 'leaf' : 'leaves'}` : '0 leaves',
      );
    }
  });

  it('the demo landing page, widget and sticky bar draw the store’s word', () => {
    const ctx = makeContext({ audience: 'member', member: member(392), program: leaves });
    const pages = [
      renderSurfaceMarkup({ kind: 'landing_page', doc: DEMO_DOCUMENTS.landing_page }, ctx),
      renderSurfaceMarkup({ kind: 'widget', doc: DEMO_DOCUMENTS.widget }, ctx),
      renderSurfaceMarkup({ kind: 'sticky_bar', doc: DEMO_DOCUMENTS.sticky_bar }, ctx),
    ].map((markup) => markup.replace(/<[^>]+>/g, ' '));
    for (const page of pages) expect(page).not.toMatch(OTHER_WORDS);
    expect(pages[0]).toContain('Ways to earn leaves');
    expect(pages[1]).toContain('You have 392 leaves');
  });

  it('the emails count with the store’s word, singular after a count of one', () => {
    const values = { points_label: 'leaves', points_label_singular: 'leaf', points_earned: '1', loyalty_points_balance: '392' };
    expect(fillEmail('You earned {{points_earned}} {{ points_label }}; you have {{loyalty_points_balance}} {{points_label}}.', values)).toBe(
      'You earned 1 leaf; you have 392 leaves.',
    );
    for (const starter of STARTER_EMAIL_TEMPLATES) for (const text of texts(starter.template)) expect(fillEmail(text, values), text).not.toMatch(OTHER_WORDS);
  });

  it('the console’s rule card states the rule in the store’s word', () => {
    const rule = (type: string, points: number, config: Record<string, unknown> = {}): EarningRule => ({
      id: 1,
      store_id: 1,
      type,
      title: 'Rule',
      status: 'active',
      points,
      config: type === 'order' ? orderRuleConfig.parse(config) : {},
      limit_type: 'unlimited',
      limit_days: null,
      limit_total: null,
      created_at: new Date(),
      updated_at: new Date(),
    });
    const words = { pointsLabel: 'leaves', pointsLabelSingular: 'leaf', currency: 'USD' };
    expect(describeRule(rule('order', 3), words)).toBe('3 leaves per $1 spent');
    expect(describeRule(rule('order', 1, { mode: 'fixed' }), words)).toBe('1 leaf per order');
    expect(describeRule(rule('signup', 50), words)).toBe('50 leaves');
  });
});

describe('texts that state a rule are bound to it', () => {
  it('the sticky bar states the order rule as it is now', () => {
    const beans = { ...leaves, pointsLabel: 'beans', pointsLabelSingular: 'bean' };
    const bar = (points: number) =>
      renderSurfaceMarkup(
        { kind: 'sticky_bar', doc: DEMO_DOCUMENTS.sticky_bar },
        makeContext({ program: { ...beans, earning: { orderRate: { points, perMinor: 100 } } } }),
      );
    expect(bar(1)).toContain('Bean Club: earn 1 bean per $1 spent');
    expect(bar(2)).toContain('Bean Club: earn 2 beans per $1 spent');
  });

  it('every default and demo text states amounts through placeholders: no rate, welcome or reward written in', () => {
    const stated = /\d+\s*(points?|beans?)|\$\d|\d+\s*%\s*off|per \$/i;
    for (const doc of [...Object.values(DEFAULT_DOCUMENTS), ...Object.values(DEMO_DOCUMENTS)])
      for (const text of texts(doc)) expect(text, `${doc.kind}: ${text}`).not.toMatch(stated);
  });

  it('{earn_rate}, {signup_points}, {birthday_points} and the referral rewards come from the program', () => {
    const ctx = makeContext({ program: leaves });
    expect(fillPlaceholders('{earn_rate} · {signup_points} · {birthday_points} · {referral_reward} · {friend_reward}', ctx)).toBe(
      '3 leaves per $1 spent · 50 leaves · 1 leaf · 5% off coupon · $5 off coupon',
    );
  });
});
