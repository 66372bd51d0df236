/** Content (of the previewed audience), Style and Layout of the selected landing page section. */
import { SECTION_LABELS } from '../../renderers/contract/index.ts';
import { copyToAudience } from '../commands/index.ts';
import { useBuilder } from '../store/store.ts';
import { ContentFields } from './ContentFields.tsx';
import { LayoutFields, StyleFields } from './StyleLayoutFields.tsx';
import { useEdit } from './use-edit.ts';

const AUDIENCE_NAMES = { member: 'Member', visitor: 'Visitor' } as const;

export function SectionInspector({ sectionId }: { sectionId: string }) {
  const { run } = useEdit();
  const section = useBuilder((s) => s.view.landing_page?.sections.find((x) => x.id === sectionId));
  const audience = useBuilder((s) => s.audience);
  if (!section) return <p className="bs-muted">This section no longer exists.</p>;
  const other = audience === 'member' ? 'visitor' : 'member';
  return (
    <div className="bs-inspector__body">
      <h2 className="bs-inspector__title">{SECTION_LABELS[section.type]}</h2>
      <section className="bs-inspector__group" aria-labelledby="bs-content-heading">
        <h3 id="bs-content-heading">
          Content <span className="bs-badge">{AUDIENCE_NAMES[audience]}</span>
        </h3>
        <p className="bs-muted">
          You are editing what {audience === 'member' ? 'signed-in members' : 'visitors'} see. Switch Audience to edit the other variant.
        </p>
        <button type="button" className="bs-link-button" onClick={() => run(copyToAudience, { sectionId, from: audience })}>
          Copy this content to {AUDIENCE_NAMES[other]}
        </button>
        <ContentFields key={`${sectionId}:${audience}`} section={section} audience={audience} />
      </section>
      <section className="bs-inspector__group" aria-labelledby="bs-style-heading">
        <h3 id="bs-style-heading">Style</h3>
        <StyleFields sectionId={sectionId} type={section.type} style={section.style} />
      </section>
      <section className="bs-inspector__group" aria-labelledby="bs-layout-heading">
        <h3 id="bs-layout-heading">Layout</h3>
        <LayoutFields sectionId={sectionId} type={section.type} layout={section.layout} />
      </section>
    </div>
  );
}
