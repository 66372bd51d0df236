/**
 * A surface's custom style (the `custom_style` document, one entry per surface) → custom
 * properties on the surface root, which the stylesheet reads with the theme's values as fallback.
 * Every value is checked again here (the embed reads the payload without zod): a font is one of
 * the known stacks, numbers are whole and in range, colours are colour syntax only. A colour pair
 * (accent + its text, surface + its text, link on the surface) that would fall below 4.5:1 —
 * counting the theme's value for the half the style leaves alone — is not applied, so a custom
 * style never makes text unreadable.
 */
import { contrastRatio, FONT_STACKS, MIN_TEXT_CONTRAST, type CustomWidgetStyle, type ThemeTokens } from '../contract/index.ts';
import { safeColor } from '../format/safe.ts';

/** What the style's colours are checked against: the theme's (or the surface's own) colours. */
export type StyleBase = Partial<Pick<ThemeTokens, 'accent' | 'accent_text' | 'surface' | 'surface_text'>>;

/** The shadows a custom style may choose (`--ls-shadow`). */
export const SHADOW_VALUES = { none: 'none', soft: '0 2px 8px rgba(0,0,0,.12)', strong: '0 12px 40px rgba(0,0,0,.45)' } as const;

const wholeIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

const readable = (foreground: string | undefined, background: string | undefined) =>
  !foreground || !background || (contrastRatio(foreground, background) ?? 0) >= MIN_TEXT_CONTRAST;

type Properties = Record<string, string>;

/** Sets a background/text pair where the style sets either half and the resulting pair stays readable. */
function setPair(props: Properties, names: [string, string], colours: [unknown, unknown], base: [string | undefined, string | undefined]): void {
  const background = safeColor(colours[0] as string);
  const text = safeColor(colours[1] as string);
  if ((!background && !text) || !readable(text ?? base[1], background ?? base[0])) return;
  if (background) props[names[0]] = background;
  if (text) props[names[1]] = text;
}

/** The custom properties of one surface's custom style; `{}` when it has none. */
export function customStyleProperties(style: CustomWidgetStyle | undefined, base: StyleBase = {}): Properties {
  const props: Properties = {};
  if (!style) return props;
  const { font_family: font, font_scale: scale, border_radius: radius, button_radius: buttonRadius, shadow } = style;
  if (font && Object.hasOwn(FONT_STACKS, font)) props['--ls-font-family'] = FONT_STACKS[font];
  if (wholeIn(scale, 80, 150)) props['--ls-font-scale'] = String(scale / 100);
  if (wholeIn(radius, 0, 32)) props['--ls-radius'] = `${radius}px`;
  if (wholeIn(buttonRadius, 0, 32)) props['--ls-btn-radius'] = `${buttonRadius}px`;
  if (shadow && Object.hasOwn(SHADOW_VALUES, shadow)) props['--ls-shadow'] = SHADOW_VALUES[shadow];
  const border = safeColor(style.border_color);
  if (border) props['--ls-border'] = border;
  setPair(props, ['--ls-accent', '--ls-accent-text'], [style.accent_color, style.accent_text_color], [base.accent, base.accent_text]);
  setPair(props, ['--ls-surface', '--ls-surface-text'], [style.surface_color, style.surface_text_color], [base.surface, base.surface_text]);
  const link = safeColor(style.link_color);
  if (link && readable(link, props['--ls-surface'] ?? base.surface)) props['--ls-link'] = link;
  return props;
}

/**
 * A surface painted in its own two colours (the widget's header and buttons, the launcher) takes
 * the custom accent pair into those: `names` are its background and text properties.
 */
export function withOwnColours(props: Properties, names: [string, string]): Properties {
  const own: Properties = { ...props };
  if (props['--ls-accent']) own[names[0]] = props['--ls-accent'];
  if (props['--ls-accent-text']) own[names[1]] = props['--ls-accent-text'];
  return own;
}
