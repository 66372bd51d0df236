/**
 * Property tests of the settings contract (renderers/contract) with fast-check: arbitrary valid
 * documents of every kind validate and survive a JSON round trip; arbitrary strings in colour
 * and URL fields are either safe syntax or refused with a message at their path.
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BAR_PLACEMENTS,
  CARD_SHAPES,
  CARD_STYLES,
  CUSTOM_STYLE_SCHEMA_VERSION,
  FONT_STACKS,
  ICON_TYPES,
  IMAGE_PLACEMENTS,
  LAUNCHER_PLACEMENTS,
  LAUNCHER_SHAPES,
  LAUNCHER_TYPES,
  LAYOUT_STYLES,
  MESSAGES,
  PANEL_AUDIENCES,
  PANEL_KEYS,
  PRODUCT_PAGE_PLACEMENTS,
  PROGRAM_TYPES,
  SECTION_FIELDS,
  SECTION_STYLES,
  SECTION_TYPES,
  SHADOWS,
  STYLED_SURFACES,
  TEXT_ALIGNS,
  THEMES,
  TIER_SPACINGS,
  WIDGET_TYPES,
  documentSchemas,
  isSafeUrl,
  isColourSyntax,
  parseColour,
  validateDocument,
  type SettingsDocument,
} from '../renderers/contract/index.ts';
import { DEFAULT_LANDING_PAGE, DEFAULT_LAUNCHER, ICONS } from './index.ts';

const byte = fc.integer({ min: 0, max: 255 });
const percent = fc.integer({ min: 0, max: 100 });
const alpha = fc.oneof(
  fc.constantFrom('0', '1', '.5', '0.25'),
  percent.map((p) => `${p}%`),
);

const colour = fc.oneof(
  fc.stringMatching(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/),
  fc.tuple(byte, byte, byte).map(([r, g, b]) => `rgb(${r}, ${g}, ${b})`),
  fc.tuple(byte, byte, byte, alpha).map(([r, g, b, a]) => `rgba(${r},${g},${b},${a})`),
  fc.tuple(byte, byte, byte, alpha).map(([r, g, b, a]) => `rgb(${r} ${g} ${b} / ${a})`),
  fc.tuple(fc.integer({ min: 0, max: 360 }), percent, percent).map(([h, s, l]) => `hsl(${h}, ${s}%, ${l}%)`),
  fc.tuple(fc.integer({ min: 0, max: 360 }), percent, percent, alpha).map(([h, s, l, a]) => `hsla(${h}deg ${s}% ${l}% / ${a})`),
);

const url = fc.oneof(
  fc.constant(''),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.stringMatching(/^\/(?:[a-z0-9_-][a-z0-9/_.-]{0,30})?$/),
  fc.stringMatching(/^#[a-z0-9-]{1,20}$/),
);
const text = (max: number) => fc.string({ maxLength: Math.min(max, 60) });
const id = fc.stringMatching(/^[A-Za-z0-9_-]{1,16}$/);
const icon = fc.constantFrom('', ...ICONS.map((i) => i.id));
const int = (min: number, max: number) => fc.integer({ min, max });
const oneOf = <T extends string>(values: readonly T[]) => fc.constantFrom(...values);
const optional = <T extends Record<string, fc.Arbitrary<unknown>>>(shape: T) => fc.record(shape, { requiredKeys: [] });
const list = <T>(item: fc.Arbitrary<T>, max = 3) => fc.array(item, { maxLength: max });

const button = fc.record({ label: text(60), url });
const method = fc.record({ id, title: text(160), description: text(240), points: int(0, 1_000_000), icon });
const referralReward = fc.record({ title: text(160), description: text(240) });

const content = optional({
  title: text(160),
  paragraph: text(1000),
  sub_heading: text(240),
  primary_button: button,
  secondary_button: button,
  sign_in_url: url,
  sign_up_url: url,
  steps: list(fc.record({ heading: text(160), paragraph: text(1000), imageUrl: url })),
  earningMethods: list(method),
  redeemMethods: list(method),
  loyalty_tiers: list(fc.record({ id, name: text(60), threshold: int(0, 100_000_000), perks: list(text(240)), rewards: list(text(240)) })),
  referrerReward: referralReward,
  refereeReward: referralReward,
  events: list(fc.record({ date: text(60), title: text(160), description: text(240), icon })),
});

const style = optional({ font_size: int(10, 96), font_color: colour, background_color: colour, border_color: colour });

const layout = optional({
  text_align: oneOf(TEXT_ALIGNS),
  padding: int(0, 160),
  style: oneOf(SECTION_STYLES),
  mobile_columns: int(1, 2),
  desktop_columns: int(1, 4),
  card_shape: oneOf(CARD_SHAPES),
  show_numbers: fc.boolean(),
  show_connectors: fc.boolean(),
  layout_style: oneOf(LAYOUT_STYLES),
  card_style: oneOf(CARD_STYLES),
  tier_spacing: oneOf(TIER_SPACINGS),
  tier_alignment: oneOf(TEXT_ALIGNS),
  progress_line: fc.boolean(),
  auto_expand_rewards: fc.boolean(),
  auto_expand_perks: fc.boolean(),
  desktop_image_placement: oneOf(IMAGE_PLACEMENTS),
  mobile_image_placement: oneOf(IMAGE_PLACEMENTS),
});

/** Only the settings of the section's type (SECTION_FIELDS): a section carrying another type's is refused. */
const only = <T extends object>(value: T, fields: readonly string[]) =>
  Object.fromEntries(Object.entries(value).filter(([field]) => fields.includes(field))) as Partial<T>;
