import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DRAWER_SIGN_UP_URL,
  MIN_TEXT_CONTRAST,
  SECTION_FIELDS,
  SECTION_TYPES,
  THEMES,
  THEME_CONTRAST_PAIRS,
  contrastRatio,
  readabilityIssues,
  iconSchema,
  launcherSchema,
  themeTokensSchema,
  unknownPlaceholders,
  validateDocument,
  type DocumentKind,
  type Section,
  type SettingsDocument,
} from '../renderers/contract/index.ts';
import {
  CONSOLE_CONSTANTS,
  DEFAULT_DOCUMENTS,
  DEFAULT_LANDING_PAGE,
  DEFAULT_LAUNCHER,
  DEFAULT_PALETTE,
  DEFAULT_STICKY_BAR,
  DEFAULT_WIDGET,
  DEMO_DOCUMENTS,
  ICONS,
  SECTION_TEMPLATES,
  STARTER_EMAIL_TEMPLATES,
  STORE_LINKS,
  THEME_TOKENS,
  sectionFromTemplate,
} from './index.ts';

const documents: [string, SettingsDocument][] = [
  ...Object.entries(DEFAULT_DOCUMENTS).map(([kind, doc]): [string, SettingsDocument] => [`default ${kind}`, doc]),
  ...Object.entries(DEMO_DOCUMENTS).map(([kind, doc]): [string, SettingsDocument] => [`demo ${kind}`, doc]),
  ...STARTER_EMAIL_TEMPLATES.map((t): [string, SettingsDocument] => [`starter e-mail ${t.type}`, t.template]),
  ...SECTION_TYPES.map((type): [string, SettingsDocument] => [
    `section template ${type}`,
    { ...DEFAULT_LANDING_PAGE, sections: [sectionFromTemplate(type, 'new-section')] },
  ]),
];

describe('every preset document validates against renderers/contract', () => {
  it.each(documents)('%s', (_name, doc) => {
    const result = validateDocument(doc.kind, doc);
    expect(result.ok ? 'valid' : result.errors).toBe('valid');
  });

  it('there is a default and a demo of every document kind', () => {
    for (const table of [DEFAULT_DOCUMENTS, DEMO_DOCUMENTS]) {
      for (const [kind, doc] of Object.entries(table)) expect(doc.kind).toBe(kind as DocumentKind);
    }
  });
});

