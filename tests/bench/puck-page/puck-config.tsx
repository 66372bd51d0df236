/**
 * The bench document as a Puck editor: one Puck component per landing section type, drawn by OUR
 * renderers (`LandingSection`), so Puck renders exactly the markup our canvas renders. Each section
 * is one Puck item whose props are the visitor variant's content (the variant our studio edits by
 * default) plus the rest of the section; the content's fields are Puck fields (text, object and
 * array fields), so the field panel of a selected section is Puck's equivalent of our Inspector.
 */
import { memo, useMemo, type CSSProperties, type ReactNode } from 'react';
import type { Config, Data, Field, Fields } from '@puckeditor/core';
import { LandingSection, paletteProperties } from '../../../renderers/index.ts';
import type { LandingPage, Section, SectionContent } from '../../../renderers/contract/index.ts';
import { previewContext } from '../../../builder/surfaces/preview-context.ts';

const AUDIENCE = 'visitor';

/** A Puck field for a content value: strings → text, numbers → number, flat objects → object, lists of objects → array. */
function fieldFor(label: string, value: unknown): Field | undefined {
  if (typeof value === 'string') return { type: 'text', label };
  if (typeof value === 'number') return { type: 'number', label };
  if (Array.isArray(value)) {
    const first = value[0] as unknown;
    if (!first || typeof first !== 'object') return undefined;
    return { type: 'array', label, arrayFields: fieldsOf(first as Record<string, unknown>) };
  }
  if (value && typeof value === 'object') return { type: 'object', label, objectFields: fieldsOf(value as Record<string, unknown>) };
  return undefined;
}

function fieldsOf(values: Record<string, unknown>): Fields {
  const fields: Fields = {};
  for (const [key, value] of Object.entries(values)) {
    const field = fieldFor(key === 'title' ? 'Title' : key, value);
    if (field) fields[key] = field;
  }
  return fields;
}

type SectionItemProps = { id: string; section: Section } & Record<string, unknown>;

/** One section: the item's content props put back into the section's visitor variant. Memoised like a careful Puck user would. */
const SectionView = memo(function SectionView({ id: _id, section, ...content }: SectionItemProps) {
  const ctx = useMemo(() => previewContext(AUDIENCE, 'desktop', 'light'), []);
  const merged = useMemo(
    () => ({ ...section, content: { ...section.content, [AUDIENCE]: { ...section.content[AUDIENCE], ...content } as SectionContent } }),
    // the content props change one at a time; a new object per changed value, as immer does for ours
    // oxlint-disable-next-line react-hooks/exhaustive-deps
    [section, ...Object.values(content)],
  );
  return <LandingSection section={merged} ctx={ctx} />;
});

export function puckData(doc: LandingPage): Data {
  return {
    root: { props: {} },
    content: doc.sections.map((section) => ({
      type: section.type,
      props: { id: section.id, section, ...section.content[AUDIENCE] },
    })),
  };
}

/** The components of the document's section types, each with the fields of its content. */
export function puckConfig(doc: LandingPage): Config {
  const components: Config['components'] = {};
  for (const section of doc.sections) {
    if (components[section.type]) continue;
    components[section.type] = {
      fields: fieldsOf(section.content[AUDIENCE] as Record<string, unknown>),
      render: ({ puck: _puck, editMode: _editMode, ...props }) => <SectionView {...(props as SectionItemProps)} />,
    };
  }
  const style = paletteProperties(doc.global, previewContext(AUDIENCE, 'desktop', doc.theme).themes?.[doc.theme]) as CSSProperties;
  return {
    components,
    // the same root as our canvas (`<LandingPage responsive>`): theme, audience and palette
    root: {
      render: ({ children }: { children?: ReactNode }) => (
        <div className="ls-root ls-landing" data-theme={doc.theme} data-audience={AUDIENCE} style={style}>
          {children}
        </div>
      ),
    },
  };
}
