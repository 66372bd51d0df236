// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CUSTOM_STYLE_FIELD_LABELS, SECTION_FIELD_META, SECTION_FIELDS, SECTION_TYPES, type FieldMeta } from '../../renderers/contract/index.ts';
import { DEFAULT_CUSTOM_STYLE, DEFAULT_LANDING_PAGE } from '../../presets/index.ts';
import { createMemoryApi } from '../studio/memory-api.ts';
import { BuilderApiContext } from '../studio/api-context.ts';
import type { SurfaceDocs } from '../store/documents.ts';
import { BuilderStoreContext, createBuilderStore } from '../store/store.ts';
import { Inspector } from './Inspector.tsx';

afterEach(cleanup);

/** The labels a field shows: its own, or (buttons, rewards) the labels of its parts. */
function labelsOf(meta: FieldMeta): string[] {
  if (meta.control === 'button') return [`${meta.label} label`, `${meta.label} URL`];
  if (meta.control === 'referral_reward') return [`${meta.label} title`, `${meta.label} description`];
  if (meta.control === 'list') return [];
  if (meta.control === 'number' && meta.unit === 'px') return [`${meta.label} (px)`];
  return [meta.label];
}

function renderInspector(sectionId?: string, docs: SurfaceDocs = { landing_page: structuredClone(DEFAULT_LANDING_PAGE) }) {
  const store = createBuilderStore({ docs });
  if (sectionId) store.getState().select(sectionId);
  render(
    <BuilderApiContext.Provider value={createMemoryApi()}>
      <BuilderStoreContext.Provider value={store}>
        <Inspector surface="landing-page" />
      </BuilderStoreContext.Provider>
    </BuilderApiContext.Provider>,
  );
  return { store, region: screen.getByRole('region', { name: 'Inspector' }) };
}

describe('Inspector', () => {
  it.each(SECTION_TYPES)('shows every Content, Style and Layout field of a %s section, labelled by its setting', (type) => {
    const section = DEFAULT_LANDING_PAGE.sections.find((s) => s.type === type)!;
    const { region } = renderInspector(section.id);
    const fields = SECTION_FIELDS[type];
    const metas = [
      ...fields.content.map((k) => SECTION_FIELD_META.content[k]),
      ...fields.style.map((k) => SECTION_FIELD_META.style[k]),
      ...fields.layout.map((k) => SECTION_FIELD_META.layout[k]),
    ];
    for (const meta of metas) {
      if (meta.control === 'list') expect(within(region).getByRole('group', { name: meta.label })).toBeTruthy();
      else if (meta.control === 'switch') expect(within(region).getByRole('switch', { name: meta.label })).toBeTruthy();
      else for (const label of labelsOf(meta)) expect(within(region).getAllByLabelText(label, { exact: true }).length).toBeGreaterThan(0);
    }
  });

  it('edits the previewed audience only, through commands', async () => {
    const { store, region } = renderInspector('header');
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.change(within(region).getByLabelText('Title', { exact: true }), { target: { value: 'Hello' } });
    const header = store.getState().docs.landing_page!.sections.find((s) => s.id === 'header')!;
    expect(header.content.visitor.title).toBe('Hello');
    expect(header.content.member.title).not.toBe('Hello');
    expect(store.getState().history.past).toHaveLength(1);
  });

  it('shows the palette and theme when nothing is selected', () => {
    const store = createBuilderStore({ docs: { landing_page: structuredClone(DEFAULT_LANDING_PAGE) } });
    render(
      <BuilderStoreContext.Provider value={store}>
        <Inspector surface="landing-page" />
      </BuilderStoreContext.Provider>,
    );
    for (const label of ['Theme', 'Primary color', 'Secondary color', 'Text color']) expect(screen.getByLabelText(label, { exact: true })).toBeTruthy();
  });
});

describe('Custom style group', () => {
  it("edits the page's custom style, field by field, labelled by setting; empty fields mean the theme", async () => {
    const { store, region } = renderInspector(undefined, {
      landing_page: structuredClone(DEFAULT_LANDING_PAGE),
      custom_style: structuredClone(DEFAULT_CUSTOM_STYLE),
    });
    const group = within(region).getByRole('region', { name: 'Custom style' });
    for (const label of Object.values(CUSTOM_STYLE_FIELD_LABELS)) expect(within(group).getAllByLabelText(new RegExp(`^${label}`)).length).toBeGreaterThan(0);
    const user = userEvent.setup();
    await user.type(within(group).getByLabelText('Accent color', { exact: true }), '#5b2a86');
    await user.selectOptions(within(group).getByLabelText('Shadow'), 'strong');
    expect(store.getState().docs.custom_style!.styles).toEqual({ landing_page: { accent_color: '#5b2a86', shadow: 'strong' } });
    await user.selectOptions(within(group).getByLabelText('Shadow'), '');
    expect(store.getState().docs.custom_style!.styles).toEqual({ landing_page: { accent_color: '#5b2a86' } });
  });
});
