import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import {
  SECTION_FIELDS,
  SECTION_TYPES,
  type RETIRED_CONTENT_FIELDS,
  type Audience,
  type Section,
  type SectionContent,
  type SectionLayout,
  type SectionStyle,
} from '../contract/index.ts';
import { landingDoc, memberCtx, section, visitorCtx } from '../testing/fixtures.ts';
import type { RenderContext } from '../context.ts';
import { LandingPage, LandingSection } from './index.ts';

const html = (s: Section, ctx: RenderContext) => renderToStaticMarkup(<LandingSection section={s} ctx={ctx} />);
const ctxOf = (audience: Audience) => (audience === 'member' ? memberCtx() : visitorCtx());
const AUDIENCES: Audience[] = ['member', 'visitor'];

describe('every section in both audience variants (spec §2)', () => {
  for (const type of SECTION_TYPES) {
    for (const audience of AUDIENCES) {
      it(`${type} · ${audience}`, () => {
        const markup = html(section(type), ctxOf(audience));
        expect(markup).toContain(`data-section-type="${type}"`);
        expect(markup).toContain(`data-section-id="${type.replace(/_/g, '-')}"`);
        expect(markup).toMatchSnapshot();
      });
    }
  }

  it('member and visitor variants draw their own content', () => {
    const s = section('banner');
    s.content.member.title = 'Members only title';
    s.content.visitor.title = 'Visitors only title';
    expect(html(s, memberCtx())).toContain('Members only title');
    expect(html(s, memberCtx())).not.toContain('Visitors only title');
    expect(html(s, visitorCtx())).toContain('Visitors only title');
  });

  it('fills placeholders from the member (spec §3) and neutral text for a visitor', () => {
    expect(html(section('banner'), memberCtx())).toContain('Welcome Ada');
    expect(html(section('banner'), memberCtx())).toContain('You have 1,250 points');
    expect(html(section('banner'), visitorCtx())).toContain('Welcome friend');
  });

  it('shows member data only to members', () => {
    expect(html(section('header'), memberCtx())).toContain('data-member="balance"');
    expect(html(section('header'), visitorCtx())).not.toContain('data-member');
    expect(html(section('referral'), memberCtx())).toContain('https://shop.example/r/ada');
    expect(html(section('reward_list'), memberCtx())).toContain('SAVE5-ADA');
    expect(html(section('reward_list'), visitorCtx())).not.toContain('SAVE5-ADA');
    const tiers = section('vip_tiers', { layout: { progress_line: true } });
    expect(html(tiers, memberCtx())).toContain('250 points left to Gold');
    expect(html(tiers, memberCtx())).toContain('aria-current="step"');
  });

  it('says what is left to the next tier in the store basis: money, orders or points', () => {
    const tiers = section('vip_tiers', { layout: { progress_line: true } });
    const spend = memberCtx({ program: { ...memberCtx().program, tierBasis: 'spent', currency: 'USD' } });
    spend.member = { ...spend.member!, tier: { ...spend.member!.tier, basis: 'spent', pointsToNext: 12_000 } };
    expect(html(tiers, spend)).toContain('$120 left to Gold');
    // the tier cards are in the store's basis too
    expect(html(tiers, spend)).toContain('$10');
    const orders = memberCtx({ program: { ...memberCtx().program, tierBasis: 'orders' } });
    orders.member = { ...orders.member!, tier: { ...orders.member!.tier, basis: 'orders', pointsToNext: 3 } };
    expect(html(tiers, orders)).toContain('3 orders left to Gold');
  });

  it('renders nothing for a hidden section', () => {
    for (const type of SECTION_TYPES) expect(html(section(type, { visible: false }), memberCtx())).toBe('');
  });

  it('draws the sections in document order under one themed root', () => {
    const doc = { ...landingDoc([section('timeline'), section('banner', { visible: false }), section('header')]), theme: 'dark-experimental' as const };
    const markup = renderToStaticMarkup(<LandingPage doc={doc} ctx={visitorCtx({ device: 'mobile' })} />);
    expect(markup).toMatch(/data-theme="dark-experimental" data-device="mobile"/);
    expect(markup.indexOf('data-section-type="timeline"')).toBeLessThan(markup.indexOf('data-section-type="header"'));
    expect(markup).not.toContain('data-section-type="banner"');
    expect(renderToStaticMarkup(<LandingPage doc={doc} ctx={visitorCtx()} responsive />)).not.toContain('data-device');
  });
});

