/**
 * Ways to earn and ways to redeem (spec §2): cards of the section's methods, or the program's
 * rules when the section lists none. A member sees which rewards the balance already covers.
 */
import type { EarnWay, RedeemWay, RenderContext } from '../../../context.ts';
import { programItems, SampleNote } from '../../../shared/program-data.tsx';
import { earnWayText, pointsAmount, redeemWayText } from '../../../format/index.ts';
import { t } from '../../../i18n/catalog.ts';
import type { PointsMethod } from '../../../contract/index.ts';
import { Icon } from '../../../shared/icons.tsx';
import { EarnActionControl } from '../../../shared/earn-action.tsx';
import { FieldText } from '../../../shared/text.tsx';
import { listAttributes, SectionFrame, type SectionProps } from '../../frame.tsx';

export type Mode = 'earn' | 'redeem';

/** The program's ways as cards (the canvas's sample ways where the store has none). */
export function programMethods(ctx: RenderContext, mode: Mode): { methods: PointsMethod[]; sample: boolean } {
  const { items, sample } = programItems<EarnWay | RedeemWay>(ctx, (program) => (mode === 'earn' ? program.waysToEarn : program.waysToRedeem));
  const methods = items.map((rule) => ({
    id: rule.id,
    title: rule.title,
    description: 'cost' in rule ? redeemWayText(rule, ctx) : earnWayText(rule, ctx),
    points: 'cost' in rule ? rule.cost : (rule.points ?? 0),
    icon: rule.icon ?? (mode === 'earn' ? 'coins' : 'gift'),
  }));
  return { methods, sample };
}

function pointsText(method: PointsMethod, mode: Mode, ctx: RenderContext): string {
  if (method.points <= 0) return '';
  const amount = pointsAmount(method.points, ctx);
  return mode === 'earn' ? `+${amount}` : amount;
}

function PointsMethodsSection({ section, content, ctx, mode }: SectionProps & { mode: Mode }) {
  const field = mode === 'earn' ? 'earningMethods' : 'redeemMethods';
  const own = (mode === 'earn' ? content.earningMethods : content.redeemMethods) ?? [];
  const program = programMethods(ctx, mode);
  const methods = own.length > 0 ? own : program.methods;
  // a section with nothing to list is left out of the storefront
  if (methods.length === 0) return null;
  const balance = ctx.audience === 'member' ? ctx.member?.pointsBalance : undefined;
  // the page runs no script: a way the shopper performs shows its link (follow, review)
  const actions = new Map(mode === 'earn' && own.length === 0 ? ctx.program.waysToEarn.map((way) => [way.id, way.action]) : []);
  return (
    <SectionFrame section={section} content={content} ctx={ctx}>
      {own.length === 0 && program.sample && <SampleNote what={mode === 'earn' ? 'ways to earn' : 'ways to redeem'} />}
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
                  {actions.get(method.id) && <EarnActionControl id={method.id} action={actions.get(method.id)!} words={ctx} />}
                  {mode === 'redeem' && balance !== undefined && method.points > 0 && (
                    <p className="ls-when" data-member="affordable">
                      {balance >= method.points ? t(ctx, 'points.availableNow') : t(ctx, 'points.toGo', { amount: pointsAmount(method.points - balance, ctx) })}
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
