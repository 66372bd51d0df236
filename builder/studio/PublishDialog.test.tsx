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

const publishCalls = (api: { calls: string[] }) => api.calls.filter((call) => call.startsWith('publish'));

function editHeaderTitle(value: string) {
  fireEvent.click(within(screen.getByRole('listitem', { name: 'Header' })).getByRole('button', { name: 'Header' }));
  fireEvent.change(within(screen.getByRole('region', { name: 'Inspector' })).getByLabelText('Title', { exact: true }), { target: { value } });
}

async function openPublishDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
  const dialog = await screen.findByRole('dialog', { name: 'Publish to your store' });
  await waitFor(() => expect(within(dialog).queryByText(/Comparing/)).toBeNull());
  return dialog;
}

describe('publish dialog', () => {
  it('says what goes live; Escape and Cancel publish nothing, Publish now publishes', async () => {
    const api = await openStudio();
    editHeaderTitle('Published title');
    const dialog = await openPublishDialog();
    expect(within(dialog).getByRole('list', { name: 'Changes to publish' }).textContent).toBe('Landing page: 1 section changed (Header)');
    expect(document.activeElement).toBe(dialog);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Publish to your store' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Publish' }));
    fireEvent.click(within(await openPublishDialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Publish to your store' })).toBeNull();
    expect(publishCalls(api)).toEqual([]);

    fireEvent.click(within(await openPublishDialog()).getByRole('button', { name: 'Publish now' }));
    await screen.findByText('Published: your store shows this version now.');
    expect(publishCalls(api)).toEqual(['publish landing_page@2', 'publish custom_style@1 landing_page']);
    expect((await api.loadPublished('landing_page')).document.sections.find((s) => s.id === 'header')!.content.visitor.title).toBe('Published title');
  });

  it('says there is nothing to publish when the draft is what the store shows', async () => {
    const api = await openStudio();
    const dialog = await openPublishDialog();
    expect(within(dialog).getByText('Nothing to publish: your store already shows this draft.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Publish now' }) as HTMLButtonElement).disabled).toBe(true);
    expect(publishCalls(api)).toEqual([]);
  });

  it('keeps Tab inside the dialog', async () => {
    await openStudio();
    editHeaderTitle('Tabbing');
    const dialog = await openPublishDialog();
    const [cancel, confirm] = within(dialog).getAllByRole('button');
    confirm!.focus();
    fireEvent.keyDown(confirm!, { key: 'Tab' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(cancel!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(confirm);
  });
});
