/** Header (spec §2): title, sub heading, paragraph and one button; a member also sees the balance. */
import { pointsAmount } from '../../../format/index.ts';
import { FieldText, LinkButton } from '../../../shared/text.tsx';
import { SectionFrame, type SectionProps } from '../../frame.tsx';
import type { SectionRenderer } from '../definition.ts';

function HeaderSection({ section, content, ctx }: SectionProps) {
  const member = ctx.audience === 'member' ? ctx.member : undefined;
  return (
    <SectionFrame section={section} content={content} ctx={ctx}>
      <FieldText className="ls-text" field="paragraph" owner={section.id} text={content.paragraph} ctx={ctx} />
      {member && (
        <p className="ls-text ls-points" data-member="balance">
          {pointsAmount(member.pointsBalance, ctx)}
          {member.tier.current ? ` · ${member.tier.current}` : ''}
        </p>
      )}
      <div className="ls-actions">
        <LinkButton field="primary_button.label" owner={section.id} label={content.primary_button?.label} url={content.primary_button?.url} ctx={ctx} />
      </div>
    </SectionFrame>
  );
}

export const definition: SectionRenderer = {
  Component: HeaderSection,
};
