import { describe, expect, it } from 'vitest';
import { DEFAULT_LANDING_PAGE, DEFAULT_LAUNCHER, DEFAULT_STICKY_BAR, DEFAULT_WIDGET } from './index.ts';
import { validateDocument } from '../renderers/contract/documents.ts';
import { canonicalLanguage, languageTagSchema, matchLanguage, storeLanguages } from '../renderers/contract/languages.ts';
import type { LandingPage } from '../renderers/contract/landing.ts';
import { documentForLanguage, localizeDocument, setTextAt, textEntries, textKeyAt } from '../renderers/contract/translations.ts';

const banner = (page: LandingPage) => page.sections.find((section) => section.id === 'banner')!;

describe('language tags', () => {
  it('accepts BCP 47 language codes in their canonical case and refuses the rest', () => {
    expect(canonicalLanguage('pt-br')).toBe('pt-BR');
    expect(canonicalLanguage('zh-hant')).toBe('zh-Hant');
    expect(canonicalLanguage('fr_CA')).toBe('fr-CA');
    for (const wrong of ['french', 'f', 'en-', '<script>', 'en US', '12', 'x-klingon']) expect(canonicalLanguage(wrong)).toBeUndefined();
    const refused = languageTagSchema.safeParse('french');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/not a language code.*BCP 47/);
  });

  it('matches a shopper language to the closest of the store', () => {
    expect(matchLanguage('fr-CA', ['en', 'fr'])).toBe('fr');
    expect(matchLanguage('FR', ['en', 'fr'])).toBe('fr');
    expect(matchLanguage('pt', ['pt-BR'])).toBe('pt-BR');
    expect(matchLanguage('de-DE', ['en', 'fr'])).toBeUndefined();
    expect(matchLanguage('', ['en'])).toBeUndefined();
  });

  it('reads the store languages from its settings, dropping invalid and repeated ones', () => {
    expect(storeLanguages({})).toEqual({ default: 'en', others: [] });
    expect(storeLanguages({ default_language: 'fr', languages: ['en', 'fr', 'de', 'bogus!', 'de'] })).toEqual({ default: 'fr', others: ['en', 'de'] });
  });
});

describe('translated texts', () => {
  it('lists every merchant text of each surface by a stable key, and no links, colours or icons', () => {
    const landing = textEntries(DEFAULT_LANDING_PAGE).map((entry) => entry.key);
    expect(landing).toContain('sections.banner.content.member.title');
    expect(landing).toContain('sections.banner.content.visitor.primary_button.label');
    expect(landing.some((key) => /url|color|icon|theme|imageUrl/i.test(key))).toBe(false);
    expect(textEntries(DEFAULT_WIDGET).map((entry) => entry.key)).toContain('panels.header.visitor.title');
    expect(textEntries(DEFAULT_LAUNCHER).map((entry) => entry.key)).toEqual(['desktop.launcher_title', 'mobile.launcher_title']);
    expect(textEntries(DEFAULT_STICKY_BAR).map((entry) => entry.key)).toEqual([
      'bar.text',
      'drawer.logged_out.primary_text',
      'drawer.logged_out.secondary_text',
      'drawer.logged_in.primary_text',
      'drawer.logged_in.secondary_text',
    ]);
  });

  it('names list items by their id, so a translation follows its item when the list is reordered', () => {
    const method = { id: 'signup', title: 'Sign up', description: '', points: 50, icon: '' };
    const page = structuredClone(DEFAULT_LANDING_PAGE);
    banner(page).content.member.earningMethods = [{ ...method, id: 'other' }, method];
    expect(textKeyAt(page, ['sections', 'banner', 'content', 'member', 'earningMethods', 1, 'title'])).toBe(
      'sections.banner.content.member.earningMethods.signup.title',
    );
    expect(textEntries(page).map((entry) => entry.key)).toContain('sections.banner.content.member.earningMethods.signup.description');
  });

  it('shows a language with the default language where a text has no translation', () => {
    const page: LandingPage = {
      ...DEFAULT_LANDING_PAGE,
      translations: { fr: { 'sections.banner.content.visitor.title': 'Gagnez des points', 'sections.banner.content.visitor.paragraph': '' } },
    };
    const french = localizeDocument(page, 'fr-FR');
    expect(banner(french).content.visitor.title).toBe('Gagnez des points');
    // empty means "not translated": the default text shows
    expect(banner(french).content.visitor.paragraph).toBe(banner(DEFAULT_LANDING_PAGE).content.visitor.paragraph);
    expect(banner(french).content.member.title).toBe(banner(DEFAULT_LANDING_PAGE).content.member.title);
    expect(french.translations).toBeUndefined();
    // other sections stay the same objects
    expect(french.sections[1]).toBe(page.sections[1]);
    // a language without translations, and the default, are the document itself
    expect(localizeDocument(page, 'de')).toBe(page);
    expect(localizeDocument(page, 'en')).toBe(page);
  });

  it('shares the unchanged parts with the previous result', () => {
    const page: LandingPage = { ...DEFAULT_LANDING_PAGE, translations: { fr: { 'sections.banner.content.visitor.title': 'Bonjour' } } };
    const first = localizeDocument(page, 'fr');
    const again = localizeDocument({ ...page, translations: { fr: { 'sections.banner.content.visitor.title': 'Bonjour' } } }, 'fr', first);
    expect(again).toBe(first);
  });

  it('sends a shopper only their language', () => {
    const page: LandingPage = {
      ...DEFAULT_LANDING_PAGE,
      translations: { fr: { 'sections.banner.content.visitor.title': 'Bonjour' }, de: { 'sections.banner.content.visitor.title': 'Hallo' } },
    };
    const german = documentForLanguage(page, 'de');
    expect(JSON.stringify(german)).not.toContain('Bonjour');
    expect(banner(german).content.visitor.title).toBe('Hallo');
    expect(documentForLanguage(page, 'en').translations).toBeUndefined();
  });

  it('sets a text by its key in place', () => {
    const page = structuredClone(DEFAULT_LANDING_PAGE);
    expect(setTextAt(page, 'sections.banner.content.member.title', 'Hi')).toBe(true);
    expect(banner(page).content.member.title).toBe('Hi');
    expect(setTextAt(page, 'sections.nope.content.member.title', 'Hi')).toBe(false);
  });

  it('validates translations: language codes and text lengths', () => {
    const ok = validateDocument('widget', { ...DEFAULT_WIDGET, translations: { 'pt-BR': { 'panels.header.visitor.title': 'Olá' } } });
    expect(ok.ok).toBe(true);
    const badLanguage = validateDocument('widget', { ...DEFAULT_WIDGET, translations: { french: {} } });
    expect(badLanguage.ok).toBe(false);
    const tooLong = validateDocument('sticky_bar', { ...DEFAULT_STICKY_BAR, translations: { fr: { 'bar.text': 'x'.repeat(1001) } } });
    expect(tooLong.ok).toBe(false);
  });
});
