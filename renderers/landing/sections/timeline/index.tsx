/** Timeline (spec §2): milestones with a date label, title, description and icon; vertical or horizontal. */
import type { ProgramData, RenderContext } from '../../../context.ts';
import { pointsAmount, redeemWayText } from '../../../format/index.ts';
import { t } from '../../../i18n/catalog.ts';
import type { TimelineEvent } from '../../../contract/index.ts';
import { Icon } from '../../../shared/icons.tsx';
import { programItems, SampleNote } from '../../../shared/program-data.tsx';
import { FieldText } from '../../../shared/text.tsx';
import { listAttributes, SectionFrame, type SectionProps } from '../../frame.tsx';
import type { SectionRenderer } from '../definition.ts';
import { desktop } from '../../../theme/stylesheet.ts';

/**
 * The program's milestones: each reward's cost and each VIP tier's threshold (tiers measured in
 * points), from the lowest amount up.
 */
function programMilestones(program: ProgramData, ctx: RenderContext): TimelineEvent[] {
  const rewards = program.waysToRedeem.map((way) => ({
    at: way.cost,
    event: { date: '', title: way.title, description: redeemWayText(way, { ...ctx, program }), icon: way.icon ?? 'gift' },
  }));
  const tiers = (program.tierBasis ?? 'points') === 'points' ? program.vipTiers.filter((tier) => tier.threshold > 0) : [];
  const reached = tiers.map((tier) => ({
    at: tier.threshold,
    event: { date: '', title: tier.name, description: t(ctx, 'tier.reach', { tier: tier.name }), icon: 'crown' },
  }));
  return [...rewards, ...reached].sort((a, b) => a.at - b.at).map(({ at, event }) => ({ ...event, date: pointsAmount(at, { ...ctx, program }) }));
}

function TimelineSection({ section, content, ctx }: SectionProps) {
  const own = content.events ?? [];
  const program = programItems(ctx, (data) => programMilestones(data, ctx));
  const events = own.length > 0 ? own : program.items;
  const base = own.length > 0 ? 'events' : 'program';
  const connectors = section.layout.show_connectors;
  if (events.length === 0) return null;
  return (
    <SectionFrame section={section} content={content} ctx={ctx}>
      {own.length === 0 && program.sample && <SampleNote what="milestones" />}
      {events.length > 0 && (
        <ol className="ls-timeline" {...listAttributes(section, content)}>
          {events.map((event, index) => (
            <li className="ls-card" key={index}>
              <Icon icon={event.icon} fallback="star" ctx={ctx} />
              <div className="ls-step-body">
                <FieldText className="ls-when" field={`${base}.${index}.date`} owner={section.id} text={event.date} ctx={ctx} />
                <FieldText as="h3" className="ls-card-title" field={`${base}.${index}.title`} owner={section.id} text={event.title} ctx={ctx} />
                <FieldText field={`${base}.${index}.description`} owner={section.id} text={event.description} ctx={ctx} />
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
    '.ls-timeline[data-connectors]>.ls-card:not(:last-child)>.ls-connector{inset-inline-start:calc(20px + .75em)}' +
    desktop(['.ls-timeline:not([data-layout=list])'], 'grid-auto-flow:column;grid-auto-columns:minmax(0,1fr)') +
    desktop(
      ['.ls-timeline:not([data-layout=list])>.ls-card:not(:last-child)>.ls-connector'],
      'inset-inline-start:100%;top:2.5em;width:var(--ls-gap,16px);height:2px',
    ),
};
