import { describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_DOCUMENT } from '../../presets/index.ts';
import { localizeDocument } from '../../renderers/contract/index.ts';
import { addBlock, moveBlock, newBlockId, removeBlock, setBlockField, setEmailStyle, setEmailText } from './commands.ts';
import { createEmailStore } from './store.ts';

const ids = (store: ReturnType<typeof createEmailStore>) => store.getState().doc.blocks.map((block) => block.id);

describe('email editor store', () => {
  it('merges typing in one field into one undo step, undoes and redoes it, records no step for a no-op', () => {
    let clock = 1_000;
    const store = createEmailStore({ doc: DEFAULT_EMAIL_DOCUMENT, now: () => clock });
    const { run, undo, redo } = store.getState();
    expect(run(setEmailText, { field: 'subject', value: 'H' })).toBe(true);
    clock += 300;
    run(setEmailText, { field: 'subject', value: 'Hi' });
    expect(store.getState().history.past).toHaveLength(1);
    expect(run(setEmailText, { field: 'subject', value: 'Hi' })).toBe(false);
    clock += 5_000;
    run(setEmailText, { field: 'subject', value: 'Hi!' });
    expect(store.getState().history.past).toHaveLength(2);
    undo();
    undo();
    expect(store.getState().doc).toEqual(DEFAULT_EMAIL_DOCUMENT);
    redo();
    expect(store.getState().doc.subject).toBe('Hi');
    run(setEmailStyle, { field: 'accent', value: '#6b3f1d' });
    expect(store.getState().history.future).toEqual([]);
    expect(store.getState().doc.style.accent).toBe('#6b3f1d');
  });

  it('adds a block after the selected one (else before the footer), moves and removes it, each one undo step', () => {
    const store = createEmailStore({ doc: DEFAULT_EMAIL_DOCUMENT });
    const { run, undo } = store.getState();
    const id = newBlockId(store.getState().doc, 'text');
    expect(id).toBe('text-1');
    run(addBlock, { type: 'text', id, after: null });
    expect(ids(store)).toEqual(['logo', 'heading', 'text', 'button', 'divider', 'text-1', 'footer']);
    run(setBlockField, { id, field: 'text', value: 'Double points this weekend' });
    run(moveBlock, { id, offset: -4 });
    expect(ids(store)).toEqual(['logo', 'text-1', 'heading', 'text', 'button', 'divider', 'footer']);
    run(addBlock, { type: 'divider', id: newBlockId(store.getState().doc, 'divider'), after: 'logo' });
    expect(ids(store).slice(0, 3)).toEqual(['logo', 'divider-1', 'text-1']);
    run(removeBlock, { id });
    expect(ids(store)).not.toContain(id);
    undo();
    expect(store.getState().doc.blocks.find((block) => block.id === id)).toMatchObject({ type: 'text', text: 'Double points this weekend' });
    expect(store.getState().history.past).toHaveLength(4);
  });

  it('starts a new step once another block is selected, even within the typing window', () => {
    const store = createEmailStore({ doc: DEFAULT_EMAIL_DOCUMENT, now: () => 1_000 });
    const { run, select } = store.getState();
    run(setBlockField, { id: 'heading', field: 'text', value: 'A' });
    select('heading');
    run(setBlockField, { id: 'heading', field: 'text', value: 'AB' });
    expect(store.getState().history.past).toHaveLength(2);
  });

  it('refuses every command when view only, and knows what was last saved', () => {
    const readOnly = createEmailStore({ doc: DEFAULT_EMAIL_DOCUMENT, readOnly: true });
    expect(readOnly.getState().run(setEmailText, { field: 'subject', value: 'Nope' })).toBe(false);
    expect(readOnly.getState().doc).toBe(DEFAULT_EMAIL_DOCUMENT);
    const store = createEmailStore({ doc: DEFAULT_EMAIL_DOCUMENT });
    store.getState().run(setEmailText, { field: 'preheader', value: 'Saved soon' });
    const edited = store.getState().doc;
    expect(store.getState().saved).toBe(DEFAULT_EMAIL_DOCUMENT);
    store.getState().markSaved(edited);
    expect(store.getState()).toMatchObject({ saved: edited, save: { status: 'saved' } });
  });

  it('writes the subject, preheader and block texts of another language as its translations; the default ones stay, and a missing one falls back', () => {
    let clock = 1_000;
    const store = createEmailStore({ doc: DEFAULT_EMAIL_DOCUMENT, languages: { default: 'en', others: ['fr'] }, now: () => clock });
    const { run, setLanguage, undo } = store.getState();
    const doc = () => store.getState().doc;
    setLanguage('fr');
    run(setEmailText, { field: 'subject', value: 'Nouvelles de' });
    clock += 300;
    run(setEmailText, { field: 'subject', value: 'Nouvelles de {{store_name}}' });
    run(setBlockField, { id: 'heading', field: 'text', value: 'Bonjour {{first_name}}' });
    run(setBlockField, { id: 'heading', field: 'align', value: 'center' });
    expect(doc().subject).toBe(DEFAULT_EMAIL_DOCUMENT.subject);
    expect(doc().blocks[1]).toMatchObject({ text: 'Hello {{first_name}}', align: 'center' });
    expect(doc().translations).toEqual({ fr: { subject: 'Nouvelles de {{store_name}}', 'blocks.heading.text': 'Bonjour {{first_name}}' } });
    // the preheader has no French: the email's own stands in for it
    expect(localizeDocument(doc(), 'fr')).toMatchObject({ subject: 'Nouvelles de {{store_name}}', preheader: DEFAULT_EMAIL_DOCUMENT.preheader });
    // a French preheader, then cleared: not translated again
    run(setEmailText, { field: 'preheader', value: 'Ouvrez vite' });
    expect(doc().translations?.fr?.preheader).toBe('Ouvrez vite');
    clock += 300;
    run(setEmailText, { field: 'preheader', value: '' });
    expect(doc().translations?.fr).not.toHaveProperty('preheader');
    expect(doc().preheader).toBe(DEFAULT_EMAIL_DOCUMENT.preheader);
    // typing in a French field is one step (the preheader's two edits too), as in the default language
    undo();
    undo();
    undo();
    expect(doc().translations).toEqual({ fr: { subject: 'Nouvelles de {{store_name}}' } });
    undo();
    expect(doc()).toEqual(DEFAULT_EMAIL_DOCUMENT);
    // back in the default language, the email's own subject is written
    setLanguage('en');
    run(setEmailText, { field: 'subject', value: 'News' });
    expect(doc().subject).toBe('News');
    expect(doc().translations).toBeUndefined();
  });

  it('switches only to a language of the store, and follows the store’s languages when they are read again', () => {
    const store = createEmailStore({ doc: DEFAULT_EMAIL_DOCUMENT, languages: { default: 'en', others: ['fr'] } });
    store.getState().setLanguage('de');
    expect(store.getState().language).toBe('en');
    store.getState().setLanguage('fr');
    expect(store.getState().language).toBe('fr');
    // the store's languages read again: French is still one of them, then no longer
    store.getState().setLanguages({ default: 'en', others: ['fr', 'de'] });
    expect(store.getState().language).toBe('fr');
    store.getState().setLanguages({ default: 'en', others: ['de'] });
    expect(store.getState()).toMatchObject({ language: 'en', languageDropped: 'fr', languages: { default: 'en', others: ['de'] } });
    store.getState().dismissLanguageDropped();
    expect(store.getState().languageDropped).toBeNull();
    expect(createEmailStore({ doc: DEFAULT_EMAIL_DOCUMENT }).getState().languages).toEqual({ default: 'en', others: [] });
  });
});
