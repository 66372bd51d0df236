/**
 * VIP tiers (spec §2): tier cards with thresholds, perks and rewards (expanded or collapsed),
 * spacing and alignment, and a progress line (a member's progress to the next tier).
 */
import { programItems, SampleNote } from '../../../shared/program-data.tsx';
import type { RenderContext, TierBasis } from '../../../context.ts';
import { formatTierAmount } from '../../../format/index.ts';
import type { LoyaltyTier } from '../../../contract/index.ts';
import { Icon } from '../../../shared/icons.tsx';
import { FieldText } from '../../../shared/text.tsx';
import { listAttributes, SectionFrame, TEXT_ALIGN, type SectionProps } from '../../frame.tsx';
import { t } from '../../../i18n/catalog.ts';
import type { SectionRenderer } from '../definition.ts';

function TierList({
  items,
  field,
  label,
  open,
  owner,
  ctx,
}: {
  items: string[];
  field: string;
  label: string;
  open: boolean;
  owner: string;
  ctx: RenderContext;
}) {
  if (items.length === 0) return null;
  return (
    <details open={open}>
      <summary>
        {label} ({items.length})
      </summary>
      <ul>
        {items.map((item, index) => (
          <FieldText as="li" key={index} field={`${field}.${index}`} owner={owner} text={item} ctx={ctx} />
        ))}
      </ul>
    </details>
  );
}

function ProgressLine({ ctx, tiers, basis }: { ctx: RenderContext; tiers: LoyaltyTier[]; basis: TierBasis | undefined }) {
  const member = ctx.audience === 'member' ? ctx.member : undefined;
  if (member) {
    const { next, pointsToNext, progress } = member.tier;
    const percent = Math.round(Math.min(1, Math.max(0, progress)) * 100);
    return (
      <div className="ls-tier-line" data-member="tier-progress">
        <p>{next ? t(ctx, 'tier.left', { amount: formatTierAmount(pointsToNext ?? 0, ctx, member.tier.basis ?? basis), tier: next }) : t(ctx, 'tier.top')}</p>
        <div className="ls-meter" role="progressbar" aria-label={t(ctx, 'tier.progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <span style={{ width: `${percent}%` }} />
        </div>
      </div>
    );
  }
  return (
    <div className="ls-tier-line">
      <p>{tiers.map((tier) => `${tier.name}: ${formatTierAmount(tier.threshold, ctx, basis)}`).join(' → ')}</p>
      <div className="ls-meter" aria-hidden="true">
        <span style={{ width: 0 }} />
      </div>
    </div>
  );
}

function VipTiersSection({ section, content, ctx }: SectionProps) {
  // the store's tiers, never a list of the page's own: a page cannot promise tiers the program lacks
  const { items, sample } = programItems(ctx, (program) => program.vipTiers);
  if (items.length === 0) return null;
  const tiers: LoyaltyTier[] = items.map((item) => ({ ...item, rewards: item.rewards ?? [] }));
  const { layout } = section;
  const current = ctx.audience === 'member' ? ctx.member?.tier.current : undefined;
  const base = 'program';
  const basis = (sample ? ctx.sampleProgram : ctx.program)?.tierBasis;
  return (
    <SectionFrame section={section} content={content} ctx={ctx}>
      {sample && <SampleNote what="VIP tiers" />}
      {layout.progress_line && tiers.length > 0 && <ProgressLine ctx={ctx} tiers={tiers} basis={basis} />}
      {tiers.length > 0 && (
        <ol
          className="ls-grid ls-tiers"
          {...listAttributes(section, content)}
          style={{ ['--ls-align' as string]: layout.tier_alignment && TEXT_ALIGN[layout.tier_alignment] }}
        >
          {tiers.map((tier, index) => {
            const path = `${base}.${index}`;
            const isCurrent = current !== undefined && current === tier.name;
            return (
              <li className="ls-card ls-tier" key={tier.id} aria-current={isCurrent ? 'step' : undefined}>
                <Icon icon="crown" ctx={ctx} />
                <FieldText as="h3" className="ls-card-title" field={`${path}.name`} owner={section.id} text={tier.name} ctx={ctx} />
                <p className="ls-points">{formatTierAmount(tier.threshold, ctx, basis)}</p>
                {isCurrent && <p className="ls-when">{t(ctx, 'tier.yours')}</p>}
                <TierList
                  items={tier.perks}
                  field={`${path}.perks`}
                  label={t(ctx, 'tier.perks')}
                  open={Boolean(layout.auto_expand_perks)}
                  owner={section.id}
                  ctx={ctx}
                />
                <TierList
                  items={tier.rewards}
                  field={`${path}.rewards`}
                  label={t(ctx, 'surface.rewards')}
                  open={Boolean(layout.auto_expand_rewards)}
                  owner={section.id}
                  ctx={ctx}
                />
              </li>
            );
          })}
        </ol>
      )}
    </SectionFrame>
  );
}

export const definition: SectionRenderer = {
  Component: VipTiersSection,
  styles:
    '.ls-tier-line{margin-top:24px}' +
    '.ls-tier[aria-current]{outline:3px solid var(--ls-accent);outline-offset:-3px}' +
    '.ls-root details>summary{cursor:pointer;min-height:44px;display:flex;align-items:center;font-weight:600}' +
    '.ls-root details ul{padding-inline-start:1.2em}',
};
