// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BuilderStudio } from './BuilderStudio.tsx';
import { createMemoryApi } from './memory-api.ts';

afterEach(cleanup);

async function openStudio() {
  const api = createMemoryApi();
  render(<BuilderStudio api={api} surface="landing-page" />);
  await screen.findByRole('region', { name: 'Inspector' });
  return api;
}

describe('BuilderStudio', () => {
  it('has the top bar controls by their DESIGN.md names', async () => {
    await openStudio();
    for (const name of ['Undo', 'Redo', 'Save', 'Publish']) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(within(screen.getByRole('radiogroup', { name: 'Audience' })).getByLabelText('Member')).toBeTruthy();
    expect(within(screen.getByRole('radiogroup', { name: 'Device' })).getByLabelText('Mobile')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Canvas' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Sections' })).toBeTruthy();
  });

  it('autosaves the draft shortly after an edit and shows the save state', async () => {
    const api = await openStudio();
    fireEvent.click(within(screen.getByRole('listitem', { name: 'Header' })).getByRole('button', { name: 'Header' }));
    fireEvent.change(within(screen.getByRole('region', { name: 'Inspector' })).getByLabelText('Title', { exact: true }), { target: { value: 'Autosaved' } });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await waitFor(() => expect(api.calls).toContain('save landing_page@1'), { timeout: 4000 });
    await waitFor(() => expect(screen.getByText('All changes saved')).toBeTruthy());
    const saved = (await api.load('landing_page')).document;
    expect(saved.sections.find((s) => s.id === 'header')!.content.visitor.title).toBe('Autosaved');
  });

  it('Ctrl+Z and Ctrl+Y undo and redo; a click that changes nothing adds no step', async () => {
    await openStudio();
    const undo = screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement;
    const visible = within(screen.getByRole('listitem', { name: 'Timeline' })).getByRole('switch', { name: 'Visible' });
    fireEvent.click(visible);
    expect(visible.getAttribute('aria-checked')).toBe('false');
    expect(undo.disabled).toBe(false);
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(visible.getAttribute('aria-checked')).toBe('true');
    expect(undo.disabled).toBe(true);
    fireEvent.keyDown(window, { key: 'y', ctrlKey: true });
    expect(visible.getAttribute('aria-checked')).toBe('false');
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true, shiftKey: false });
    // selecting the section already selected, or choosing the current theme, adds nothing
    fireEvent.change(within(screen.getByRole('region', { name: 'Inspector' })).getByLabelText('Theme'), { target: { value: 'light' } });
    expect(undo.disabled).toBe(true);
  });
});

describe('BuilderStudio leaving', () => {
  it('saves pending changes at once when the studio unmounts (in-app navigation)', async () => {
    const api = createMemoryApi();
    const view = render(<BuilderStudio api={api} surface="landing-page" />);
    await screen.findByRole('region', { name: 'Inspector' });
    fireEvent.click(within(screen.getByRole('listitem', { name: 'Header' })).getByRole('button', { name: 'Header' }));
    fireEvent.change(within(screen.getByRole('region', { name: 'Inspector' })).getByLabelText('Title', { exact: true }), { target: { value: 'Last words' } });
    view.unmount();
    await waitFor(() => expect(api.calls).toContain('save landing_page@1'));
    expect((await api.load('landing_page')).document.sections.find((s) => s.id === 'header')!.content.visitor.title).toBe('Last words');
  });
});

describe('BuilderStudio for a role that may not edit', () => {
  const reason = 'View only: your role (staff) cannot change rules, rewards, coupons, expiry, emails, media and on-site display drafts.';

  it('opens read only: says why, offers no Undo, Redo, History, Save or Publish, and takes no edit (nothing to autosave and lose)', async () => {
    const api = createMemoryApi();
    render(<BuilderStudio api={api} surface="landing-page" readOnlyReason={reason} />);
    const inspector = await screen.findByRole('region', { name: 'Inspector' });
    expect(screen.getByRole('note').textContent).toBe(reason);
    for (const name of ['Undo', 'Redo', 'History', 'Save', 'Publish']) expect(screen.queryByRole('button', { name })).toBeNull();
    const visible = within(screen.getByRole('listitem', { name: 'Timeline' })).getByRole('switch', { name: 'Visible' }) as HTMLButtonElement;
    expect(visible.closest('fieldset')?.disabled).toBe(true);
    fireEvent.click(within(screen.getByRole('listitem', { name: 'Header' })).getByRole('button', { name: 'Header' }));
    const title = within(inspector).getByLabelText('Title', { exact: true }) as HTMLInputElement;
    expect(title.closest('fieldset')?.disabled).toBe(true);
    fireEvent.change(title, { target: { value: 'Staff edit' } });
    fireEvent.click(visible);
    expect(visible.getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(api.calls.filter((call) => call.startsWith('save'))).toEqual([]);
  });
});

describe('View live (spec §7/§8: the landing page check)', () => {
  it('says "HTTP error! status: {status}" beside the link when the published page does not answer', async () => {
    const api = { ...createMemoryApi(), storeKey: () => 'demo-store', landingPage: () => Promise.reject(new Error('HTTP error! status: 404')) };
    render(<BuilderStudio api={api} surface="landing-page" />);
    expect(await screen.findByRole('link', { name: /View live/ })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe('The live landing page could not be loaded: HTTP error! status: 404');
  });

  it('says nothing when the page answers', async () => {
    let checks = 0;
    const api = { ...createMemoryApi(), storeKey: () => 'demo-store', landingPage: () => Promise.resolve(void (checks += 1)) };
    render(<BuilderStudio api={api} surface="landing-page" />);
    await waitFor(() => expect(checks).toBe(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
