/**
 * The list `Sections` of the landing page: keyboard- and pointer-sortable (@dnd-kit, host side:
 * dnd-kit does not reach into the iframe), each item named by its section label with a
 * `Visible` switch, duplicate and delete; the block palette below adds sections (builder/craft).
 */
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, useMemo } from 'react';
import type { SectionType } from '../../renderers/contract/index.ts';
import { SectionPalette } from '../craft/SectionPalette.tsx';
import { deleteSection, duplicateSection, moveSection, toggleVisible } from '../commands/index.ts';
import { useBuilder, useBuilderStore } from '../store/store.ts';
import { StudioIcon } from '../fields/StudioIcon.tsx';
import { sectionNames } from './section-names.ts';

function useSectionNames(): { id: string; name: string }[] {
  // a string key: typing in a section changes its object but not this, so the outline stays still
  const key = useBuilder((s) => s.docs.landing_page?.sections.map((x) => `${x.id} ${x.type}`).join('\n') ?? '');
  return useMemo(
    () =>
      sectionNames(
        key
          .split('\n')
          .filter(Boolean)
          .map((line) => {
            const [id = '', type = 'header'] = line.split(' ') as [string, SectionType];
            return { id, type };
          }),
      ),
    [key],
  );
}

const SectionItem = memo(function SectionItem({ id, name }: { id: string; name: string }) {
  const store = useBuilderStore();
  const visible = useBuilder((s) => s.docs.landing_page?.sections.find((x) => x.id === id)?.visible ?? false);
  const selected = useBuilder((s) => s.selection === id);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const run = store.getState().run;
  return (
    <li
      ref={setNodeRef}
      aria-label={name}
      className="bs-outline__item"
      data-selected={selected ? '' : undefined}
      data-dragging={isDragging ? '' : undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      onMouseEnter={() => store.getState().hover(id)}
      onMouseLeave={() => store.getState().hover(null)}
    >
      <button type="button" ref={setActivatorNodeRef} className="bs-outline__handle" {...attributes} {...listeners} aria-label={`Reorder ${name}`}>
        <StudioIcon name="drag" />
      </button>
      <button type="button" className="bs-outline__name" aria-pressed={selected} onClick={() => store.getState().select(id)}>
        {name}
      </button>
      <button
        type="button"
        role="switch"
        aria-checked={visible}
        aria-label="Visible"
        className="bs-switch bs-switch--compact"
        onClick={() => run(toggleVisible, { sectionId: id, visible: !visible })}
      >
        <span className="bs-switch__track" aria-hidden="true">
          <span className="bs-switch__thumb" />
        </span>
      </button>
      <button
        type="button"
        className="bs-icon-button"
        aria-label={`Duplicate ${name}`}
        onClick={() => {
          const before = new Set(store.getState().docs.landing_page?.sections.map((s) => s.id));
          run(duplicateSection, { sectionId: id });
          const added = store.getState().docs.landing_page?.sections.find((s) => !before.has(s.id));
          if (added) store.getState().select(added.id);
        }}
      >
        <StudioIcon name="duplicate" />
      </button>
      <button
        type="button"
        className="bs-icon-button"
        aria-label={`Delete ${name}`}
        onClick={() => {
          run(deleteSection, { sectionId: id });
          if (store.getState().selection === id) store.getState().select(null);
        }}
      >
        <StudioIcon name="delete" />
      </button>
    </li>
  );
});

export function SectionOutline() {
  const store = useBuilderStore();
  const items = useSectionNames();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const toIndex = items.findIndex((item) => item.id === over.id);
    if (toIndex >= 0) store.getState().run(moveSection, { sectionId: String(active.id), toIndex });
  };
  const ids = useMemo(() => items.map((i) => i.id), [items]);
  const names = new Map(items.map((i) => [i.id, i.name]));
  const nameOf = (id: string | number) => names.get(String(id)) ?? String(id);
  return (
    <nav className="bs-outline" aria-labelledby="bs-outline-heading">
      <div className="bs-outline__head">
        <h2 id="bs-outline-heading">Sections</h2>
        <button type="button" className="bs-link-button" onClick={() => store.getState().select(null)}>
          Page settings
        </button>
      </div>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements: {
            onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
            onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over ${nameOf(over.id)}.` : `${nameOf(active.id)} is no longer over a section.`),
            onDragEnd: ({ active, over }) =>
              over ? `${nameOf(active.id)} was dropped at the place of ${nameOf(over.id)}.` : `${nameOf(active.id)} was dropped.`,
            onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
          },
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ul aria-label="Sections" className="bs-outline__list">
            {items.map((item) => (
              <SectionItem key={item.id} id={item.id} name={item.name} />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      <SectionPalette />
    </nav>
  );
}
