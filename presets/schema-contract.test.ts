/**
 * Tests of the settings contract (renderers/contract). They live in presets/ because
 * renderers/contract may import only zod (scripts/check-boundaries.ts applies that to test files
 * too); they use the presets as realistic documents.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CURRENT_SCHEMA_VERSION,
  CUSTOM_STYLE_SCHEMA_VERSION,
  currentSchemaVersion,
  withSurfaceStyle,
  type DocumentKind,
  DocumentMigrationError,
  MESSAGES,
  MIGRATIONS,
  PANEL_AUDIENCES,
  PANEL_KEYS,
  PLACEHOLDERS,
  SECTION_FIELDS,
  RETIRED_CONTENT_FIELDS,
  SECTION_FIELD_META,
  SECTION_LABELS,
  SECTION_TYPES,
  contrastRatio,
  documentSchemas,
  fillPlaceholders,
  formatZodError,
  friendlyErrorMap,
  isSafeUrl,
  migrate,
  panelsSchema,
  parseColour,
  safeMigrate,
  sectionContentSchema,
  sectionLayoutSchema,
  sectionStyleSchema,
  settingsDocumentSchema,
  unknownPlaceholders,
  validateDocument,
  type LandingPage,
  type SettingsDocument,
} from '../renderers/contract/index.ts';
import { DEFAULT_CUSTOM_STYLE, DEFAULT_DOCUMENTS, DEFAULT_LANDING_PAGE, DEFAULT_LAUNCHER, DEFAULT_WIDGET, DEMO_DOCUMENTS } from './index.ts';

/** A document as raw JSON, edited in place to make it invalid. */
// oxlint-disable-next-line typescript/no-explicit-any -- the tests poke at arbitrary paths of raw JSON
type RawDoc = any;

const fixtures = join(import.meta.dirname, '..', 'tests', 'fixtures', 'schema');
const fixture = (name: string): unknown => JSON.parse(readFileSync(join(fixtures, name), 'utf8'));
const clone = <T>(value: T): T => structuredClone(value);
const allDocuments: SettingsDocument[] = [...Object.values(DEFAULT_DOCUMENTS), ...Object.values(DEMO_DOCUMENTS)];

/** The default landing page with one change made by `edit`. */
function landingWith(edit: (page: RawDoc) => void): unknown {
  const page = clone(DEFAULT_LANDING_PAGE) as unknown as RawDoc;
  edit(page);
  return page;
}

function errorsOf(kind: keyof typeof documentSchemas, input: unknown): Record<string, string> {
  const result = validateDocument(kind, input);
  if (result.ok) throw new Error('expected the document to be refused');
  return result.errors;
}

describe('round trip', () => {
  it.each(allDocuments.map((doc) => [doc.kind, doc] as const))('%s: parse → JSON → parse is equal', (kind, doc) => {
    const first = documentSchemas[kind].parse(doc);
    const second = documentSchemas[kind].parse(JSON.parse(JSON.stringify(first)));
    expect(second).toEqual(first);
    expect(settingsDocumentSchema.parse(doc)).toEqual(first);
  });

  it('a current document passes migrate unchanged', () => {
    for (const doc of allDocuments) expect(migrate(JSON.parse(JSON.stringify(doc)))).toEqual(doc);
  });
});

