/**
 * Ways to earn and ways to redeem (spec §2): cards of the section's methods, or the program's
 * rules when the section lists none. A member sees which rewards the balance already covers.
 */
import type { RenderContext } from '../../../context.ts';
import { formatPoints } from '../../../format/index.ts';
import type { PointsMethod } from '../../../schema/index.ts';
import { Icon } from '../../../shared/icons.tsx';
import { FieldText } from '../../../shared/text.tsx';
import { listAttributes, SectionFrame, type SectionProps } from '../../frame.tsx';

type Mode = 'earn' | 'redeem';

function programMethods(ctx: RenderContext, mode: Mode): PointsMethod[] {
  const rules = mode === 'earn' ? ctx.program.waysToEarn : ctx.program.waysToRedeem;
  return rules.map((rule) => ({
    id: rule.id,
    title: rule.title,
    description: rule.description ?? '',
    points: 'cost' in rule ? rule.cost : (rule.points ?? 0),
    icon: rule.icon ?? (mode === 'earn' ? 'coins' : 'gift'),
  }));
}

function pointsText(method: PointsMethod, mode: Mode, ctx: RenderContext): string {
  if (method.points <= 0) return '';
  const amount = `${formatPoints(method.points, ctx.locale)} ${ctx.program.pointsLabel}`;
  return mode === 'earn' ? `+${amount}` : amount;
}

function PointsMethodsSection({ section, content, ctx, mode }: SectionProps & { mode: Mode }) {
  const field = mode === 'earn' ? 'earningMethods' : 'redeemMethods';
  const own = (mode === 'earn' ? content.earningMethods : content.redeemMethods) ?? [];
  const methods = own.length > 0 ? own : programMethods(ctx, mode);
  const balance = ctx.audience === 'member' ? ctx.member?.pointsBalance : undefined;
  return (
    <SectionFrame section={section} content={content} ctx={ctx}>
      {methods.length > 0 && (
        <ul className="ls-grid" {...listAttributes(section, content)}>
          {methods.map((method, index) => {
            const path = own.length > 0 ? `${field}.${index}` : `program.${method.id}`;
            return (
              <li className="ls-card" key={method.id}>
                <Icon icon={method.icon} fallback={mode === 'earn' ? 'star' : 'gift'} ctx={ctx} />
                <div className="ls-step-body">
                  <FieldText as="h3" className="ls-card-title" field={`${path}.title`} owner={section.id} text={method.title} ctx={ctx} />
                  <FieldText field={`${path}.description`} owner={section.id} text={method.description} ctx={ctx} />
                  <p className="ls-points">{pointsText(method, mode, ctx)}</p>
                  {mode === 'redeem' && balance !== undefined && method.points > 0 && (
                    <p className="ls-when" data-member="affordable">
                      {balance >= method.points ? 'Available now' : `${formatPoints(method.points - balance, ctx.locale)} ${ctx.program.pointsLabel} to go`}
                    </p>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </SectionFrame>
  );
}

export const WaysToEarnSection = (props: SectionProps) => <PointsMethodsSection {...props} mode="earn" />;
export const WaysToRedeemSection = (props: SectionProps) => <PointsMethodsSection {...props} mode="redeem" />;