// One row per spec §9 constant: [what the spec says, actual preset value, spec value].
const SPEC_9: [string, unknown, unknown][] = [
  ['spec §9: request timeout 60000 ms', CONSOLE_CONSTANTS.requestTimeoutMs, 60000],
  ['spec §9: toast duration 5000 ms', CONSOLE_CONSTANTS.toastDurationMs, 5000],
  ['spec §9: toast with an action 10000 ms', CONSOLE_CONSTANTS.toastWithActionDurationMs, 10000],
  ['spec §9: dialog transition 200 ms', CONSOLE_CONSTANTS.dialogTransitionMs, 200],
  ['spec §9: navigation collapses at 767.95px', CONSOLE_CONSTANTS.navigationCollapseBreakpointPx, 767.95],
  ['spec §9: stacked content at 1039.95px', CONSOLE_CONSTANTS.stackedContentBreakpointPx, 1039.95],
  ['spec §9: login delay 3000 ms', CONSOLE_CONSTANTS.loginDelayMs, 3000],
  ['spec §9: store switch redirect 500 ms', CONSOLE_CONSTANTS.storeSwitchRedirectMs, 500],
  ['spec §9: rehydration timeout 10000 ms', CONSOLE_CONSTANTS.rehydrationTimeoutMs, 10000],
  ['spec §9: clipboard confirmation 5 s', CONSOLE_CONSTANTS.clipboardConfirmationMs, 5000],
  ['spec §9: search threshold more than 2 characters', CONSOLE_CONSTANTS.searchThresholdChars, 2],
  ['spec §9: names truncated at 22 characters', CONSOLE_CONSTANTS.nameTruncateAt, 22],
  ['spec §9: store switcher only with more than one store', CONSOLE_CONSTANTS.storeSwitcherMinStores, 1],
  ['spec §9: onboarding stages needing redirect', CONSOLE_CONSTANTS.onboardingRedirectStages, [2, 4, 6, 8, 10, 12]],
  ['spec §9: initial onboarding stage 2', CONSOLE_CONSTANTS.initialOnboardingStage, 2],
  ['spec §9: customer list first page 1', CONSOLE_CONSTANTS.customerListFirstPage, 1],
  ['spec §9: action list search from 8 items', CONSOLE_CONSTANTS.actionListSearchMinItems, 8],
  ['spec §9: launcher zoom 100 (desktop)', DEFAULT_LAUNCHER.desktop.zoom, 100],
  ['spec §9: launcher zoom 100 (mobile)', DEFAULT_LAUNCHER.mobile.zoom, 100],
  ['spec §9: launcher z_index 999 (desktop)', DEFAULT_LAUNCHER.desktop.z_index, 999],
  ['spec §9: launcher z_index 999 (mobile)', DEFAULT_LAUNCHER.mobile.z_index, 999],
  ['spec §9: launcher desktop padding 20 (bottom)', DEFAULT_LAUNCHER.desktop.padding_bottom, 20],
  ['spec §9: launcher desktop padding 20 (side)', DEFAULT_LAUNCHER.desktop.padding_side, 20],
  ['spec §9: launcher mobile padding 0 (bottom)', DEFAULT_LAUNCHER.mobile.padding_bottom, 0],
  ['spec §9: launcher mobile padding 0 (side)', DEFAULT_LAUNCHER.mobile.padding_side, 0],
  ['spec §9: launcher placement left', [DEFAULT_LAUNCHER.desktop.placement, DEFAULT_LAUNCHER.mobile.placement], ['left', 'left']],
  ['spec §9: launcher shape circular', [DEFAULT_LAUNCHER.desktop.shape, DEFAULT_LAUNCHER.mobile.shape], ['circular', 'circular']],
  [
    'spec §9: launcher title "Get Rewarded"',
    [DEFAULT_LAUNCHER.desktop.launcher_title, DEFAULT_LAUNCHER.mobile.launcher_title],
    ['Get Rewarded', 'Get Rewarded'],
  ],
  ['spec §9: palette primary #047b5d', DEFAULT_PALETTE.primary_color, '#047b5d'],
  ['spec §9: palette secondary #d9d64d', DEFAULT_PALETTE.secondary_color, '#d9d64d'],
  ['spec §9: palette text #333333', DEFAULT_PALETTE.text_color, '#333333'],
  [
    'spec §9: default landing page uses the palette',
    DEFAULT_LANDING_PAGE.global,
    { primary_color: '#047b5d', secondary_color: '#d9d64d', text_color: '#333333' },
  ],
  ['spec §9: widget text #ffffff', DEFAULT_WIDGET.text_color, '#ffffff'],
  ['spec §9: widget background #0060E7', DEFAULT_WIDGET.background_color, '#0060E7'],
  ...(['ways_to_earn', 'ways_to_redeem'] as const).map((type): [string, unknown, unknown] => {
    const { layout_style, mobile_columns, desktop_columns } = SECTION_TEMPLATES[type].layout;
    return [
      `spec §9: ${type} grid, 1 mobile column, 3 desktop columns`,
      { layout_style, mobile_columns, desktop_columns },
      { layout_style: 'grid', mobile_columns: 1, desktop_columns: 3 },
    ];
  }),
  // the spec §9 samples state the program, so they are bound to it: the default referral offer
  // ($5 off for the friend, 5% off for the referrer) and order rule (1 point per $1) fill them
  ['spec §9: referral gives a $5 off coupon (referee)', SECTION_TEMPLATES.referral.content.visitor.refereeReward?.title, '{friend_reward}'],
  ['spec §9: referral gets a 5% off coupon (referrer)', SECTION_TEMPLATES.referral.content.visitor.referrerReward?.title, '{referral_reward}'],
  ["spec §9: timeline milestones: the program's own (its rewards and tiers)", SECTION_TEMPLATES.timeline.content.member.events, undefined],
  ['spec §9: sticky bar "earn 1 point per $1 spent"', DEFAULT_STICKY_BAR.bar.text.toLowerCase(), 'earn {earn_rate}'],
];

