// @vitest-environment jsdom
import { useEditor } from '@craftjs/core';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_DOCUMENTS, DEFAULT_DOCUMENTS } from '../../presets/index.ts';
import { EditableContext, LandingPage, Widget } from '../../renderers/index.ts';
import { CanvasOwner, useCanvasEditable } from '../canvas/editable.tsx';
import type { LandingPage as LandingDocument, Widget as WidgetDocument } from '../../renderers/contract/index.ts';
import { moveSection, setContentField, setPanelText } from '../commands/index.ts';
import { BuilderStoreContext, createBuilderStore, type BuilderStore } from '../store/store.ts';
import { previewContext } from '../surfaces/preview-context.ts';
import { ROOT_ID, sectionNodeId, type CraftKind } from './adapter.ts';
import { CraftCanvas } from './CraftCanvas.tsx';
import { CraftEditor } from './CraftEditor.tsx';
import { CRAFT_RESOLVER } from './resolver.tsx';

afterEach(cleanup);

const landing = DEMO_DOCUMENTS.landing_page as LandingDocument;

type Craft = ReturnType<typeof useEditor>;
/** Hands out the editor's actions and query, as a drop on the canvas would use them. */
function probe(): { craft: () => Craft; Probe: () => null } {
  let craft: Craft | undefined;
  return {
    craft: () => craft!,
    Probe: () => {
      craft = useEditor();
      return null;
    },
  };
}

function studio(kind: CraftKind, store: BuilderStore, children: ReactNode) {
  return render(
    <BuilderStoreContext.Provider value={store}>
      <CraftEditor kind={kind}>{children}</CraftEditor>
    </BuilderStoreContext.Provider>,
  );
}

function Editing({ children }: { children: ReactNode }) {
  const editable = useCanvasEditable(() => undefined);
  return <EditableContext.Provider value={editable}>{children}</EditableContext.Provider>;
}

function mountLanding(doc: LandingDocument, audience: 'member' | 'visitor' = 'visitor', extra?: ReactNode, editing = true) {
  const store = createBuilderStore({ docs: { landing_page: doc }, audience });
  const ctx = previewContext(audience, 'desktop', doc.theme);
  const canvas = <CraftCanvas ctx={ctx} />;
  const view = studio(
    'landing_page',
    store,
    <>
      {editing ? <Editing>{canvas}</Editing> : canvas}
      {extra}
    </>,
  );
  return { store, view, ctx };
}

const sectionIds = (root: HTMLElement) => [...root.querySelectorAll('[data-section-id]')].map((el) => el.getAttribute('data-section-id'));
const owner = (root: HTMLElement, id: string) => root.querySelector<HTMLElement>(`[data-bs-owner="${id}"]`)!;

