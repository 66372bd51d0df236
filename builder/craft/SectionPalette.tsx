/**
 * The block palette of the landing page studio: one entry per section type. Dragged onto the
 * canvas it becomes a new section where it is dropped (craft's `create` connector; the drop runs
 * the studio's add-section command); clicked or pressed, it adds the section after the selected
 * one (or at the end).
 */
import { useEditor } from '@craftjs/core';
import { createElement, useCallback } from 'react';
import { SECTION_LABELS, SECTION_TYPES, type SectionType } from '../../renderers/contract/index.ts';
import { addSection, nextSectionId } from '../commands/index.ts';
import { StudioIcon } from '../fields/StudioIcon.tsx';
import { useBuilderStore } from '../store/store.ts';
import { CRAFT_RESOLVER } from './resolver.tsx';

function PaletteItem({ type, onAdd }: { type: SectionType; onAdd(type: SectionType): void }) {
  const { connectors } = useEditor();
  const ref = useCallback(
    (element: HTMLButtonElement | null) => {
      if (element) connectors.create(element, createElement(CRAFT_RESOLVER[type]));
    },
    [connectors, type],
  );
  return (
    <li>
      <button ref={ref} type="button" className="bs-palette__item" onClick={() => onAdd(type)} aria-label={`Add ${SECTION_LABELS[type]}`}>
        <StudioIcon name="drag" />
        {SECTION_LABELS[type]}
      </button>
    </li>
  );
}

export function SectionPalette() {
  const store = useBuilderStore();
  const add = useCallback(
    (type: SectionType) => {
      const state = store.getState();
      const sections = state.docs.landing_page?.sections ?? [];
      const id = nextSectionId(sections, type);
      const afterId = state.selection && sections.some((s) => s.id === state.selection) ? state.selection : undefined;
      if (state.run(addSection, { type, afterId, id })) state.select(id);
    },
    [store],
  );
  return (
    <section className="bs-palette" aria-labelledby="bs-palette-heading">
      <h3 id="bs-palette-heading">Add a section</h3>
      <p className="bs-field__hint">Drag one onto the page, or press it to add it after the selected section.</p>
      <ul className="bs-palette__list">
        {SECTION_TYPES.map((type) => (
          <PaletteItem key={type} type={type} onAdd={add} />
        ))}
      </ul>
    </section>
  );
}
