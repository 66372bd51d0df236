import { describe, expect, it } from 'vitest';
import { STYLED_SURFACES, readabilityIssues, validateDocument, type DocumentKind, type SettingsDocument } from '../renderers/contract/index.ts';
import { DEFAULT_DOCUMENTS, DEMO_DOCUMENTS, ON_LIGHT_BRAND, THEME_TOKENS, brandedDocument, textOnBrand } from './index.ts';

const KINDS = Object.keys(DEFAULT_DOCUMENTS) as DocumentKind[];
const branded = (brand: string | undefined) =>
  Object.fromEntries(KINDS.map((kind) => [kind, brandedDocument(DEFAULT_DOCUMENTS[kind], brand)])) as unknown as typeof DEFAULT_DOCUMENTS;

describe('documents in the store’s brand colour', () => {
  it('every new surface and email starts from a dark brand colour, with white text on it', () => {
    const docs = branded('#6b3f1d');
    expect(docs.landing_page.global.primary_color).toBe('#6b3f1d');
    expect(docs.widget).toMatchObject({ background_color: '#6b3f1d', text_color: '#ffffff' });
    for (const device of ['desktop', 'mobile'] as const) expect(docs.launcher[device]).toMatchObject({ background_color: '#6b3f1d', text_color: '#ffffff' });
    for (const surface of ['landing_page', 'widget', 'launcher', 'sticky_bar'] as const)
      expect(docs.custom_style.styles[surface], surface).toEqual({ accent_color: '#6b3f1d', accent_text_color: '#ffffff' });
    expect(docs.email_document.style.accent).toBe('#6b3f1d');
    // nothing of the product's green is left on a branded surface
    const green = DEFAULT_DOCUMENTS.landing_page.global.primary_color;
    for (const kind of ['landing_page', 'widget', 'launcher', 'custom_style', 'email_document'] as const)
      expect(JSON.stringify(docs[kind]), kind).not.toContain(green);
  });

  it('a light brand colour gets dark text; the landing page keeps a primary its theme’s text can be read on, its accent style carries the brand', () => {
    expect(textOnBrand('#f5d76e')).toBe(ON_LIGHT_BRAND);
    expect(textOnBrand('#6b3f1d')).toBe('#ffffff');
    const docs = branded('#f5d76e');
    expect(docs.widget).toMatchObject({ background_color: '#f5d76e', text_color: ON_LIGHT_BRAND });
    expect(docs.landing_page.global.primary_color).toBe(DEFAULT_DOCUMENTS.landing_page.global.primary_color);
    expect(docs.custom_style.styles.landing_page).toEqual({ accent_color: '#f5d76e', accent_text_color: ON_LIGHT_BRAND });
  });

  it('branded documents stay valid and readable for dark, light and mid colours', () => {
    for (const brand of ['#6b3f1d', '#f5d76e', '#777777', '#0060e7', '#ffffff', '#000000']) {
      for (const [kind, doc] of Object.entries(branded(brand)) as Array<[DocumentKind, SettingsDocument]>) {
        const result = validateDocument(kind, doc);
        expect(result.ok, `${brand} ${kind}`).toBe(true);
        expect(readabilityIssues(doc, THEME_TOKENS), `${brand} ${kind}`).toEqual([]);
      }
    }
  });

  it('without a brand colour a store starts from the defaults (a fresh copy)', () => {
    for (const kind of KINDS) {
      const doc = brandedDocument(DEFAULT_DOCUMENTS[kind], undefined);
      expect(doc).toEqual(DEFAULT_DOCUMENTS[kind]);
      expect(doc).not.toBe(DEFAULT_DOCUMENTS[kind]);
    }
  });

  it('a document that has its own style keeps it: only the surfaces without one take the brand', () => {
    const style = brandedDocument(DEMO_DOCUMENTS.custom_style, '#123456');
    expect(style.styles.widget).toEqual(DEMO_DOCUMENTS.custom_style.styles.widget);
    expect(style.styles.sticky_bar).toEqual({ accent_color: '#123456', accent_text_color: '#ffffff' });
    expect(style.styles.product_page).toBeUndefined();
    expect(Object.keys(style.styles).sort()).toEqual(STYLED_SURFACES.filter((surface) => surface !== 'product_page').sort());
  });

  it('the starter email design’s button takes the brand colour, in the design and in its HTML', () => {
    const template = brandedDocument(DEMO_DOCUMENTS.email_template, '#6b3f1d');
    expect(template.content).toContain('background:#6b3f1d;color:#ffffff');
    expect(JSON.stringify(template.json_content)).toContain('"buttonColors":{"color":"#ffffff","backgroundColor":"#6b3f1d"}');
    expect(template.content).not.toContain(DEFAULT_DOCUMENTS.landing_page.global.primary_color);
  });
});
