/**
 * The documents a store starts with, drawn in its brand colour (store settings `primary_color`)
 * instead of the product's green: the landing page's primary colour, the widget's and the
 * launcher's own colours, an accent for each shopper surface (the sticky bar has no colour of its
 * own: its accent is its custom style), and the emails' accent and buttons. The text on the brand
 * colour is white, or dark where white would fall below the readable contrast.
 */
import { STYLED_SURFACES, contrastRatio, MIN_TEXT_CONTRAST, type CustomStyle, type EmailTemplate, type SettingsDocument } from '../renderers/contract/index.ts';
import { DEFAULT_PALETTE, ON_PRIMARY } from './defaults.ts';
import { THEME_TOKENS } from './themes.ts';

/** Dark text for a light brand colour (14.7:1 on white). */
export const ON_LIGHT_BRAND = '#1f2937';

/** The surfaces whose accent follows the brand (the product page keeps its own quiet colours). */
const BRANDED_SURFACES = STYLED_SURFACES.filter((surface) => surface !== 'product_page');

const readableOn = (text: string, brand: string) => (contrastRatio(text, brand) ?? 0) >= MIN_TEXT_CONTRAST;

/** The readable text on the brand colour: white, else dark, else black (one of white and black always reaches 4.5:1). */
export function textOnBrand(brand: string): string {
  return [ON_PRIMARY, ON_LIGHT_BRAND].find((text) => readableOn(text, brand)) ?? '#000000';
}

/** Surfaces without a custom style of their own get the brand as their accent. */
function brandedStyles(doc: CustomStyle, brand: string, text: string): CustomStyle {
  const styles = { ...doc.styles };
  for (const surface of BRANDED_SURFACES) styles[surface] ??= { accent_color: brand, accent_text_color: text };
  return { ...doc, styles };
}

/** An Unlayer design's buttons (and the exported HTML's) in the brand colour where they had the default. */
function brandedEmailTemplate(doc: EmailTemplate, brand: string, text: string): EmailTemplate {
  const from = `background:${DEFAULT_PALETTE.primary_color};color:${ON_PRIMARY}`;
  const content = doc.content.split(from).join(`background:${brand};color:${text}`);
  const json = JSON.stringify(doc.json_content).split(`"buttonColors":{"color":"${ON_PRIMARY}","backgroundColor":"${DEFAULT_PALETTE.primary_color}"}`);
  const json_content = JSON.parse(json.join(`"buttonColors":{"color":"${text}","backgroundColor":"${brand}"}`)) as EmailTemplate['json_content'];
  return { ...doc, content, json_content };
}

/** `doc` (a fresh copy) in the store's brand colour; unchanged without a brand. */
export function brandedDocument<D extends SettingsDocument>(doc: D, brand: string | undefined): D {
  const copy = structuredClone(doc) as SettingsDocument;
  if (!brand) return copy as D;
  const text = textOnBrand(brand);
  switch (copy.kind) {
    case 'landing_page':
      // the page's primary colour carries its theme's accent text: kept where that text would be unreadable (the accent style covers it)
      if (readableOn(THEME_TOKENS[copy.theme].accent_text, brand)) copy.global = { ...copy.global, primary_color: brand };
      break;
    case 'widget':
      copy.background_color = brand;
      copy.text_color = text;
      break;
    case 'launcher':
      for (const device of ['desktop', 'mobile'] as const) copy[device] = { ...copy[device], background_color: brand, text_color: text };
      break;
    case 'custom_style':
      return brandedStyles(copy, brand, text) as D;
    case 'email_document':
      copy.style = { ...copy.style, accent: brand };
      break;
    case 'email_template':
      return brandedEmailTemplate(copy, brand, text) as D;
    default:
      break;
  }
  return copy as D;
}
