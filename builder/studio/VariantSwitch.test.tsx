// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BuilderApi } from '../api.ts';
import { BuilderStudio } from './BuilderStudio.tsx';
import { createMemoryApi } from './memory-api.ts';

afterEach(cleanup);

/** a switch reopens the studio (loads, builds the canvas): slower than a render on a busy machine */
const REOPEN = { timeout: 8000 };
const inspector = () => screen.getByRole('region', { name: 'Inspector' });
const titleField = () => within(inspector()).getByLabelText('Title', { exact: true }) as HTMLInputElement;
const headerTitle = (doc: { sections: { id: string; content: { visitor: { title?: string } } }[] }) =>
  doc.sections.find((section) => section.id === 'header')!.content.visitor.title;
const titled = (doc: Awaited<ReturnType<typeof variantB>>, title: string) => {
  const copy = structuredClone(doc);
  copy.sections.find((section) => section.id === 'header')!.content.visitor.title = title;
  return copy;
};
/** the latest version of the landing page's variant B */
const variantB = async (api: BuilderApi) => (await api.variantB!.load('landing_page')).document;

async function openLanding(api = createMemoryApi()) {
  render(<BuilderStudio api={api} surface="landing-page" experimentsHref={(kind) => `/experiments?surface=${kind}`} />);
  await screen.findByRole('region', { name: 'Inspector' }, REOPEN);
  fireEvent.click(within(screen.getByRole('listitem', { name: 'Header' })).getByRole('button', { name: 'Header' }));
  return api;
}

describe('variant B in the studio', () => {
  it('"Create variant B" copies the current draft (its unsaved edits too) and opens B; edits on B autosave to B only, A keeps its draft', async () => {
    const api = await openLanding();
    fireEvent.change(titleField(), { target: { value: 'Draft title' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create variant B' }));

    // A's draft was saved first, then copied into B, and the studio reopened on B
    const variants = await screen.findByRole('radiogroup', { name: 'Variant' }, REOPEN);
    await waitFor(() => expect((within(variants).getByLabelText('B') as HTMLInputElement).checked).toBe(true), REOPEN);
    expect(api.calls).toContain('save landing_page@1');
    expect(headerTitle(await variantB(api))).toBe('Draft title');
    // the selection stays; B is saved and has its History, never published
    expect(titleField().value).toBe('Draft title');
    for (const name of ['Save', 'History']) expect(screen.getByRole('button', { name })).toBeTruthy();
    for (const name of ['Publish', 'Create variant B']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getByRole('link', { name: 'Start experiment…' }).getAttribute('href')).toBe('/experiments?surface=landing_page');

    fireEvent.change(titleField(), { target: { value: 'Only in B' } });
    await waitFor(async () => expect(headerTitle(await variantB(api))).toBe('Only in B'), { timeout: 4000 });
    await waitFor(() => expect(screen.getByText('All changes saved')).toBeTruthy());
    expect(headerTitle((await api.load('landing_page')).document)).toBe('Draft title');

    // back on A: the canvas and the inspector show A's draft, and Publish is back
    fireEvent.click(within(variants).getByLabelText('A'));
    await waitFor(
      () => expect((within(screen.getByRole('radiogroup', { name: 'Variant' })).getByLabelText('A') as HTMLInputElement).checked).toBe(true),
      REOPEN,
    );
    await waitFor(() => expect(titleField().value).toBe('Draft title'), REOPEN);
    expect(screen.getByRole('button', { name: 'Publish' })).toBeTruthy();
  });

  it('switching saves what is pending on the variant being left before opening the other', async () => {
    const api = createMemoryApi();
    await api.variantB!.saveDraft('landing_page', 0, (await api.load('landing_page')).document);
    await openLanding(api);
    fireEvent.click(within(await screen.findByRole('radiogroup', { name: 'Variant' }, REOPEN)).getByLabelText('B'));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Start experiment…' })).toBeTruthy(), REOPEN);
    fireEvent.click(within(screen.getByRole('listitem', { name: 'Header' })).getByRole('button', { name: 'Header' }));
    fireEvent.change(titleField(), { target: { value: 'Typed just before switching' } });
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Variant' })).getByLabelText('A'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Start experiment…' })).toBeNull(), REOPEN);
    expect(headerTitle(await variantB(api))).toBe('Typed just before switching');
    expect(headerTitle((await api.load('landing_page')).document)).not.toBe('Typed just before switching');
  });

  it("keeps B's versions: History lists B's own and restores one as B's draft; a save on a stale B conflicts like A's", async () => {
    const api = createMemoryApi();
    const draft = (await api.load('landing_page')).document;
    await api.variantB!.saveDraft('landing_page', 0, titled(draft, 'B one'));
    await api.variantB!.saveDraft('landing_page', 1, titled(draft, 'B two'));
    render(<BuilderStudio api={api} surface="landing-page" initialVariant="b" />);
    await screen.findByRole('region', { name: 'Inspector' }, REOPEN);
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    const versions = await screen.findByRole('region', { name: 'Versions of the landing page, variant B' });
    await within(versions).findByRole('button', { name: 'Restore version 2' });
    expect(within(versions).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(within(versions).getByRole('button', { name: 'Restore version 1' }));
    await waitFor(async () => expect(headerTitle(await variantB(api))).toBe('B one'));
    expect(api.calls).toContain('restore variant landing_page@1');
    expect((await api.variantB!.versions('landing_page')).map((v) => v.version)).toEqual([3, 2, 1]);
    expect(headerTitle((await api.load('landing_page')).document)).toBe(headerTitle(draft));

    // someone else saves B meanwhile: this studio's next save of B is refused, and "Keep mine" keeps it over theirs
    await api.variantB!.saveDraft('landing_page', 3, titled(draft, 'Theirs on B'));
    fireEvent.click(within(screen.getByRole('listitem', { name: 'Header' })).getByRole('button', { name: 'Header' }));
    fireEvent.change(titleField(), { target: { value: 'Mine on B' } });
    const dialog = await screen.findByRole('dialog', { name: 'Saved elsewhere while you edited' }, REOPEN);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Keep mine' }, REOPEN));
    await waitFor(async () => expect(headerTitle(await variantB(api))).toBe('Mine on B'), REOPEN);
    expect(api.calls).toContain('save variant landing_page@4 kept_over');
    expect(headerTitle((await api.variantB!.restore('landing_page', 4)).document)).toBe('Theirs on B');
  });

  it('opens on A when asked for a variant B that is not saved, and offers no variant without the API for it', async () => {
    const api = createMemoryApi();
    render(<BuilderStudio api={api} surface="widget" initialVariant="b" />);
    expect(await screen.findByRole('button', { name: 'Create variant B' }, REOPEN)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeTruthy();
    cleanup();
    const { variantB: _variantB, ...withoutVariants } = createMemoryApi();
    render(<BuilderStudio api={withoutVariants} surface="widget" />);
    await screen.findByRole('region', { name: 'Inspector' });
    expect(screen.queryByRole('button', { name: 'Create variant B' })).toBeNull();
  });
});