const section = fc
  .record({
    id,
    type: oneOf(SECTION_TYPES),
    visible: fc.boolean(),
    content: fc.record({ member: content, visitor: content }),
    style,
    layout,
  })
  .map((drawn) => {
    const fields = SECTION_FIELDS[drawn.type];
    return {
      ...drawn,
      content: { member: only(drawn.content.member, fields.content), visitor: only(drawn.content.visitor, fields.content) },
      style: only(drawn.style, fields.style),
      layout: only(drawn.layout, fields.layout),
    };
  });

const envelope = <K extends string>(kind: K, version = 1) => ({ kind: fc.constant(kind), schemaVersion: fc.constant(version) });

const landingPage = fc.record({
  ...envelope('landing_page'),
  theme: oneOf(THEMES),
  global: fc.record({ primary_color: colour, secondary_color: colour, text_color: colour }),
  sections: fc.uniqueArray(section, { selector: (s) => s.id, maxLength: 5 }),
});

const panelTexts = fc.record(
  {
    title: text(160),
    body: text(1000),
    primary_button_label: text(60),
    primary_button_url: url,
    secondary_button_label: text(60),
    secondary_button_url: url,
    input_placeholder: text(60),
  },
  { requiredKeys: ['title', 'body'] },
);
const panels = fc.record(
  Object.fromEntries(
    PANEL_KEYS.map((key) => [key, fc.record({ visible: fc.boolean(), ...Object.fromEntries(PANEL_AUDIENCES[key].map((a) => [a, panelTexts])) })]),
  ),
);
const widget = fc.record({
  ...envelope('widget'),
  widget_type: oneOf(WIDGET_TYPES),
  program_type: oneOf(PROGRAM_TYPES),
  selected_widget_type: fc.option(oneOf(WIDGET_TYPES), { nil: null }),
  theme_type: oneOf(THEMES),
  text_color: colour,
  background_color: colour,
  panels,
});

const launcherSettings = fc.record({
  zoom: int(50, 200),
  launcher_type: oneOf(LAUNCHER_TYPES),
  padding_bottom: int(0, 200),
  padding_side: int(0, 200),
  launcher_title: text(60),
  background_color: colour,
  text_color: colour,
  icon,
  icon_type: oneOf(ICON_TYPES),
  placement: oneOf(LAUNCHER_PLACEMENTS),
  shape: oneOf(LAUNCHER_SHAPES),
  z_index: int(0, 2_147_483_647),
});
const launcher = fc.record({ ...envelope('launcher'), mobile: launcherSettings, desktop: launcherSettings });

