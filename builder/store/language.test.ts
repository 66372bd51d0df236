import { describe, expect, it } from 'vitest';
import { deleteSection, setContentField, setPalette, setPanelText, setTranslations } from '../commands/index.ts';
import { freshDocs } from '../commands/testing.ts';
import { createBuilderStore } from './store.ts';

const KEY = 'sections.header.content.visitor.title';

function setup() {
  const store = createBuilderStore({ docs: freshDocs(), languages: { default: 'en', others: ['fr'] } });
  const header = (which: 'docs' | 'view') => store.getState()[which].landing_page!.sections.find((s) => s.id === 'header');
  const type = (value: string) => store.getState().run(setContentField, { sectionId: 'header', audience: 'visitor', path: ['title'], value });
  return { store, header, type };
}

describe('editing in a language', () => {
  it("writes the language's text and keeps the default one; the view shows the language with fallback", () => {
    const { store, header, type } = setup();
    const english = header('docs')!.content.visitor.title;
    const paragraph = header('docs')!.content.visitor.paragraph;
    store.getState().setLanguage('fr');
    type('Bienvenue');
    expect(header('docs')!.content.visitor.title).toBe(english);
    expect(store.getState().docs.landing_page!.translations).toEqual({ fr: { [KEY]: 'Bienvenue' } });
    expect(header('view')!.content.visitor.title).toBe('Bienvenue');
    expect(header('view')!.content.visitor.paragraph).toBe(paragraph);
    // one undo step takes it back
    store.getState().undo();
    expect(store.getState().docs.landing_page!.translations).toBeUndefined();
    expect(header('view')!.content.visitor.title).toBe(english);
    // back in the default language, edits write the document's own text
    store.getState().redo();
    store.getState().setLanguage('en');
    type('Welcome');
    expect(header('docs')!.content.visitor.title).toBe('Welcome');
    expect(store.getState().docs.landing_page!.translations?.fr?.[KEY]).toBe('Bienvenue');
  });

  it('applies what is not text to every language, and clearing a translation falls back', () => {
    const { store, header, type } = setup();
    store.getState().setLanguage('fr');
    type('Bonjour');
    store.getState().run(setPalette, { key: 'primary_color', value: '#123456' });
    expect(store.getState().docs.landing_page!.global.primary_color).toBe('#123456');
    type('');
    expect(store.getState().docs.landing_page!.translations).toBeUndefined();
    expect(header('docs')!.content.visitor.title).not.toBe('');
    store.getState().run(deleteSection, { sectionId: 'header' });
    expect(header('docs')).toBeUndefined();
  });

  it('an optional widget text cleared in a language stays in the default', () => {
    const { store } = setup();
    store.getState().setLanguage('fr');
    const before = store.getState().docs.widget!.panels.signup.visitor.primary_button_label;
    store.getState().run(setPanelText, { panel: 'signup', audience: 'visitor', key: 'primary_button_label', value: 'Inscription' });
    expect(store.getState().docs.widget!.translations?.fr?.['panels.signup.visitor.primary_button_label']).toBe('Inscription');
    store.getState().run(setPanelText, { panel: 'signup', audience: 'visitor', key: 'primary_button_label', value: '' });
    expect(store.getState().docs.widget!.panels.signup.visitor.primary_button_label).toBe(before);
    expect(store.getState().docs.widget!.translations).toBeUndefined();
  });

  it('switches language in one update of the store, the view already in that language', () => {
    const { store, header, type } = setup();
    store.getState().setLanguage('fr');
    type('Bienvenue');
    store.getState().setLanguage('en');
    const seen: string[] = [];
    store.subscribe((state) => seen.push(`${state.language} ${header('view')!.content.visitor.title}`));
    store.getState().setLanguage('fr');
    expect(seen).toEqual(['fr Bienvenue']);
  });

  it('refuses a language the store does not have', () => {
    const { store } = setup();
    store.getState().setLanguage('de');
    expect(store.getState().language).toBe('en');
  });

  it("follows the store's languages read again: a dropped language being edited gives way to the default, in one update", () => {
    const { store, header, type } = setup();
    store.getState().setLanguage('fr');
    type('Bienvenue');
    const english = header('docs')!.content.visitor.title;
    const seen: string[] = [];
    store.subscribe((state) => seen.push(`${state.language} ${header('view')!.content.visitor.title}`));
    // the same languages read again (a new object) change nothing; an added one keeps French
    store.getState().setLanguages({ default: 'en', others: ['fr'] });
    expect(seen).toEqual([]);
    store.getState().setLanguages({ default: 'en', others: ['fr', 'de'] });
    expect(store.getState()).toMatchObject({ language: 'fr', languageDropped: null, languages: { others: ['fr', 'de'] } });
    expect(seen).toEqual(['fr Bienvenue']);
    // French dropped while edited: the default, once, saying so; French's texts stay in the document
    store.getState().setLanguages({ default: 'en', others: ['de'] });
    expect(store.getState()).toMatchObject({ language: 'en', languageDropped: 'fr' });
    expect(seen.slice(1)).toEqual([`en ${english}`]);
    expect(store.getState().docs.landing_page!.translations).toEqual({ fr: { [KEY]: 'Bienvenue' } });
    store.getState().setLanguage('fr');
    expect(store.getState().language).toBe('en');
    // picking a language, or dismissing, ends the notice
    store.getState().setLanguage('de');
    expect(store.getState()).toMatchObject({ language: 'de', languageDropped: null });
    store.getState().setLanguages({ default: 'en', others: [] });
    store.getState().dismissLanguageDropped();
    expect(store.getState()).toMatchObject({ language: 'en', languageDropped: null });
  });

  it('the default being edited moves with a new default, dropping nothing', () => {
    const { store } = setup();
    store.getState().setLanguages({ default: 'de', others: ['en', 'fr'] });
    expect(store.getState()).toMatchObject({ language: 'de', languageDropped: null });
  });

  it('sets translations by key (the Translations view and imports)', () => {
    const { store } = setup();
    store.getState().run(setTranslations, { language: 'fr', values: { landing_page: { [KEY]: 'Salut' } } });
    expect(store.getState().docs.landing_page!.translations).toEqual({ fr: { [KEY]: 'Salut' } });
  });
});