describe('migration from schema 0', () => {
  it('landing page: sections become an ordered list with member/visitor content', () => {
    const page = migrate(fixture('landing-page.v0.json'), 'landing_page');
    expect(page.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect(page.kind).toBe('landing_page');
    expect(page).not.toHaveProperty('version');
    expect(page.sections.map((s) => [s.id, s.type])).toEqual([
      ['banner', 'banner'],
      ['how_it_works', 'how_it_works'],
      ['ways_to_earn', 'ways_to_earn'],
      ['referral', 'referral'],
    ]);
    const [banner, howItWorks, earn, referral] = page.sections;
    expect(banner!.content.member.primary_button).toEqual({ label: 'Redeem points', url: '#ways-to-redeem' });
    expect(banner!.content.visitor.secondary_button).toEqual({ label: 'Sign in', url: '/account/login' });
    expect(banner!.content.visitor).not.toHaveProperty('primary_button_text');
    expect(banner!.style).toEqual({ font_color: '#ffffff', background_color: '#047b5d' });
    expect(howItWorks!.visible).toBe(false);
    expect(howItWorks!.layout).toEqual({ show_numbers: true, desktop_image_placement: 'top', mobile_image_placement: 'left' });
    expect(earn!.layout).toEqual({ layout_style: 'grid', mobile_columns: 1, desktop_columns: 3 });
    expect(earn!.content.member.earningMethods).toHaveLength(1);
    expect(referral!.content.member.refereeReward?.title).toBe('$5 off coupon');
  });

  it('safeMigrate tells which version the document came from', () => {
    expect(safeMigrate(fixture('launcher.v0.json'), 'launcher')).toMatchObject({ ok: true, fromVersion: 0 });
    expect(safeMigrate(DEFAULT_LAUNCHER, 'launcher')).toEqual({ ok: true, fromVersion: 1, value: DEFAULT_LAUNCHER });
  });

  it('launcher: one settings object per device, padding split, position becomes placement', () => {
    const launcher = migrate(fixture('launcher.v0.json'), 'launcher');
    expect(launcher.desktop).toMatchObject({ placement: 'right', padding_bottom: 20, padding_side: 20, launcher_type: 'icon_text' });
    expect(launcher.mobile).toMatchObject({ placement: 'right', padding_bottom: 0, padding_side: 0, launcher_type: 'icon' });
    expect(launcher.mobile.launcher_title).toBe('Get Rewarded');
  });

  it('sticky bar (stored fixture): only the envelope changes', () => {
    const { version: _version, type: _type, ...body } = fixture('sticky-bar.v0.json') as Record<string, unknown>;
    expect(migrate(fixture('sticky-bar.v0.json'), 'sticky_bar')).toEqual({ kind: 'sticky_bar', schemaVersion: 1, ...body });
  });

  it('other kinds: the v0 envelope (version, type) becomes (schemaVersion, kind)', () => {
    const { kind: _kind, schemaVersion: _version, ...body } = DEFAULT_WIDGET;
    expect(migrate({ version: 0, type: 'widget', ...body })).toEqual(DEFAULT_WIDGET);
  });

  it('a v0 document that does not upgrade to a valid one is refused with paths', () => {
    const v0 = fixture('landing-page.v0.json') as RawDoc;
    v0.sections.banner.logged_in.primary_button_url = 'javascript:alert(1)';
    const result = safeMigrate(v0);
    expect(result).toMatchObject({ ok: false, message: 'This landing_page document is not valid (upgraded from schema 0)' });
    expect(!result.ok && result.errors['sections.0.content.member.primary_button.url']).toBe(MESSAGES.url);
  });
});

describe('saved documents stay loadable', () => {
  const saved = fixture('documents.v1.json') as unknown[];
  const stillAtSchema1 = saved.filter((doc) => currentSchemaVersion((doc as { kind: DocumentKind }).kind) === 1);
  it.each(stillAtSchema1.map((doc) => [(doc as { kind: string }).kind, doc]))('schema 1 %s of tests/fixtures/schema/documents.v1.json', (_kind, doc) => {
    expect(migrate(doc)).toEqual(doc);
  });

  it('the schema 1 custom style of tests/fixtures/schema/documents.v1.json loads as schema 2, its style under its surface', () => {
    const v1 = saved.find((doc) => (doc as { kind: string }).kind === 'custom_style') as RawDoc;
    expect(migrate(v1, 'custom_style')).toEqual({ kind: 'custom_style', schemaVersion: 2, styles: { [v1.widget_name]: v1.custom_widget_style } });
  });

  it('covers every kind, and every kind’s steps climb one version at a time to the current one', () => {
    expect(new Set(saved.map((doc) => (doc as { kind: string }).kind))).toEqual(new Set(Object.keys(documentSchemas)));
    for (const [kind, steps] of Object.entries(MIGRATIONS)) {
      const current = currentSchemaVersion(kind as DocumentKind);
      expect(
        steps.map((step) => step.version),
        kind,
      ).toEqual(Array.from({ length: current }, (_, i) => i + 1));
    }
    expect(currentSchemaVersion('custom_style')).toBe(CUSTOM_STYLE_SCHEMA_VERSION);
    expect(currentSchemaVersion('landing_page')).toBe(CURRENT_SCHEMA_VERSION);
  });
});

describe('custom style: schema 1 (one surface) → schema 2 (a style per surface)', () => {
  it('the stored v1 fixture: its style moves under its widget_name, the other surfaces have none', () => {
    const v1 = fixture('custom-style.v1.json') as RawDoc;
    const result = safeMigrate(v1, 'custom_style');
    expect(result).toEqual({ ok: true, fromVersion: 1, value: { kind: 'custom_style', schemaVersion: 2, styles: { launcher: v1.custom_widget_style } } });
  });

  it('a v1 document with an empty style becomes no style at all (the v1 default)', () => {
    expect(migrate({ kind: 'custom_style', schemaVersion: 1, widget_name: 'widget', custom_widget_style: {} })).toEqual(DEFAULT_CUSTOM_STYLE);
  });

  it('a v0 custom style climbs both steps', () => {
    const v0 = { version: 0, type: 'custom_style', widget_name: 'sticky_bar', custom_widget_style: { border_radius: 4 } };
    expect(migrate(v0)).toEqual({ kind: 'custom_style', schemaVersion: 2, styles: { sticky_bar: { border_radius: 4 } } });
  });

  it('a v1 document that does not upgrade to a valid one is refused with paths', () => {
    const v1 = { ...(fixture('custom-style.v1.json') as RawDoc), widget_name: 'popup' };
    const result = safeMigrate(v1, 'custom_style');
    expect(result).toMatchObject({ ok: false, message: 'This custom_style document is not valid (upgraded from schema 1)' });
    expect(!result.ok && Object.keys(result.errors)).toEqual(['styles.popup']);
  });

  it('a v2 document saved with the v1 shape is refused, not guessed', () => {
    const result = safeMigrate({ kind: 'custom_style', schemaVersion: 2, widget_name: 'widget', custom_widget_style: {} }, 'custom_style');
    expect(result.ok).toBe(false);
  });

  it('a newer custom style than schema 2 is refused with its own current version', () => {
    expect(safeMigrate({ ...DEFAULT_CUSTOM_STYLE, schemaVersion: 3 })).toMatchObject({
      ok: false,
      message: 'This document was saved by a newer version of Loyalty Studio (schema 3); this version understands up to 2.',
    });
  });

  it('withSurfaceStyle replaces one surface, keeps the others, and an empty style removes the entry', () => {
    const both = withSurfaceStyle(withSurfaceStyle(DEFAULT_CUSTOM_STYLE, 'widget', { accent_color: '#123456' }), 'launcher', { border_radius: 8 });
    expect(both.styles).toEqual({ widget: { accent_color: '#123456' }, launcher: { border_radius: 8 } });
    expect(withSurfaceStyle(both, 'widget', { shadow: 'none' }).styles).toEqual({ widget: { shadow: 'none' }, launcher: { border_radius: 8 } });
    expect(withSurfaceStyle(both, 'widget', {}).styles).toEqual({ launcher: { border_radius: 8 } });
  });
});

describe('migrate refuses what it cannot load', () => {
  it('a newer schema version, with the exact message', () => {
    const result = safeMigrate({ ...DEFAULT_LAUNCHER, schemaVersion: 7 });
    expect(result).toEqual({
      ok: false,
      message: 'This document was saved by a newer version of Loyalty Studio (schema 7); this version understands up to 1.',
      errors: { schemaVersion: 'This document was saved by a newer version of Loyalty Studio (schema 7); this version understands up to 1.' },
    });
    expect(() => migrate({ ...DEFAULT_LAUNCHER, schemaVersion: 7 })).toThrow(DocumentMigrationError);
  });

  it.each([
    [
      'no kind',
      { schemaVersion: 1 },
      'kind',
      'This document has no kind; expected one of: landing_page, widget, launcher, sticky_bar, product_page, custom_style, email_template, email_document',
    ],
    [
      'an unknown kind',
      { kind: 'popup', schemaVersion: 1 },
      'kind',
      'Unknown document kind "popup"; expected one of: landing_page, widget, launcher, sticky_bar, product_page, custom_style, email_template, email_document',
    ],
    ['no version', { kind: 'widget' }, 'schemaVersion', 'This document has no schemaVersion'],
    ['a fractional version', { kind: 'widget', schemaVersion: 0.5 }, 'schemaVersion', 'schemaVersion must be a whole number of 0 or more'],
    ['not an object', [1, 2], '_root', 'Expected a settings document (a JSON object)'],
    ['null', null, '_root', 'Expected a settings document (a JSON object)'],
  ])('%s', (_name, doc, path, message) => {
    const result = safeMigrate(doc);
    expect(result).toEqual({ ok: false, message, errors: { [path]: message } });
  });

  it('another kind than expected', () => {
    expect(() => migrate(DEFAULT_WIDGET, 'launcher')).toThrow('Expected a launcher document, got widget');
  });
});

describe('validateDocument: path → message errors', () => {
  it.each(['red;} body{background:url(x)}', 'blue', '#12345', 'rgb(300, 0, 0)', 'hsl(10, 120%, 50%)', 'expression(alert(1))', '', 'var(--x)'])(
    'refuses the colour %j at its path',
    (colour) => {
      const doc = landingWith((page) => {
        page.sections[2].style.font_color = colour;
      });
      expect(errorsOf('landing_page', doc)).toEqual({ 'sections.2.style.font_color': 'Enter a colour like #047b5d, rgb(…) or hsl(…)' });
    },
  );

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example',
    '/\\evil.example',
    'http://',
    'https://exa mple.com',
    ' https://example.com',
    'vbscript:msgbox',
    'example.com',
    '#"><script>alert(1)</script>',
    '/a`b',
  ])('refuses the URL %j at its path', (url) => {
    const doc = landingWith((page) => {
      page.sections[0].content.visitor.primary_button.url = url;
    });
    expect(errorsOf('landing_page', doc)).toEqual({ 'sections.0.content.visitor.primary_button.url': MESSAGES.url });
  });

  it.each(['https://shop.example.com/rewards?tab=earn#top', 'http://localhost:4000/x', '/account/login', '#ways-to-earn', '?ref=abc', ''])(
    'accepts the URL %j',
    (url) => {
      expect(isSafeUrl(url)).toBe(true);
      const doc = landingWith((page) => {
        page.sections[0].content.visitor.primary_button.url = url;
      });
      expect(validateDocument('landing_page', doc).ok).toBe(true);
    },
  );

  it.each([
    ['padding as text', (p: RawDoc) => (p.sections[1].layout.padding = '48'), 'sections.1.layout.padding', 'Enter a number'],
    ['fractional padding', (p: RawDoc) => (p.sections[1].layout.padding = 4.5), 'sections.1.layout.padding', 'Enter a whole number'],
    ['too many columns', (p: RawDoc) => (p.sections[3].layout.desktop_columns = 5), 'sections.3.layout.desktop_columns', 'Enter a number from 1 to 4'],
    ['visible as text', (p: RawDoc) => (p.sections[0].visible = 'yes'), 'sections.0.visible', 'Choose on or off'],
    [
      'an unknown card shape',
      (p: RawDoc) => (p.sections[3].layout.card_shape = 'blob'),
      'sections.3.layout.card_shape',
      'Choose one of: square, rounded, pill',
    ],
    ['an unknown section type', (p: RawDoc) => (p.sections[0].type = 'faq'), 'sections.0.type', `Choose one of: ${SECTION_TYPES.join(', ')}`],
    ['sections as an object', (p: RawDoc) => (p.sections = {}), 'sections', 'Expected a list'],
    ['a title that is not text', (p: RawDoc) => (p.sections[0].content.member.title = 5), 'sections.0.content.member.title', 'Enter text'],
    ['a missing palette colour', (p: RawDoc) => delete p.global.text_color, 'global.text_color', 'This field is required'],
    [
      'a too long title',
      (p: RawDoc) => (p.sections[0].content.member.title = 'x'.repeat(161)),
      'sections.0.content.member.title',
      'Keep this to 160 characters or fewer',
    ],
    ['an unknown theme', (p: RawDoc) => (p.theme = 'neon'), 'theme', 'Choose one of: light, light-mobile, light-high-contrast-experimental, dark-experimental'],
  ])('%s', (_name, edit, path, message) => {
    expect(errorsOf('landing_page', landingWith(edit))).toEqual({ [path]: message });
  });

  it.each([
    ['the document', (p: RawDoc) => (p.sectionz = []), 'sectionz'],
    ['a section', (p: RawDoc) => (p.sections[1].colour = '#fff'), 'sections.1.colour'],
    ['the content', (p: RawDoc) => (p.sections[1].content.visitor.html = '<b>'), 'sections.1.content.visitor.html'],
    ['a button', (p: RawDoc) => (p.sections[0].content.member.primary_button.on_click = 'x'), 'sections.0.content.member.primary_button.on_click'],
  ])('rejects an unknown field in %s at its own path', (_name, edit, path) => {
    const key = path.split('.').at(-1)!;
    expect(errorsOf('landing_page', landingWith(edit))).toEqual({ [path]: `"${key}" is not a known setting here; remove it` });
  });

  it('section ids must be unique', () => {
    const doc = landingWith((page) => {
      page.sections[4].id = page.sections[1].id;
    });
    expect(errorsOf('landing_page', doc)).toEqual({ 'sections.4.id': 'Section ids must be unique; "header" is used twice' });
  });

  it('the kind must match', () => {
    expect(errorsOf('widget', DEFAULT_LANDING_PAGE)).toMatchObject({ kind: 'Expected kind "widget"' });
    expect(validateDocument('nope' as 'widget', {})).toEqual({ ok: false, errors: { kind: expect.stringContaining('Unknown document kind "nope"') } });
  });

  it('an old schemaVersion points to migrate()', () => {
    expect(errorsOf('launcher', { ...DEFAULT_LAUNCHER, schemaVersion: 0 })).toEqual({
      schemaVersion: 'Expected schemaVersion 1; load older documents through migrate()',
    });
  });

  it('widget panels: a member-only panel has no visitor texts', () => {
    const doc = clone(DEFAULT_WIDGET) as unknown as RawDoc;
    doc.panels.birthday.visitor = { title: 'x', body: 'y' };
    expect(errorsOf('widget', doc)).toEqual({ 'panels.birthday.visitor': '"visitor" is not a known setting here; remove it' });
  });

  it('formatZodError keys whole-value issues under the root key and keeps the first message per path', () => {
    const result = z.strictObject({ a: z.string() }).safeParse(5, { error: friendlyErrorMap });
    expect(result.success || formatZodError(result.error)).toEqual({ _root: 'Expected a group of settings' });
    expect(result.success || formatZodError(result.error, 'body')).toEqual({ body: 'Expected a group of settings' });
  });
});