const drawerTexts = fc.record({ primary_text: text(160), secondary_text: text(240) });
const stickyBar = fc.record({
  ...envelope('sticky_bar'),
  bar: fc.record({ placement: oneOf(BAR_PLACEMENTS), height: int(32, 120), theme: oneOf(THEMES), text: text(160) }),
  drawer: fc.record({ logged_out: drawerTexts, logged_in: drawerTexts }),
});

const productPage = fc.record({
  ...envelope('product_page'),
  show_points: fc.boolean(),
  member_text: text(160),
  visitor_text: text(160),
  placement: oneOf(PRODUCT_PAGE_PLACEMENTS),
  text_color: colour,
  background_color: colour,
  font_size: int(10, 32),
  icon,
});

const customWidgetStyle = optional({
  font_family: oneOf(Object.keys(FONT_STACKS) as (keyof typeof FONT_STACKS)[]),
  font_scale: int(80, 150),
  border_radius: int(0, 32),
  button_radius: int(0, 32),
  shadow: oneOf(SHADOWS),
  accent_color: colour,
  accent_text_color: colour,
  link_color: colour,
  surface_color: colour,
  surface_text_color: colour,
  border_color: colour,
});

const customStyle = fc.record({
  ...envelope('custom_style', CUSTOM_STYLE_SCHEMA_VERSION),
  styles: optional(Object.fromEntries(STYLED_SURFACES.map((surface) => [surface, customWidgetStyle]))),
});

const emailTemplate = fc.record({
  ...envelope('email_template'),
  content: fc.string({ maxLength: 200 }),
  // through JSON as the server stores it (fast-check's JSON values may hold -0, which JSON writes as 0)
  json_content: fc
    .dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 })
    .map((v) => JSON.parse(JSON.stringify(v)) as Record<string, unknown>),
});

const plainText = (max: number) => fc.string({ maxLength: max });
const emailDocument = fc.record({
  ...envelope('email_document'),
  subject: plainText(200).filter((value) => value.length > 0),
  preheader: plainText(200),
  style: fc.record({ background: colour, content_background: colour, accent: colour, text_color: colour }),
  blocks: fc.array(
    fc.oneof(
      fc.record({
        id: fc.constantFrom('a', 'b-1', 'c_2'),
        type: fc.constant('heading'),
        text: plainText(200),
        align: fc.constantFrom('left', 'center', 'right'),
      }),
      fc.record({ id: fc.constantFrom('t', 't2'), type: fc.constant('text'), text: plainText(400), align: fc.constantFrom('left', 'center', 'right') }),
      fc.record({
        id: fc.constant('btn'),
        type: fc.constant('button'),
        label: plainText(60),
        url: fc.constantFrom('', 'https://shop.example/rewards', '{{referral_link}}', 'mailto:help@shop.example'),
        align: fc.constantFrom('left', 'center', 'right'),
      }),
      fc.record({ id: fc.constant('d'), type: fc.constant('divider'), color: colour }),
      fc.record({
        id: fc.constant('f'),
        type: fc.constant('footer'),
        address: plainText(300),
        unsubscribe_label: plainText(60).filter((value) => value.length > 0),
      }),
    ),
    { maxLength: 8 },
  ),
});

const documents: Record<SettingsDocument['kind'], fc.Arbitrary<unknown>> = {
  landing_page: landingPage,
  widget,
  launcher,
  sticky_bar: stickyBar,
  product_page: productPage,
  custom_style: customStyle,
  email_template: emailTemplate,
  email_document: emailDocument,
};

describe('arbitrary valid documents', () => {
  it.each(Object.entries(documents))('%s: validates and round-trips through JSON', (kind, arbitrary) => {
    fc.assert(
      fc.property(arbitrary, (doc) => {
        const first = validateDocument(kind as SettingsDocument['kind'], doc);
        expect(first.ok ? 'valid' : first.errors).toBe('valid');
        const again = documentSchemas[kind as SettingsDocument['kind']].parse(JSON.parse(JSON.stringify(first.ok && first.value)));
        expect(again).toEqual(first.ok && first.value);
      }),
      { numRuns: 150 },
    );
  });
});

