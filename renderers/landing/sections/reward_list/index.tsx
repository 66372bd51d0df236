/**
 * Reward list (spec §2): the rewards on offer; a member also sees their own rewards with codes.
 */
import { memberRewardTitle, pointsAmount } from '../../../format/index.ts';
import { t } from '../../../i18n/catalog.ts';
import { Icon } from '../../../shared/icons.tsx';
import { FieldText, LinkButton } from '../../../shared/text.tsx';
import { listAttributes, SectionFrame, type SectionProps } from '../../frame.tsx';
import { SampleNote } from '../../../shared/program-data.tsx';
import { programMethods } from '../shared/points-methods.tsx';
import type { SectionRenderer } from '../definition.ts';

function RewardListSection({ section, content, ctx }: SectionProps) {
  const owner = section.id;
  const own = content.redeemMethods ?? [];
  const program = programMethods(ctx, 'redeem');
  const offers = own.length > 0 ? own : program.methods;
  const field = own.length > 0 ? 'redeemMethods' : 'program';
  const mine = ctx.audience === 'member' ? (ctx.member?.rewards ?? []).filter((r) => !r.used) : [];
  if (offers.length === 0 && mine.length === 0) return null;
  return (
    <SectionFrame section={section} content={content} ctx={ctx}>
      {own.length === 0 && program.sample && <SampleNote what="rewards" />}
      {mine.length > 0 && (
        <ul className="ls-rewards" data-member="rewards" aria-label={t(ctx, 'reward.yours')} style={{ marginTop: 16 }}>
          {mine.map((reward) => (
            <li key={reward.id}>
              <strong>{memberRewardTitle(reward, ctx)}</strong> · <span className="ls-code">{reward.code}</span>
            </li>
          ))}
        </ul>
      )}
      {offers.length > 0 && (
        <ul className="ls-grid" {...listAttributes(section, content)}>
          {offers.map((offer, index) => (
            <li className="ls-card" key={offer.id}>
              <Icon icon={offer.icon} fallback="gift" ctx={ctx} />
              <FieldText as="h3" className="ls-card-title" field={`${field}.${index}.title`} owner={owner} text={offer.title} ctx={ctx} />
              <FieldText field={`${field}.${index}.description`} owner={owner} text={offer.description} ctx={ctx} />
              {offer.points > 0 && <p className="ls-points">{pointsAmount(offer.points, ctx)}</p>}
            </li>
          ))}
        </ul>
      )}
      <div className="ls-actions">
        <LinkButton field="primary_button.label" owner={owner} label={content.primary_button?.label} url={content.primary_button?.url} ctx={ctx} />
      </div>
    </SectionFrame>
  );
}

export const definition: SectionRenderer = {
  Component: RewardListSection,
};