/** `fields` are distinct keys of `shape`. */
function check(fields: readonly string[], shape: Record<string, unknown>) {
  expect(new Set(fields).size).toBe(fields.length);
  for (const field of fields) expect(Object.keys(shape)).toContain(field);
}

describe('field tables', () => {
  it('SECTION_LABELS are the builder names of DESIGN.md §4', () => {
    expect(SECTION_TYPES.map((t) => SECTION_LABELS[t])).toEqual([
      'Banner',
      'Header',
      'How it works',
      'Ways to earn',
      'Ways to redeem',
      'Referral',
      'VIP tiers',
      'Timeline',
      'Reward list',
    ]);
  });

  it.each(SECTION_TYPES)('SECTION_FIELDS.%s names only real fields, without repeats', (type) => {
    const { content, style, layout } = SECTION_FIELDS[type];
    check(content, sectionContentSchema.shape);
    check(style, sectionStyleSchema.shape);
    check(layout, sectionLayoutSchema.shape);
    expect(content).toContain('title');
  });

  it('every content and layout field is used by some section type', () => {
    const used = new Set<string>([...SECTION_TYPES.flatMap((t) => [...SECTION_FIELDS[t].content, ...SECTION_FIELDS[t].layout]), ...RETIRED_CONTENT_FIELDS]);
    for (const field of [...Object.keys(sectionContentSchema.shape), ...Object.keys(sectionLayoutSchema.shape)]) expect(used, field).toContain(field);
  });

  it('SECTION_FIELD_META covers every setting, and its options and bounds are the schema’s', () => {
    const groups = [
      [SECTION_FIELD_META.content, sectionContentSchema.shape],
      [SECTION_FIELD_META.style, sectionStyleSchema.shape],
      [SECTION_FIELD_META.layout, sectionLayoutSchema.shape],
    ] as const;
    for (const [meta, shape] of groups) {
      expect(Object.keys(meta)).toEqual(Object.keys(shape));
      for (const [key, field] of Object.entries(meta)) {
        const schema = (shape as Record<string, z.ZodOptional<z.ZodType>>)[key]!.unwrap();
        if (field.control === 'select') expect((schema as z.ZodEnum).options, key).toEqual([...field.options]);
        if (field.control === 'number') {
          expect([(schema as z.ZodNumber).minValue, (schema as z.ZodNumber).maxValue], key).toEqual([field.min, field.max]);
        }
        if (field.control === 'switch') expect(schema, key).toBeInstanceOf(z.ZodBoolean);
      }
    }
    expect(SECTION_FIELD_META.style.background_color.label).toBe('Background color');
  });

  it('panels: 14 keys, each with exactly its audiences', () => {
    expect(Object.keys(panelsSchema.shape)).toEqual([...PANEL_KEYS]);
    expect(PANEL_KEYS).toHaveLength(14);
    for (const key of PANEL_KEYS) {
      const audiences = Object.keys(panelsSchema.shape[key].shape).filter((k) => k !== 'visible');
      expect(audiences, key).toEqual([...PANEL_AUDIENCES[key]]);
    }
  });
});

