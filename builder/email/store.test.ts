import { describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_DOCUMENT } from '../../presets/index.ts';
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
});
