// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_DOCUMENTS } from '../../presets/index.ts';
import { setTranslations } from '../commands/index.ts';
import { BuilderStoreContext, createBuilderStore } from '../store/store.ts';
import { landingTextLocator } from '../surfaces/text-commit.ts';
import { useCanvasEditable, type TextCommit } from './editable.tsx';

afterEach(cleanup);

function Title({ commit, raw, located = false }: { commit: TextCommit; raw: string; located?: boolean }) {
  const editable = useCanvasEditable(commit, located ? landingTextLocator : undefined);
  return editable.wrapText?.({ field: 'title', owner: 'header-1', audience: 'visitor', raw, node: <h2 data-field="title">{raw}</h2> }) ?? null;
}

const mount = (commit: TextCommit) =>
  render(
    <BuilderStoreContext.Provider value={createBuilderStore({ docs: { landing_page: DEMO_DOCUMENTS.landing_page } })}>
      <Title commit={commit} raw="Rewards for coffee lovers!" />
    </BuilderStoreContext.Provider>,
  );

/** Double-clicks the title and types over it, as the browser's contenteditable would. */
async function typeOver(text: string): Promise<HTMLElement> {
  const title = screen.getByRole('heading');
  fireEvent.doubleClick(title);
  await act(async () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
  expect(title.getAttribute('contenteditable')).toBe('plaintext-only');
  title.textContent = text;
  return title;
}

describe('inline text on the canvas', () => {
  it('Escape cancels the edit: the typed text goes and the saved text is back, nothing committed', async () => {
    const commit = vi.fn();
    mount(commit);
    const title = await typeOver('Not kept');
    fireEvent.keyDown(title, { key: 'Escape' });
    const shown = screen.getByRole('heading');
    expect(shown.getAttribute('contenteditable')).toBeNull();
    expect(shown.textContent).toBe('Rewards for coffee lovers!');
    expect(commit).not.toHaveBeenCalled();
  });

  it('Enter commits the typed text', async () => {
    const commit = vi.fn();
    mount(commit);
    const title = await typeOver('Kept on the canvas');
    fireEvent.keyDown(title, { key: 'Enter' });
    expect(commit).toHaveBeenCalledWith('header-1', 'title', 'visitor', 'Kept on the canvas');
  });

  it('marks a text not translated in the language being edited, following the language and its translations', () => {
    const store = createBuilderStore({ docs: { landing_page: DEMO_DOCUMENTS.landing_page }, languages: { default: 'en', others: ['fr'] } });
    render(
      <BuilderStoreContext.Provider value={store}>
        <Title commit={vi.fn()} raw="Rewards for coffee lovers!" located />
      </BuilderStoreContext.Provider>,
    );
    const marked = () => screen.getByRole('heading').hasAttribute('data-bs-untranslated');
    expect(marked()).toBe(false);
    act(() => store.getState().setLanguage('fr'));
    expect(marked()).toBe(true);
    act(() => {
      store.getState().run(setTranslations, { language: 'fr', values: { landing_page: { 'sections.header-1.content.visitor.title': 'Bonjour' } } });
    });
    expect(marked()).toBe(false);
    act(() => {
      store.getState().run(setTranslations, { language: 'fr', values: { landing_page: { 'sections.header-1.content.visitor.title': '' } } });
    });
    expect(marked()).toBe(true);
    act(() => store.getState().setLanguage('en'));
    expect(marked()).toBe(false);
  });
});