/** Strings a hostile or careless merchant might type: random text, near-colours, injections. */
const colourLike = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.tuple(colour, fc.string({ maxLength: 12 })).map(([c, tail]) => c + tail),
  fc.tuple(fc.string({ maxLength: 6 }), colour).map(([head, c]) => head + c),
  fc
    .tuple(fc.constantFrom('rgb', 'rgba', 'hsl', 'hsla'), fc.array(fc.integer({ min: -500, max: 500 }), { minLength: 1, maxLength: 5 }))
    .map(([f, args]) => `${f}(${args.join(', ')})`),
  fc.constantFrom('red;} body{display:none', '#fff;background:url(//evil)', 'url(javascript:alert(1))', 'expression(alert(1))', '#fff}', '</style><script>'),
  colour,
);

describe('colour fields take colour syntax or give a path message', () => {
  it('any string in a launcher colour', () => {
    fc.assert(
      fc.property(colourLike, (value) => {
        const doc = { ...DEFAULT_LAUNCHER, desktop: { ...DEFAULT_LAUNCHER.desktop, background_color: value } };
        const result = validateDocument('launcher', doc);
        expect(result.ok).toBe(parseColour(value) !== null);
        if (result.ok) expect(value).toMatch(/^\s*[#a-z0-9(),.%/\s-]+$/i);
        else expect(result.errors).toEqual({ 'desktop.background_color': MESSAGES.colour });
      }),
      { numRuns: 1000 },
    );
  });

  it('the render-time guard (isColourSyntax) lets every schema colour through and nothing that leaves a declaration', () => {
    fc.assert(
      fc.property(colourLike, (value) => {
        if (parseColour(value) !== null) expect(isColourSyntax(value)).toBe(true);
        if (isColourSyntax(value)) expect(value).toMatch(/^\s*(#[0-9a-f]+|(rgb|hsl)a?\([\d\s.,%/+deg-]*\))\s*$/i);
      }),
      { numRuns: 2000 },
    );
  });

  it('any string in a section colour', () => {
    fc.assert(
      fc.property(colourLike, fc.nat({ max: 8 }), (value, index) => {
        const sections = DEFAULT_LANDING_PAGE.sections.map((s, i) => (i === index ? { ...s, style: { ...s.style, border_color: value } } : s));
        const result = validateDocument('landing_page', { ...DEFAULT_LANDING_PAGE, sections });
        if (result.ok) expect(parseColour(value)).not.toBeNull();
        else expect(result.errors).toEqual({ [`sections.${index}.style.border_color`]: MESSAGES.colour });
      }),
      { numRuns: 500 },
    );
  });
});

const urlLike = fc.oneof(
  fc.string({ maxLength: 40 }),
  url,
  fc
    .tuple(
      fc.constantFrom('javascript:', 'JAVASCRIPT:', 'data:', 'vbscript:', '//', '/\\', '\\\\', ' ', 'java\tscript:', 'http:/', 'https:'),
      fc.string({ maxLength: 20 }),
    )
    .map(([a, b]) => a + b),
);

describe('URL fields take safe links or give a path message', () => {
  it('any string in a button URL', () => {
    fc.assert(
      fc.property(urlLike, (value) => {
        const sections = DEFAULT_LANDING_PAGE.sections.map((s, i) =>
          i === 0 ? { ...s, content: { ...s.content, visitor: { ...s.content.visitor, primary_button: { label: 'Join', url: value } } } } : s,
        );
        const result = validateDocument('landing_page', { ...DEFAULT_LANDING_PAGE, sections });
        expect(result.ok).toBe(isSafeUrl(value));
        if (result.ok) {
          expect(value).not.toMatch(/^(?:javascript|data|vbscript):|^\/\/|[\s\\<>"`]/i);
          expect(value === '' || /^(?:https?:\/\/[^/?#]|\/|[?#])/i.test(value)).toBe(true);
        } else {
          expect(result.errors).toEqual({ 'sections.0.content.visitor.primary_button.url': MESSAGES.url });
        }
      }),
      { numRuns: 1000 },
    );
  });
});
