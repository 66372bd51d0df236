/** Banner (spec §2): title, paragraph, two buttons; a visitor also gets the sign-up and sign-in links. */
import { t } from '../../../i18n/catalog.ts';
import { FieldText, LinkButton } from '../../../shared/text.tsx';
import { SectionFrame, type SectionProps } from '../../frame.tsx';
import type { SectionRenderer } from '../definition.ts';

function BannerSection({ section, content, ctx }: SectionProps) {
  const owner = section.id;
  const primary = content.primary_button;
  const secondary = content.secondary_button;
  return (
    <SectionFrame section={section} content={content} ctx={ctx} level={1}>
      <FieldText className="ls-text" field="paragraph" owner={owner} text={content.paragraph} ctx={ctx} />
      <div className="ls-actions">
        <LinkButton field="primary_button.label" owner={owner} label={primary?.label} url={primary?.url || content.sign_up_url} ctx={ctx} />
        <LinkButton field="secondary_button.label" owner={owner} label={secondary?.label} url={secondary?.url || content.sign_in_url} ctx={ctx} secondary />
        {!primary?.label && content.sign_up_url && (
          <LinkButton field="sign_up_url" owner={owner} label={t(ctx, 'join.now')} url={content.sign_up_url} ctx={ctx} />
        )}
        {!secondary?.label && content.sign_in_url && (
          <LinkButton field="sign_in_url" owner={owner} label={t(ctx, 'sign.in')} url={content.sign_in_url} ctx={ctx} secondary />
        )}
      </div>
    </SectionFrame>
  );
}

export const definition: SectionRenderer = {
  Component: BannerSection,
  styles: '.ls-banner .ls-title{font-size:2.5em}',
};
