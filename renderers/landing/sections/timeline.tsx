/** Timeline (spec §2): milestones with a date label, title, description and icon; vertical or horizontal. */
import { Icon } from '../../shared/icons.tsx';
import { FieldText } from '../../shared/text.tsx';
import { listAttributes, SectionFrame, type SectionProps } from '../frame.tsx';

export function TimelineSection({ section, content, ctx }: SectionProps) {
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