/** spec §3 landing page settings: for every field a section type uses, two values that must draw differently. */
const STYLE_VALUES: Record<keyof SectionStyle, [unknown, unknown]> = {
  font_size: [14, 22],
  font_color: ['#111111', '#222222'],
  background_color: ['#fafafa', '#f0f0f0'],
  border_color: ['#cccccc', '#999999'],
};
const LAYOUT_VALUES: Record<keyof SectionLayout, [unknown, unknown]> = {
  text_align: ['left', 'center'],
  padding: [16, 96],
  style: ['plain', 'boxed'],
  mobile_columns: [1, 2],
  desktop_columns: [2, 4],
  card_shape: ['square', 'pill'],
  show_numbers: [false, true],
  show_connectors: [false, true],
  layout_style: ['grid', 'carousel'],
  card_style: ['flat', 'elevated'],
  tier_spacing: ['compact', 'spacious'],
  tier_alignment: ['left', 'right'],
  progress_line: [false, true],
  auto_expand_rewards: [false, true],
  auto_expand_perks: [false, true],
  desktop_image_placement: ['top', 'left'],
  mobile_image_placement: ['top', 'hidden'],
};
/** A change of each content field, and a string the changed output must contain. */
const CONTENT_CHANGES: Record<Exclude<keyof SectionContent, (typeof RETIRED_CONTENT_FIELDS)[number]>, [(c: SectionContent) => void, string]> = {
  title: [
    (c) => {
      c.title = 'Changed title';
    },
    'Changed title',
  ],
  paragraph: [
    (c) => {
      c.paragraph = 'Changed paragraph';
    },
    'Changed paragraph',
  ],
  sub_heading: [
    (c) => {
      c.sub_heading = 'Changed sub';
    },
    'Changed sub',
  ],
  primary_button: [
    (c) => {
      c.primary_button = { label: 'Changed primary', url: '/changed-primary' };
    },
    'href="/changed-primary"',
  ],
  secondary_button: [
    (c) => {
      c.secondary_button = { label: 'Changed secondary', url: '/changed-secondary' };
    },
    'href="/changed-secondary"',
  ],
  sign_in_url: [
    (c) => {
      c.sign_in_url = '/changed-sign-in';
    },
    'href="/changed-sign-in"',
  ],
  sign_up_url: [
    (c) => {
      c.primary_button = { label: 'Join', url: '' };
      c.sign_up_url = '/changed-sign-up';
    },
    'href="/changed-sign-up"',
  ],
  steps: [
    (c) => {
      c.steps = [{ heading: 'Changed step', paragraph: 'Step text', imageUrl: 'https://cdn.example/changed.png' }];
    },
    'https://cdn.example/changed.png',
  ],
  earningMethods: [
    (c) => {
      c.earningMethods = [{ id: 'n', title: 'Changed earn', description: 'd', points: 7, icon: 'star' }];
    },
    '+7 points',
  ],
  redeemMethods: [
    (c) => {
      c.redeemMethods = [{ id: 'n', title: 'Changed redeem', description: 'd', points: 9, icon: 'gift' }];
    },
    'Changed redeem',
  ],
  referrerReward: [
    (c) => {
      c.referrerReward = { title: 'Changed you get', description: 'x' };
    },
    'Changed you get',
  ],
  refereeReward: [
    (c) => {
      c.refereeReward = { title: 'Changed they get', description: 'y' };
    },
    'Changed they get',
  ],
  events: [
    (c) => {
      c.events = [{ date: 'Day 9', title: 'Changed event', description: 'z', icon: 'calendar' }];
    },
    'data-icon="calendar"',
  ],
};

