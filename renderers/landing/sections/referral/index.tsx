/**
 * Referral (spec §2): what the friend gets (referee) and what the member gets (referrer);
 * a member also gets the personal referral link, a visitor the button (e.g. sign up to refer).
 */
import { referralOfferText } from '../../../format/index.ts';
import { t } from '../../../i18n/catalog.ts';
import { FieldText, LinkButton } from '../../../shared/text.tsx';
import { Icon } from '../../../shared/icons.tsx';
import { SectionFrame, type SectionProps } from '../../frame.tsx';
import type { SectionRenderer } from '../definition.ts';

function ReferralSection({ section, content, ctx }: SectionProps) {
  const owner = section.id;
  const link = ctx.audience === 'member' ? ctx.member?.referralLink : undefined;
  const rewards = [
    ['refereeReward', content.refereeReward ?? { title: t(ctx, 'referral.theyGet'), description: referralOfferText(ctx.program.referral.referee, ctx) }],
    ['referrerReward', content.referrerReward ?? { title: t(ctx, 'referral.youGet'), description: referralOfferText(ctx.program.referral.referrer, ctx) }],
  ] as const;
  const linkId = `ls-${section.id}-link`;
  return (
    <SectionFrame section={section} content={content} ctx={ctx}>
      <FieldText className="ls-text" field="paragraph" owner={owner} text={content.paragraph} ctx={ctx} />
      <ul className="ls-grid" style={{ ['--ls-cols-d' as string]: section.layout.desktop_columns ?? 2 }}>
        {rewards.map(([field, reward]) => (
          <li className="ls-card" key={field} data-field-group={field}>
            <Icon icon={field === 'refereeReward' ? 'gift' : 'heart'} ctx={ctx} />
            <FieldText as="h3" className="ls-card-title" field={`${field}.title`} owner={owner} text={reward.title} ctx={ctx} />
            <FieldText field={`${field}.description`} owner={owner} text={reward.description} ctx={ctx} />
          </li>
        ))}
      </ul>
      {link && (
        <div className="ls-form" data-member="referral-link" style={{ marginTop: 16 }}>
          <label htmlFor={linkId}>{t(ctx, 'referral.yourLink')}</label>
          <input className="ls-input" id={linkId} readOnly value={link} />
        </div>
      )}
      <div className="ls-actions">
        <LinkButton field="primary_button.label" owner={owner} label={content.primary_button?.label} url={content.primary_button?.url} ctx={ctx} />
      </div>
    </SectionFrame>
  );
}

export const definition: SectionRenderer = {
  Component: ReferralSection,
  styles: '.ls-referral .ls-card{align-items:var(--ls-items,flex-start)}',
};
