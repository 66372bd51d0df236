import { describe, expect, it } from 'vitest';
import { EMPTY_PROGRAM, makeContext, type MemberState } from '../context.ts';
import { contrastRatio, fillPlaceholders, formatMoney, formatPoints, formatTierAmount, meetsContrast, safeColor, safeLength, safeUrl } from './index.ts';

const member: MemberState = {
  customerId: 'c1',
  firstName: 'Ada',
  fullName: 'Ada Lovelace',
  pointsBalance: 1250,
  pendingPoints: 40,
  lifetimePoints: 3000,
  pointsEarned: 12.5,
  tier: { current: 'Gold', progress: 0.5 },
  rewards: [],
  referralLink: 'https://shop.example/r/ada',
  referralsEarned: 3,
};
const program = { ...EMPTY_PROGRAM, pointsLabel: 'stars' };
const memberCtx = makeContext({ audience: 'member', member, program });
const visitorCtx = makeContext({ program });

describe('spec §5 points display: integer → no decimals, otherwise two decimals, locale grouping', () => {
  it.each([
    [0, 'en-US', '0'],
    [5, 'en-US', '5'],
    [1250, 'en-US', '1,250'],
    [12.5, 'en-US', '12.50'],
    [0.125, 'en-US', '0.13'],
    [-3, 'en-US', '-3'],
    [1234567.891, 'en-US', '1,234,567.89'],
    [1250, 'de-DE', '1.250'],
    [12.5, 'de-DE', '12,50'],
    ['42', 'en-US', '42'],
    [Number.NaN, 'en-US', '0'],
    [1250, 'not a locale!', '1,250'],
  ] as const)('%s in %s → %s', (value, locale, expected) => {
    expect(formatPoints(value, locale)).toBe(expected);
  });
});

describe('spec §3 placeholders filled from the context', () => {
  it.each([
    ['Hi {first_name}', 'Hi Ada', 'Hi friend'],
    ['{customer_name}', 'Ada Lovelace', 'friend'],
    ['{full_name}', 'Ada Lovelace', 'friend'],
    ['You have {loyalty_points_balance} {points_label}', 'You have 1,250 stars', 'You have 0 stars'],
    ['+{points_earned}', '+12.50', '+0'],
    ['{referrals_earned} friends joined', '3 friends joined', '0 friends joined'],
    ['{unknown_thing} and {first_name}', '{unknown_thing} and Ada', '{unknown_thing} and friend'],
    ['no placeholder', 'no placeholder', 'no placeholder'],
    ['{FIRST_NAME} {first name}', '{FIRST_NAME} {first name}', '{FIRST_NAME} {first name}'],
  ])('%s', (text, asMember, asVisitor) => {
    expect(fillPlaceholders(text, memberCtx)).toBe(asMember);
    expect(fillPlaceholders(text, visitorCtx)).toBe(asVisitor);
  });

  it("keeps markup-looking member data as plain text (escaping is the renderer's job)", () => {
    const ctx = makeContext({ audience: 'member', member: { ...member, firstName: '<img src=x onerror=alert(1)>' }, program });
    expect(fillPlaceholders('Hi {first_name}', ctx)).toBe('Hi <img src=x onerror=alert(1)>');
  });
});

describe('WCAG contrast', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#333333', '#ffffff', 12.63],
    ['#ffffff', '#0060E7', 5.49],
    ['#ffffff', '#047b5d', 5.27],
  ])('%s on %s ≈ %s', (fg, bg, ratio) => {
    expect(contrastRatio(fg, bg)).toBeCloseTo(ratio, 1);
  });
  it('refuses below 4.5:1', () => {
    expect(meetsContrast('#777777', '#ffffff')).toBe(false);
    expect(meetsContrast('#767676', '#ffffff')).toBe(true);
  });
});

describe('safe values', () => {
  it.each([
    ['https://shop.example/rewards', 'https://shop.example/rewards'],
    ['http://shop.example', 'http://shop.example'],
    ['/account/login', '/account/login'],
    ['#faq', '#faq'],
    ['?tab=earn', '?tab=earn'],
    ['javascript:alert(1)', undefined],
    ['JaVaScRiPt:alert(1)', undefined],
    [' javascript:alert(1)', undefined],
    ['java\tscript:alert(1)', undefined],
    ['data:text/html,<script>alert(1)</script>', undefined],
    ['vbscript:msgbox', undefined],
    ['//evil.example/x', undefined],
    ['/\\evil.example', undefined],
    ['https:evil.example', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('url %j → %j', (input, expected) => {
    expect(safeUrl(input)).toBe(expected);
  });

  it.each([
    ['#047b5d', '#047b5d'],
    ['rgb(0, 96, 231)', 'rgb(0, 96, 231)'],
    ['hsl(120 50% 40%)', 'hsl(120 50% 40%)'],
    ['red;} body{display:none', undefined],
    ['url(https://evil.example/x.png)', undefined],
    ['expression(alert(1))', undefined],
    ['#fff;background:url(x)', undefined],
    ['', undefined],
  ])('colour %j → %j', (input, expected) => {
    expect(safeColor(input)).toBe(expected);
  });

  it.each([
    [12, '12px'],
    ['12', '12px'],
    ['1.5rem', '1.5rem'],
    ['10px;color:red', undefined],
    [Number.POSITIVE_INFINITY, undefined],
  ] as const)('length %j → %j', (input, expected) => {
    expect(safeLength(input)).toBe(expected);
  });
});

describe('tier amounts in the store basis', () => {
  it('formats money from minor units, whole amounts without decimals', () => {
    expect(formatMoney(12_000, 'USD', 'en-US')).toBe('$120');
    expect(formatMoney(1250, 'USD', 'en-US')).toBe('$12.50');
    expect(formatMoney(500, 'JPY', 'en-US')).toBe('¥500');
    expect(formatMoney(500, 'not-a-currency', 'en-US')).toBe('$5');
  });

  it('says points, orders or money', () => {
    const ctx = makeContext({ program: { ...EMPTY_PROGRAM, pointsLabel: 'stars', currency: 'EUR' } });
    expect(formatTierAmount(500, ctx)).toBe('500 stars');
    expect(formatTierAmount(1, ctx, 'orders')).toBe('1 order');
    expect(formatTierAmount(3, ctx, 'orders')).toBe('3 orders');
    expect(formatTierAmount(12_050, ctx, 'spent')).toBe('€120.50');
  });
});
