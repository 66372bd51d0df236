/**
 * Every section and panel draws the store's real program: a part whose data the program lacks is
 * left out of the storefront, and the studio's canvas draws sample data there, marked as sample.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_PROGRAM, makeContext, type ProgramData } from '../../renderers/context.ts';
import { renderSurfaceMarkup } from '../../renderers/ssr/index.tsx';
import { DEFAULT_DOCUMENTS, DEMO_DOCUMENTS, REFERRAL_REWARDS } from '../../presets/index.ts';
import { PREVIEW_PROGRAM, previewContext } from '../../builder/surfaces/preview-context.ts';

const noTiers: ProgramData = {
  ...EMPTY_PROGRAM,
  pointsLabel: 'beans',
  waysToEarn: [{ id: '1', title: 'Place an order', description: '2 beans per $1 spent' }],
  waysToRedeem: [{ id: '2', title: 'Free bag of coffee', description: 'Any 250 g bag', cost: 800 }],
  referral: REFERRAL_REWARDS,
};
const withTiers: ProgramData = {
  ...noTiers,
  tierBasis: 'points',
  vipTiers: [
    { id: '7', name: 'Green Bean', threshold: 0, perks: ['Birthday treat'] },
    { id: '8', name: 'Medium Roast', threshold: 600, perks: ['Earn 1.25× beans'] },
  ],
};
const text = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const landing = (program: ProgramData, doc = DEMO_DOCUMENTS.landing_page) => text(renderSurfaceMarkup({ kind: 'landing_page', doc }, makeContext({ program })));

describe('the storefront draws the program it has', () => {
  it('a program without tiers shows no VIP tiers section, on the demo page or a new store’s', () => {
    expect(landing(noTiers)).not.toContain('Roast levels');
    for (const name of ['Green Bean', 'Bronze', 'Silver', 'Gold', '1.25']) expect(landing(noTiers)).not.toContain(name);
    expect(landing(noTiers, DEFAULT_DOCUMENTS.landing_page)).not.toContain('VIP tiers');
  });

  it('the tiers section draws the store’s tiers', () => {
    const page = landing(withTiers);
    expect(page).toContain('Roast levels');
    expect(page).toContain('Green Bean');
    expect(page).toContain('Medium Roast 600 beans');
  });

  it('the timeline draws the program’s milestones: each reward’s cost and each tier’s threshold', () => {
    const page = landing(withTiers);
    expect(page).toContain('600 beans Medium Roast');
    expect(page).toContain('800 beans Free bag of coffee');
    expect(page).not.toMatch(/50 (points|beans): |unlock a \$5 off coupon/i);
    // nothing to show: left out
    expect(landing({ ...EMPTY_PROGRAM, referral: noTiers.referral })).not.toContain('Milestones worth celebrating');
  });

  it('ways to earn and redeem with no rules are left out', () => {
    const page = landing({ ...EMPTY_PROGRAM, referral: noTiers.referral });
    expect(page).not.toContain('Ways to earn');
    expect(page).not.toContain('Ways to redeem');
  });

  it('the widget lists the VIP panel only for a program with tiers', () => {
    const widget = (program: ProgramData) => text(renderSurfaceMarkup({ kind: 'widget', doc: DEMO_DOCUMENTS.widget }, makeContext({ program })));
    expect(widget(noTiers)).not.toContain('VIP tiers');
    expect(widget(withTiers)).toContain('VIP tiers');
  });
});

describe('the canvas draws sample data where the program has none, marked as sample', () => {
  it('sample tiers and milestones carry a note; the store’s own data carries none', () => {
    const canvas = (program: ProgramData) =>
      text(renderSurfaceMarkup({ kind: 'landing_page', doc: DEMO_DOCUMENTS.landing_page }, previewContext('visitor', 'desktop', 'light', program)));
    const sample = canvas(noTiers);
    expect(sample).toContain('Roast levels');
    expect(sample).toContain(PREVIEW_PROGRAM.vipTiers[1]!.name);
    expect(sample).toContain('Sample VIP tiers: your program has none yet, so shoppers don’t see this.');
    expect(sample).not.toContain('Sample ways to earn');
    const own = canvas(withTiers);
    expect(own).not.toContain('Sample VIP tiers');
    expect(own).not.toContain(PREVIEW_PROGRAM.vipTiers[1]!.name);
  });
});