describe('spec §9 constants are the presets’ values', () => {
  it.each(SPEC_9)('%s', (_rule, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});

describe("the sticky bar drawer's join link", () => {
  it("leads to the store's sign-up page, as the landing and widget defaults do", () => {
    expect(DEFAULT_STICKY_BAR.drawer.sign_up_url).toBe(STORE_LINKS.signUp);
    expect(DEMO_DOCUMENTS.sticky_bar.drawer.sign_up_url).toBe(STORE_LINKS.signUp);
  });

  it('falls back to the same page for documents saved without one (the schema default)', () => {
    expect(DEFAULT_DRAWER_SIGN_UP_URL).toBe(STORE_LINKS.signUp);
  });
});

describe('themes', () => {
  it.each(THEMES)('%s has valid tokens', (name) => {
    expect(themeTokensSchema.safeParse(THEME_TOKENS[name]).success).toBe(true);
  });

  const pairs = THEMES.flatMap((name) => THEME_CONTRAST_PAIRS.map(([fg, bg]) => [name, fg, bg] as const));
  it.each(pairs)('%s: %s on %s reaches 4.5:1', (name, fg, bg) => {
    const tokens = THEME_TOKENS[name];
    expect(contrastRatio(tokens[fg], tokens[bg])).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});

describe('preset text/background pairs reach 4.5:1 (the builder refuses to publish below)', () => {
  it.each(documents)('%s has no readability issue', (_name, doc) => {
    expect(readabilityIssues(doc, THEME_TOKENS)).toEqual([]);
  });

  it.each([DEFAULT_DOCUMENTS.landing_page, DEMO_DOCUMENTS.landing_page].map((p) => [p.global.text_color, p.global.secondary_color]))(
    'palette text %s is readable on the secondary colour %s',
    (text, secondary) => {
      expect(contrastRatio(text, secondary)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    },
  );

  it('#ffffff on #0060E7 (the spec widget default) is about 5.5:1', () => {
    expect(contrastRatio('#ffffff', '#0060E7')).toBeCloseTo(5.49, 1);
  });
});

describe('section templates', () => {
  it.each(SECTION_TYPES)('%s only sets the fields SECTION_FIELDS lists for it', (type) => {
    const template = SECTION_TEMPLATES[type];
    const fields = SECTION_FIELDS[type];
    for (const audience of ['member', 'visitor'] as const) {
      for (const key of Object.keys(template.content[audience])) expect(fields.content).toContain(key);
    }
    for (const key of Object.keys(template.layout)) expect(fields.layout).toContain(key);
    for (const key of Object.keys(template.style)) expect(fields.style).toContain(key);
  });

  it('sectionFromTemplate returns a deep copy', () => {
    const section: Section = sectionFromTemplate('how_it_works', 'how-it-works-2');
    section.content.member.steps?.pop();
    section.layout.padding = 1;
    expect(SECTION_TEMPLATES.how_it_works.content.member.steps).toHaveLength(3);
    expect(SECTION_TEMPLATES.how_it_works.layout.padding).toBe(48);
  });

  it("ways to earn and to redeem carry no sample methods: they draw the store's real rules", () => {
    for (const type of ['ways_to_earn', 'ways_to_redeem', 'reward_list'] as const) {
      const { member, visitor } = SECTION_TEMPLATES[type].content;
      expect([member.earningMethods, member.redeemMethods, visitor.earningMethods, visitor.redeemMethods]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
    }
    for (const section of DEMO_DOCUMENTS.landing_page.sections) {
      expect(section.content.member.earningMethods ?? section.content.member.redeemMethods).toBeUndefined();
    }
  });

  it('the demo landing page has all nine section types, each with member and visitor titles', () => {
    const sections = DEMO_DOCUMENTS.landing_page.sections;
    expect(new Set(sections.map((s) => s.type))).toEqual(new Set(SECTION_TYPES));
    for (const section of sections) {
      expect(section.content.member.title, section.id).toBeTruthy();
      expect(section.content.visitor.title, section.id).toBeTruthy();
    }
  });
});

describe('landing page anchors', () => {
  it.each([DEFAULT_DOCUMENTS.landing_page, DEMO_DOCUMENTS.landing_page].map((page, i) => [i ? 'demo' : 'default', page] as const))(
    'every #link of the %s landing page points at one of its sections',
    (_name, page) => {
      const ids = new Set(page.sections.map((s) => s.id));
      const anchors = [...JSON.stringify(page).matchAll(/"url":"#([^"]+)"/g)].map((m) => m[1]!);
      expect(anchors.length).toBeGreaterThan(0);
      for (const anchor of anchors) expect(ids, anchor).toContain(anchor);
    },
  );
});

describe('icons and placeholders', () => {
  it('icon ids are unique, valid icon references and have a path', () => {
    expect(new Set(ICONS.map((i) => i.id)).size).toBe(ICONS.length);
    for (const icon of ICONS) {
      expect(iconSchema.safeParse(icon.id).success, icon.id).toBe(true);
      expect(icon.path).toMatch(/^M[\d\s.,MLHVCSQTAZmlhvcsqtaz-]+$/);
    }
  });

  it('every library icon used by a preset exists', () => {
    const ids = new Set<string>(ICONS.map((i) => i.id));
    const used = JSON.stringify(documents.map(([, doc]) => doc)).matchAll(/"icon":"([a-z-]+)"/g);
    for (const [, id] of used) expect(ids, id).toContain(id);
    expect(launcherSchema.parse(DEFAULT_LAUNCHER).desktop.icon).toBe('gift');
  });

  it('preset texts only use known placeholders', () => {
    // emails (documents and starter templates) write {{placeholder}} and each email has its own list,
    // checked by the server (server/modules/emails/preset-placeholders.test.ts)
    const onsite = documents.filter(([, doc]) => doc.kind !== 'email_document' && doc.kind !== 'email_template');
    const texts = JSON.stringify(onsite.map(([, doc]) => doc)).match(/\{[a-z_]+\}/g) ?? [];
    expect(texts.length).toBeGreaterThan(0);
    expect(unknownPlaceholders(texts.join(' '))).toEqual([]);
  });
});