describe('the craft canvas', () => {
  it.each([
    ['default', 'visitor', DEFAULT_DOCUMENTS.landing_page as LandingDocument],
    ['demo', 'member', landing],
    ['dark demo', 'visitor', { ...landing, theme: 'dark-experimental' } as LandingDocument],
  ] as const)('draws exactly the storefront markup (%s page, %s)', (_, audience, doc) => {
    const { view, ctx } = mountLanding(doc, audience, undefined, false);
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
    // the other sections are the same DOM elements: one block re-rendered
    expect(others.every((el) => el.isConnected)).toBe(true);
    act(() => {
      store.getState().undo();
    });
    expect(title()).toBe(target.content.visitor.title);
  });

  it("keeps craft's nodes to the page's structure: a keystroke leaves them, a move rebuilds them", () => {
    const { craft, Probe } = probe();
    const { store } = mountLanding(landing, 'visitor', <Probe />);
    const rootNodes = () => craft().query.node(ROOT_ID).get().data.nodes;
    const serialized = craft().query.serialize();
    act(() => {
      store.getState().run(setContentField, { sectionId: landing.sections[2]!.id, audience: 'visitor', path: ['title'], value: 'Typed' });
    });
    expect(craft().query.serialize()).toBe(serialized);
    act(() => {
      store.getState().run(moveSection, { sectionId: landing.sections[2]!.id, toIndex: 0 });
    });
    expect(rootNodes()).toEqual(store.getState().docs.landing_page!.sections.map((s) => sectionNodeId(s.id)));
  });

  it('rebuilds the order when a section moves', () => {
    const { store, view } = mountLanding(landing);
    const before = sectionIds(view.container);
    act(() => {
      store.getState().run(moveSection, { sectionId: before[0]!, toIndex: before.length - 1 });
    });
    expect(sectionIds(view.container)).toEqual([...before.slice(1), before[0]]);
  });

  it('a section dragged on the canvas is one move of the studio, undone by its undo', async () => {
    const { craft, Probe } = probe();
    const { store, view } = mountLanding(landing, 'visitor', <Probe />);
    const before = sectionIds(view.container);
    expect(owner(view.container, before[1]!).getAttribute('draggable')).toBe('true');
    act(() => {
      craft().actions.move(sectionNodeId(before[1]!), ROOT_ID, 0);
    });
    await waitFor(() => expect(store.getState().docs.landing_page!.sections.map((s) => s.id)).toEqual([before[1], before[0], ...before.slice(2)]));
    expect(sectionIds(view.container)).toEqual([before[1], before[0], ...before.slice(2)]);
    act(() => {
      store.getState().undo();
    });
    expect(sectionIds(view.container)).toEqual(before);
  });

  it('a block dropped from the palette becomes a new section there, selected', async () => {
    const { craft, Probe } = probe();
    const { store, view } = mountLanding(landing, 'visitor', <Probe />);
    const before = store.getState().docs.landing_page!.sections.map((s) => s.id);
    act(() => {
      const tree = craft().query.parseReactElement(createElement(CRAFT_RESOLVER.timeline)).toNodeTree();
      craft().actions.addNodeTree(tree, ROOT_ID, 1);
    });
    await waitFor(() => expect(store.getState().docs.landing_page!.sections).toHaveLength(before.length + 1));
    const added = store.getState().docs.landing_page!.sections[1]!;
    expect(added.type).toBe('timeline');
    expect(store.getState().selection).toBe(added.id);
    expect(sectionIds(view.container)[1]).toBe(added.id);
    expect(craft().query.node(ROOT_ID).get().data.nodes[1]).toBe(sectionNodeId(added.id));
  });

  it('selects in the studio what is clicked on the canvas, and outlines what is hovered', () => {
    const { store, view } = mountLanding(landing);
    const [first, second] = landing.sections.filter((s) => s.visible);
    fireEvent.mouseDown(owner(view.container, second!.id));
    expect(store.getState().selection).toBe(second!.id);
    expect(owner(view.container, second!.id).hasAttribute('data-bs-selected')).toBe(true);
    fireEvent.mouseOver(owner(view.container, first!.id));
    expect(store.getState().hovered).toBe(first!.id);
    expect(owner(view.container, first!.id).hasAttribute('data-bs-hovered')).toBe(true);
    // the outline selects: craft follows, and a click on the canvas still wins afterwards
    act(() => {
      store.getState().select(first!.id);
    });
    fireEvent.mouseDown(owner(view.container, second!.id));
    expect(store.getState().selection).toBe(second!.id);
  });
});

describe('the craft widget and sticky bar', () => {
  it('draws the previewed panel, follows a panel edit, and selects the launcher through craft', () => {
    const doc = DEMO_DOCUMENTS.widget as WidgetDocument;
    const store = createBuilderStore({ docs: { widget: doc }, audience: 'visitor' });
    const ctx = previewContext('visitor', 'desktop', doc.theme_type);
    const view = studio(
      'widget',
      store,
      <>
        <CraftCanvas ctx={ctx} widgetView={{ panel: 'reward_points', onNavigate: () => undefined }} />
        <CanvasOwner id="launcher" type="launcher" node={<div>launcher</div>} />
      </>,
    );
    const storefront = render(<Widget doc={doc} ctx={ctx} inline panel="reward_points" onNavigate={() => undefined} />);
    const strip = (html: string) => html.replaceAll(/ls-w[^"-]*-(panel-)?title/g, 'ID');
    expect(strip(view.container.querySelector('.ls-root')!.outerHTML)).toBe(strip(storefront.container.innerHTML));
    act(() => {
      store.getState().run(setPanelText, { panel: 'reward_points', audience: 'visitor', key: 'title', value: 'Your perks' });
    });
    expect(view.getByRole('heading', { name: 'Your perks' })).toBeTruthy();
    fireEvent.mouseDown(owner(view.container, 'launcher'));
    expect(store.getState().selection).toBe('launcher');
    expect(owner(view.container, 'launcher').hasAttribute('data-bs-selected')).toBe(true);
  });

  it('selects and outlines the sticky bar through craft', () => {
    const store = createBuilderStore({ docs: { sticky_bar: DEMO_DOCUMENTS.sticky_bar } });
    const view = studio(
      'sticky_bar',
      store,
      <>
        <CraftCanvas ctx={previewContext('visitor', 'desktop', 'light')} />
        <CanvasOwner id="bar" type="sticky_bar" node={<div>bar</div>} />
      </>,
    );
    fireEvent.mouseOver(owner(view.container, 'bar'));
    expect(store.getState().hovered).toBe('bar');
    fireEvent.mouseDown(owner(view.container, 'bar'));
    expect(store.getState().selection).toBe('bar');
  });
});
