/** Timeline (spec §2): milestones with a date label, title, description and icon; vertical or horizontal. */
import { Icon } from '../../../shared/icons.tsx';
import { FieldText } from '../../../shared/text.tsx';
import { listAttributes, SectionFrame, type SectionProps } from '../../frame.tsx';
import type { SectionRenderer } from '../definition.ts';
import { desktop } from '../../../theme/stylesheet.ts';

function TimelineSection({ section, content, ctx }: SectionProps) {
  const events = content.events ?? [];
  const connectors = section.layout.show_connectors;
  return (
    <SectionFrame section={section} content={content} ctx={ctx}>
      {events.length > 0 && (
        <ol className="ls-timeline" {...listAttributes(section, content)}>
          {events.map((event, index) => (
            <li className="ls-card" key={index}>
              <Icon icon={event.icon} fallback="star" ctx={ctx} />
              <div className="ls-step-body">
                <FieldText className="ls-when" field={`events.${index}.date`} owner={section.id} text={event.date} ctx={ctx} />
                <FieldText as="h3" className="ls-card-title" field={`events.${index}.title`} owner={section.id} text={event.title} ctx={ctx} />
                <FieldText field={`events.${index}.description`} owner={section.id} text={event.description} ctx={ctx} />
              </div>
              {connectors && index < events.length - 1 && <span className="ls-connector" aria-hidden="true" />}
            </li>
          ))}
        </ol>
      )}
    </SectionFrame>
  );
}

export const definition: SectionRenderer = {
  Component: TimelineSection,
  styles:
    '.ls-timeline{list-style:none;padding:0;margin-top:24px;display:grid;gap:var(--ls-gap,16px)}' +
    '.ls-timeline[data-layout=list]{grid-template-columns:minmax(0,1fr)}' +
    '.ls-timeline>.ls-card{flex-direction:row;align-items:flex-start}' +
    '.ls-timeline[data-connectors]>.ls-card:not(:last-child)>.ls-connector{left:calc(20px + .75em)}' +
    desktop(['.ls-timeline:not([data-layout=list])'], 'grid-auto-flow:column;grid-auto-columns:minmax(0,1fr)') +
    desktop(['.ls-timeline:not([data-layout=list])>.ls-card:not(:last-child)>.ls-connector'], 'left:100%;top:2.5em;width:var(--ls-gap,16px);height:2px'),
};
