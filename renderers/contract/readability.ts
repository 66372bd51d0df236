/**
 * Text/background pairs of a document that fall below the publishing contrast (4.5:1). The
 * builder refuses to publish while this list is not empty and points each issue at the field
 * to change. The pairs follow how the renderers paint: a section's text and background fall
 * back to the palette and theme; a `highlighted` section sits on the primary colour with the
 * theme's accent text.
 */
import { MIN_TEXT_CONTRAST, contrastRatio } from './colour.ts';
import type { CustomWidgetStyle } from './custom-style.ts';
import type { SettingsDocument } from './documents.ts';
import type { LandingPage } from './landing.ts';
import type { ThemeName, ThemeTokens } from './theme.ts';

export interface ReadabilityIssue {
  /** dotted path of the field to change */
  path: string;
  foreground: string;
  background: string;
  ratio: number;
  message: string;
}

type Pair = { path: string; foreground: string; background: string };

const readabilityMessage = (ratio: number) => `Text is hard to read on this background (${ratio.toFixed(1)}:1); it needs at least ${MIN_TEXT_CONTRAST}:1`;

function landingPairs(page: LandingPage, tokens: ThemeTokens): Pair[] {
  const { text_color, primary_color } = page.global;
  const pairs: Pair[] = [
    { path: 'global.text_color', foreground: text_color, background: tokens.background },
    { path: 'global.primary_color', foreground: tokens.accent_text, background: primary_color },
  ];
  page.sections.forEach((section, index) => {
    if (!section.visible) return;
    const { font_color, background_color } = section.style;
    if (font_color === undefined && background_color === undefined) return; // covered by the global pairs
    const highlighted = section.layout.style === 'highlighted';
    const foreground = font_color ?? (highlighted ? tokens.accent_text : text_color);
    const background = background_color ?? (highlighted ? primary_color : tokens.background);
    const field = font_color !== undefined ? 'font_color' : 'background_color';
    pairs.push({ path: `sections.${index}.style.${field}`, foreground, background });
  });
  return pairs;
}

/** The pairs a custom style sets both colours of (a colour left to the theme is checked by the theme). */
function customStylePairs(prefix: string, style: CustomWidgetStyle): Pair[] {
  const candidates: [string, string | undefined, string | undefined][] = [
    ['accent_text_color', style.accent_text_color, style.accent_color],
    ['surface_text_color', style.surface_text_color, style.surface_color],
    ['link_color', style.link_color, style.surface_color],
  ];
  return candidates.flatMap(([field, foreground, background]) => (foreground && background ? [{ path: `${prefix}.${field}`, foreground, background }] : []));
}

function documentPairs(doc: SettingsDocument, themes: Record<ThemeName, ThemeTokens>): Pair[] {
  switch (doc.kind) {
    case 'landing_page':
      return landingPairs(doc, themes[doc.theme]);
    case 'widget':
    case 'product_page':
      return [{ path: 'text_color', foreground: doc.text_color, background: doc.background_color }];
    case 'launcher':
      return (['desktop', 'mobile'] as const).map((device) => ({
        path: `${device}.text_color`,
        foreground: doc[device].text_color,
        background: doc[device].background_color,
      }));
    case 'custom_style':
      return Object.entries(doc.styles).flatMap(([surface, style]) => (style ? customStylePairs(`styles.${surface}`, style) : []));
    default:
      return [];
  }
}

/** Every pair of `doc` below 4.5:1, given the four themes' tokens (from presets). */
export function readabilityIssues(doc: SettingsDocument, themes: Record<ThemeName, ThemeTokens>): ReadabilityIssue[] {
  return documentPairs(doc, themes).flatMap((pair) => {
    const ratio = contrastRatio(pair.foreground, pair.background);
    if (ratio === null || ratio >= MIN_TEXT_CONTRAST) return [];
    return [{ ...pair, ratio, message: readabilityMessage(ratio) }];
  });
}
