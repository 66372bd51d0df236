// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LANDING_PAGE } from '../../presets/index.ts';
import type { EditorInfo } from '../api.ts';
import { BuilderStudio } from './BuilderStudio.tsx';
import { createMemoryApi } from './memory-api.ts';

afterEach(cleanup);

const titled = (title: string) => {
  const doc = structuredClone(DEFAULT_LANDING_PAGE);
  doc.sections.find((s) => s.id === 'header')!.content.visitor.title = title;
  return doc;
};

/** A landing page studio whose save conflicts: another editor saved "Theirs" after it opened, and it saved "Mine". */
async function studioInConflict() {
  const api = createMemoryApi();
  render(<BuilderStudio api={api} surface="landing-page" />);
  await screen.findByRole('region', { name: 'Inspector' });
  await api.saveDraft('landing_page', 1, titled('Theirs'));
  fireEvent.click(within(screen.getByRole('listitem', { name: 'Header' })).getByRole('button', { name: 'Header' }));
  fireEvent.change(within(screen.getByRole('region', { name: 'Inspector' })).getByLabelText('Title', { exact: true }), { target: { value: 'Mine' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  const dialog = await screen.findByRole('dialog', { name: 'Saved elsewhere while you edited' });
  await within(dialog).findByText(/saved the landing page \(version 2\) after you opened it/);
  return { api, dialog };
}

const draftTitle = async (api: ReturnType<typeof createMemoryApi>) =>
  (await api.load('landing_page')).document.sections.find((s) => s.id === 'header')!.content.visitor.title;

describe('the conflict dialog', () => {
  it('opens on a conflicting save with the three choices; autosave stays paused until one is made', async () => {
    const { api, dialog } = await studioInConflict();
    for (const name of ['Keep theirs', 'Keep mine', 'Compare side by side', 'Decide later']) expect(within(dialog).getByRole('button', { name })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decide later' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.calls.filter((c) => c.startsWith('save landing_page'))).toEqual(['save landing_page@1', 'save landing_page@1']);
    expect(await draftTitle(api)).toBe('Theirs');
    fireEvent.click(screen.getByRole('button', { name: 'Choose a version…' }));
    expect(await screen.findByRole('dialog', { name: 'Saved elsewhere while you edited' })).toBeTruthy();
  });

  it('compares both versions side by side, then Keep mine saves mine on top and says where theirs is', async () => {
    const { api, dialog } = await studioInConflict();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Compare side by side' }));
    const pair = within(dialog).getByRole('region', { name: 'Both versions of the landing page' });
    expect(within(pair).getByText('Yours (not saved)')).toBeTruthy();
    expect(within(pair).getByText('Theirs: version 2')).toBeTruthy();
    expect(pair.querySelectorAll('iframe')).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(/All changes saved/).textContent).toMatch(/Theirs is kept in History: the landing page as version 2/);
    expect(await draftTitle(api)).toBe('Mine');
  });

  it('Keep theirs shows theirs and says which version keeps mine', async () => {
    const { api, dialog } = await studioInConflict();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep theirs' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(/Yours is kept in History: the landing page as version 3/)).toBeTruthy();
    expect((within(screen.getByRole('region', { name: 'Inspector' })).getByLabelText('Title', { exact: true }) as HTMLInputElement).value).toBe('Theirs');
    expect(await draftTitle(api)).toBe('Theirs');
  });
});

describe('presence', () => {
  it('shows who else is editing, beside the save state, and says when the studio closes', async () => {
    const beats: string[] = [];
    const others: EditorInfo[] = [
      { name: 'Sam Staff', email: 'sam@example.com', sameUser: false },
      { name: '', email: 'me@example.com', sameUser: true },
    ];
    const api = {
      ...createMemoryApi(),
      editing: async (studio: string) => {
        beats.push(`beat ${studio}`);
        return others;
      },
      stopEditing: async (studio: string) => {
        beats.push(`leave ${studio}`);
      },
    };
    const view = render(<BuilderStudio api={api} surface="sticky-bar" />);
    await screen.findByRole('region', { name: 'Inspector' }, { timeout: 10_000 });
    expect(await screen.findByText(/Also editing:/, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(/Also editing:/).closest('p')!.textContent).toBe('Also editing: Sam Staff, me@example.com (you, elsewhere)');
    expect(beats).toEqual(['beat sticky-bar']);
    view.unmount();
    expect(beats).toEqual(['beat sticky-bar', 'leave sticky-bar']);
  });

  it('a read-only studio does not count as editing', async () => {
    const beats: string[] = [];
    const api = { ...createMemoryApi(), editing: async () => (beats.push('beat'), []) };
    render(<BuilderStudio api={api} surface="landing-page" readOnlyReason="Staff can look but not edit." />);
    await screen.findByRole('region', { name: 'Inspector' });
    expect(beats).toEqual([]);
  });
});
