// @vitest-environment jsdom
import { useEditor } from '@craftjs/core';
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_DOCUMENTS, DEFAULT_DOCUMENTS } from '../../presets/index.ts';
import { EditableContext, LandingPage, Widget } from '../../renderers/index.ts';
import { useCanvasEditable } from '../canvas/editable.tsx';
import type { LandingPage as LandingDocument, Widget as WidgetDocument } from '../../renderers/schema/index.ts';
import { moveSection, setContentField, setPanelText } from '../commands/index.ts';
import { BuilderStoreContext, createBuilderStore } from '../store/store.ts';
import { previewContext } from '../surfaces/preview-context.ts';
import { fromCraftNodes } from './adapter.ts';
import { CraftCanvas } from './CraftCanvas.tsx';

const landing = DEMO_DOCUMENTS.landing_page as LandingDocument;

function mountLanding(doc: LandingDocument, audience: 'member' | 'visitor' = 'visitor') {
  const store = createBuilderStore({ docs: { landing_page: doc }, audience });
  const ctx = previewContext(audience, 'desktop', doc.theme);
  const view = render(
    <BuilderStoreContext.Provider value={store}>
      <CraftCanvas kind="landing_page" ctx={ctx} />
    </BuilderStoreContext.Provider>,
  );
  return { store, view, ctx };
}

const sectionIds = (root: HTMLElement) => [...root.querySelectorAll('[data-section-id]')].map((el) => el.getAttribute('data-section-id'));

describe('the craft canvas', () => {
  it.each([
    ['default', 'visitor', DEFAULT_DOCUMENTS.landing_page as LandingDocument],
    ['demo', 'member', landing],
    ['dark demo', 'visitor', { ...landing, theme: 'dark-experimental' } as LandingDocument],
  ] as const)('draws exactly the storefront markup (%s page, %s)', (_, audience, doc) => {
    const { view, ctx } = mountLanding(doc, audience);
    const storefront = render(<LandingPage doc={doc} ctx={ctx} responsive />);
    expect(view.container.innerHTML).toBe(storefront.container.innerHTML);
  });

  it('follows a command on one section, and undo, without touching the other sections', () => {
    const { store, view } = mountLanding(landing);
    const target = landing.sections.find((s) => s.type === 'header')!;
    const others = [...view.container.querySelectorAll(`[data-section-id]:not([data-section-id="${target.id}"])`)];
    act(() => {
      store.getState().run(setContentField, { sectionId: target.id, audience: 'visitor', path: ['title'], value: 'Typed on the canvas' });
    });
    const title = () => view.container.querySelector(`[data-section-id="${target.id}"] [data-field="title"]`)?.textContent;
    expect(title()).toBe('Typed on the canvas');
    // the other sections are the same DOM elements: craft re-rendered one node
    expect(others.every((el) => el.isConnected)).toBe(true);
    act(() => {
      store.getState().undo();
    });
    expect(title()).toBe(target.content.visitor.title);
  });

  it("keeps craft's nodes equal to the studio's document: settings right after the paint, structure at once", async () => {
    const store = createBuilderStore({ docs: { landing_page: landing } });
    let craftDoc: () => unknown = () => undefined;
    function Probe() {
      const { query } = useEditor();
      craftDoc = () => fromCraftNodes(query.getSerializedNodes());
      return null;
    }
    render(
      <BuilderStoreContext.Provider value={store}>
        <CraftCanvas kind="landing_page" ctx={previewContext('visitor', 'desktop', landing.theme)}>
          <Probe />
        </CraftCanvas>
      </BuilderStoreContext.Provider>,
    );
    const target = landing.sections[2]!;
    act(() => {
      store.getState().run(setContentField, { sectionId: target.id, audience: 'visitor', path: ['title'], value: 'Synced' });
    });
    await waitFor(() => expect(craftDoc()).toEqual(store.getState().docs.landing_page));
    act(() => {
      store.getState().run(moveSection, { sectionId: target.id, toIndex: 0 });
    });
    expect(craftDoc()).toEqual(store.getState().docs.landing_page);
  });

  it('rebuilds the order when a section moves', () => {
    const { store, view } = mountLanding(landing);
    const before = sectionIds(view.container);
    act(() => {
      store.getState().run(moveSection, { sectionId: before[0]!, toIndex: before.length - 1 });
    });
    expect(sectionIds(view.container)).toEqual([...before.slice(1), before[0]]);
  });

  it('selects in the studio what is clicked on the canvas, and outlines what is hovered', () => {
    const store = createBuilderStore({ docs: { landing_page: landing } });
    const ctx = previewContext('visitor', 'desktop', landing.theme);
    function Editing() {
      const editable = useCanvasEditable(() => undefined);
      return (
        <EditableContext.Provider value={editable}>
          <CraftCanvas kind="landing_page" ctx={ctx} />
        </EditableContext.Provider>
      );
    }
    const view = render(
      <BuilderStoreContext.Provider value={store}>
        <Editing />
      </BuilderStoreContext.Provider>,
    );
    const [first, second] = landing.sections.filter((s) => s.visible);
    const root = (id: string) => view.container.querySelector<HTMLElement>(`[data-bs-owner="${id}"]`)!;
    fireEvent.mouseDown(root(second!.id));
    expect(store.getState().selection).toBe(second!.id);
    expect(root(second!.id).hasAttribute('data-bs-selected')).toBe(true);
    fireEvent.mouseOver(root(first!.id));
    expect(store.getState().hovered).toBe(first!.id);
    expect(root(first!.id).hasAttribute('data-bs-hovered')).toBe(true);
    // the outline selects: craft follows, and a click on the canvas still wins afterwards
    act(() => {
      store.getState().select(first!.id);
    });
    fireEvent.mouseDown(root(second!.id));
    expect(store.getState().selection).toBe(second!.id);
  });
});

describe('the craft widget', () => {
  it('draws the previewed panel from the panel nodes, and follows a panel edit', () => {
    const doc = DEMO_DOCUMENTS.widget as WidgetDocument;
    const store = createBuilderStore({ docs: { widget: doc }, audience: 'visitor' });
    const ctx = previewContext('visitor', 'desktop', doc.theme_type);
    const view = render(
      <BuilderStoreContext.Provider value={store}>
        <CraftCanvas kind="widget" ctx={ctx} widgetView={{ panel: 'reward_points', onNavigate: () => undefined }} />
      </BuilderStoreContext.Provider>,
    );
    const storefront = render(<Widget doc={doc} ctx={ctx} inline panel="reward_points" onNavigate={() => undefined} />);
    const strip = (html: string) => html.replaceAll(/ls-w[^"-]*-(panel-)?title/g, 'ID');
    expect(strip(view.container.innerHTML)).toBe(strip(storefront.container.innerHTML));
    act(() => {
      store.getState().run(setPanelText, { panel: 'reward_points', audience: 'visitor', key: 'title', value: 'Your perks' });
    });
    expect(view.getByRole('heading', { name: 'Your perks' })).toBeTruthy();
  });
});