describe('every spec §3 setting a section uses changes its output', () => {
  for (const type of SECTION_TYPES) {
    const fields = SECTION_FIELDS[type];
    for (const field of fields.style) {
      it(`${type} · style.${field}`, () => {
        const [a, b] = STYLE_VALUES[field];
        expect(html(section(type, { style: { [field]: a } }), memberCtx())).not.toBe(html(section(type, { style: { [field]: b } }), memberCtx()));
      });
    }
    for (const field of fields.layout) {
      it(`${type} · layout.${field}`, () => {
        const [a, b] = LAYOUT_VALUES[field];
        expect(html(section(type, { layout: { [field]: a } }), memberCtx())).not.toBe(html(section(type, { layout: { [field]: b } }), memberCtx()));
      });
    }
    for (const field of fields.content) {
      for (const audience of AUDIENCES) {
        it(`${type} · content.${audience}.${field}`, () => {
          const base = section(type);
          if (type === 'banner') base.content[audience].primary_button = { label: 'Join', url: '' };
          const changed = structuredClone(base);
          const [change, expected] = CONTENT_CHANGES[field as keyof typeof CONTENT_CHANGES];
          change(changed.content[audience]);
          const after = html(changed, ctxOf(audience));
          expect(after).not.toBe(html(base, ctxOf(audience)));
          expect(after).toContain(expected);
        });
      }
    }
  }
});

describe('merchant values stay inert', () => {
  it('renders markup in text as text and refuses unsafe URLs and colours', () => {
    const s = section('banner', { style: { background_color: 'red;}body{display:none' } as SectionStyle });
    s.content.visitor.title = '<img src=x onerror="window.__xss=1">';
    s.content.visitor.primary_button = { label: 'Go', url: 'javascript:alert(1)' };
    const markup = html(s, visitorCtx());
    expect(markup).toContain('&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;');
    expect(markup).not.toContain('<img src=x');
    expect(markup).not.toContain('javascript:');
    expect(markup).not.toContain('display:none');
  });
});

describe('builder hooks', () => {
  it('passes every editable text node and the section root through the editable hooks', () => {
    const wrapText = vi.fn(({ node }) => node);
    const wrapSection = vi.fn(({ node }) => node);
    renderToStaticMarkup(<LandingPage doc={landingDoc([section('banner')])} ctx={memberCtx()} editable={{ wrapText, wrapSection }} />);
    expect(wrapSection).toHaveBeenCalledWith(expect.objectContaining({ id: 'banner', type: 'banner' }));
    const fields = wrapText.mock.calls.map(([info]) => info.field);
    expect(fields).toEqual(expect.arrayContaining(['title', 'paragraph', 'primary_button.label', 'secondary_button.label']));
    expect(wrapText).toHaveBeenCalledWith(expect.objectContaining({ field: 'title', raw: 'Welcome {first_name}', owner: 'banner', audience: 'member' }));
  });
});

describe('ways to earn the shopper performs, on the landing page', () => {
  it('links a follow and a review from the program’s ways (the page runs no script, so no buttons)', () => {
    const s = section('ways_to_earn');
    for (const content of [s.content.member, s.content.visitor]) content.earningMethods = [];
    const program = {
      ...visitorCtx().program,
      waysToEarn: [
        { id: 'ig', title: 'Follow us', points: 75, action: { kind: 'follow' as const, network: 'instagram', url: 'https://instagram.example/shop' } },
        { id: 'x', title: 'Follow on X', points: 5, action: { kind: 'follow' as const, network: 'x', url: 'javascript:alert(1)' } },
        { id: 'rev', title: 'Review', points: 40, action: { kind: 'review' as const, url: 'https://shop.example/reviews' } },
        { id: 'news', title: 'Newsletter', points: 30, action: { kind: 'newsletter' as const } },
      ],
    };
    const markup = html(s, visitorCtx({ program }));
    expect(markup).toContain(
      '<a class="ls-button ls-earn-action" href="https://instagram.example/shop" target="_blank" rel="noopener noreferrer">Follow on Instagram</a>',
    );
    expect(markup).toContain('href="https://shop.example/reviews"');
    expect(markup).not.toContain('javascript:');
    expect(markup).not.toContain('<button');
  });
});
