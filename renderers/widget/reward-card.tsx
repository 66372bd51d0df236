/**
 * One of the member's rewards in the reward cart: its code with Copy and Apply (one click puts
 * it on the cart: the platform's apply address, or the host's apply action), "Preparing your
 * code…" while the shop's platform does not have it yet, and why when the shop refused it.
 */
import type { MemberReward } from '../context.ts';
import { memberRewardTitle, type ProgramWording } from '../format/rules.ts';
import { formatDate, t } from '../i18n/catalog.ts';
import { CodeActions } from './code-actions.tsx';
import type { WidgetAction } from './panels.ts';

export function RewardCard({ reward, label, act, ctx }: { reward: MemberReward; label: string; act(action: WidgetAction): void; ctx: ProgramWording }) {
  const title = memberRewardTitle(reward, ctx);
  if (reward.platform === 'refused' || reward.status === 'refunded')
    return (
      <li data-reward="refused">
        <strong>{title}</strong>
        <br />
        {reward.platformError ? t(ctx, 'reward.refusedBecause', { reason: reward.platformError }) : t(ctx, 'reward.refused')} {t(ctx, 'reward.pointsReturned')}
      </li>
    );
  if (reward.platform === 'preparing')
    return (
      <li data-reward="preparing" aria-busy="true">
        <strong>{title}</strong> · <span role="status">{t(ctx, 'reward.preparing')}</span>
      </li>
    );
  return (
    <li data-reward="ready">
      <strong>{title}</strong> · <span className="ls-code">{reward.code}</span>
      {reward.expiresAt && (
        <>
          {' '}
          · <span className="ls-when">{t(ctx, 'reward.expires', { date: formatDate(ctx.locale, reward.expiresAt) })}</span>
        </>
      )}
      <CodeActions code={reward.code} applyUrl={reward.applyUrl} title={title} label={label} rewardId={reward.id} act={act} ctx={ctx} />
    </li>
  );
}
