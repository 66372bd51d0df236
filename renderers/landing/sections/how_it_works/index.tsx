/** How it works (spec §2): numbered steps with images, connectors and image placement per device. */
import { safeUrl } from '../../../format/index.ts';
import { FieldText } from '../../../shared/text.tsx';
import { listAttributes, SectionFrame, type SectionProps } from '../../frame.tsx';
import type { SectionRenderer } from '../definition.ts';
import { desktop } from '../../../theme/stylesheet.ts';

function HowItWorksSection({ section, content, ctx }: SectionProps) {
  const steps = content.steps ?? [];
  const { show_numbers: numbers, show_connectors: connectors } = section.layout;
  return (
    <SectionFrame section={section} content={content} ctx={ctx}>
      {steps.length > 0 && (
        <ol className="ls-grid" {...listAttributes(section, content)}>
          {steps.map((step, index) => {
            const src = safeUrl(step.imageUrl);
            return (
              <li className="ls-card ls-step" key={index}>
                {src && <img src={src} alt="" loading="lazy" decoding="async" />}
                <div className="ls-step-body">
                  {numbers && (
                    <span className="ls-num" aria-hidden="true">
                      {index + 1}
                    </span>
                  )}
                  <FieldText as="h3" className="ls-card-title" field={`steps.${index}.heading`} owner={section.id} text={step.heading} ctx={ctx} />
                  <FieldText field={`steps.${index}.paragraph`} owner={section.id} text={step.paragraph} ctx={ctx} />
                </div>
                {connectors && index < steps.length - 1 && <span className="ls-connector" aria-hidden="true" />}
              </li>
            );
          })}
        </ol>
      )}
    </SectionFrame>
  );
}

export const definition: SectionRenderer = {
  Component: HowItWorksSection,
  styles:
    '.ls-step{flex-direction:var(--ls-dir-m,column)}' +
    '.ls-step>img{display:var(--ls-img-m,block);width:var(--ls-img-w-m,100%);border-radius:calc(var(--ls-radius) / 2)}' +
    desktop(['.ls-step'], 'flex-direction:var(--ls-dir-d,column)') +
    desktop(['.ls-step>img'], 'display:var(--ls-img-d,block);width:var(--ls-img-w-d,100%)'),
};