describe('colours, contrast and placeholders', () => {
  it.each([
    ['#047b5d', { r: 4, g: 123, b: 93, a: 1 }],
    ['#FFF', { r: 255, g: 255, b: 255, a: 1 }],
    ['#00000080', { r: 0, g: 0, b: 0, a: 128 / 255 }],
    ['rgb(4, 123, 93)', { r: 4, g: 123, b: 93, a: 1 }],
    ['rgba(4,123,93,.5)', { r: 4, g: 123, b: 93, a: 0.5 }],
    ['rgb(4 123 93 / 50%)', { r: 4, g: 123, b: 93, a: 0.5 }],
    ['hsl(0, 100%, 50%)', { r: 255, g: 0, b: 0, a: 1 }],
    ['hsla(120deg 100% 25% / 1)', { r: 0, g: 127.5, b: 0, a: 1 }],
  ])('parses %s', (text, rgba) => {
    expect(parseColour(text)).toEqual(rgba);
  });

  it('contrast ratio follows WCAG', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777', '#777')).toBeCloseTo(1, 5);
    expect(contrastRatio('#333333', '#ffffff')).toBeCloseTo(12.63, 1);
    expect(contrastRatio('not a colour', '#fff')).toBeNull();
  });

  it('placeholders: the spec list, filling and unknown ones', () => {
    // the spec §3 list, then the singular label and the placeholders bound to the program's rules
    expect(PLACEHOLDERS.slice(0, 7)).toEqual([
      'first_name',
      'loyalty_points_balance',
      'points_label',
      'customer_name',
      'points_earned',
      'referrals_earned',
      'full_name',
    ]);
    expect(PLACEHOLDERS.slice(7)).toEqual(['points_label_singular', 'earn_rate', 'signup_points', 'birthday_points', 'referral_reward', 'friend_reward']);
    expect(fillPlaceholders('Hi {first_name}, {loyalty_points_balance} {points_label} {nope}', { first_name: 'Ada', loyalty_points_balance: 120 })).toBe(
      'Hi Ada, 120 {points_label} {nope}',
    );
    expect(unknownPlaceholders('{first_name} {firstname} {full_name}')).toEqual(['firstname']);
  });

  it('the landing page type is what the schema infers', () => {
    const page: LandingPage = DEFAULT_LANDING_PAGE;
    expect(page.sections).toHaveLength(9);
  });
});

describe('a section carries the settings of its type only', () => {
  it("refuses a banner holding a timeline's events or a grid's columns, naming the setting", () => {
    const banner = DEFAULT_LANDING_PAGE.sections.find((section) => section.type === 'banner')!;
    const carrying = {
      ...DEFAULT_LANDING_PAGE,
      sections: [
        { ...banner, content: { ...banner.content, visitor: { ...banner.content.visitor, events: [] } }, layout: { ...banner.layout, desktop_columns: 3 } },
      ],
    };
    const result = validateDocument('landing_page', carrying);
    expect(result.ok ? 'valid' : result.errors).toEqual({
      'sections.0.content.visitor.events': 'A Banner section has no "events" setting',
      'sections.0.layout.desktop_columns': 'A Banner section has no "desktop_columns" setting',
    });
    expect(validateDocument('landing_page', { ...DEFAULT_LANDING_PAGE, sections: [banner] }).ok).toBe(true);
  });
});
