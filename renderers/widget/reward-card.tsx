/**
 * One of the member's rewards in the reward cart: its code with Copy and Apply (one click puts
 * it on the cart: the platform's apply address, or the host's apply action), "Preparing your
 * code…" while the shop's platform does not have it yet, and why when the shop refused it.
 */
import { useState } from 'react';
import type { MemberReward } from '../context.ts';
import { formatDate, t, type Wording } from '../i18n/catalog.ts';
import { safeUrl } from '../format/index.ts';
import type { WidgetAction } from './panels.ts';

/** How an apply address names the shopper's cart when it is a storefront cart API address, not a page. */
export const CART_ADDRESS_PLACEHOLDER = '{checkoutId}';

export function RewardCard({ reward, label, act, ctx }: { reward: MemberReward; label: string; act(action: WidgetAction): void; ctx: Wording }) {
  const [copied, setCopied] = useState(false);
  const address = safeUrl(reward.applyUrl);
  // a page to open, or a cart API address the host posts the code to
  const cartAddress = address?.includes(CART_ADDRESS_PLACEHOLDER) ? address : undefined;
  const applyUrl = cartAddress ? undefined : address;
  if (reward.platform === 'refused' || reward.status === 'refunded')
    return (
      <li data-reward="refused">
        <strong>{reward.title}</strong>
        <br />
        {reward.platformError ? t(ctx, 'reward.refusedBecause', { reason: reward.platformError }) : t(ctx, 'reward.refused')} {t(ctx, 'reward.pointsReturned')}
      </li>
    );
  if (reward.platform === 'preparing')
    return (
      <li data-reward="preparing" aria-busy="true">
        <strong>{reward.title}</strong> · <span role="status">{t(ctx, 'reward.preparing')}</span>
      </li>
    );
  const copy = () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    clipboard?.writeText(reward.code).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 5000);
  };
  return (
    <li data-reward="ready">
      <strong>{reward.title}</strong> · <span className="ls-code">{reward.code}</span>
      {reward.expiresAt && (
        <>
          {' '}
          · <span className="ls-when">{t(ctx, 'reward.expires', { date: formatDate(ctx.locale, reward.expiresAt) })}</span>
        </>
      )}
      <div className="ls-actions">
        {applyUrl ? (
          <a className="ls-btn" href={applyUrl} aria-label={`${label}: ${reward.title}`}>
            {label}
          </a>
        ) : (
          <button
            type="button"
            className="ls-btn"
            aria-label={`${label}: ${reward.title}`}
            onClick={() => act({ type: 'apply_reward', rewardId: reward.id, code: reward.code, ...(cartAddress ? { cartAddress } : {}) })}
          >
            {label}
          </button>
        )}
        <button type="button" className="ls-btn ls-btn-2" aria-label={t(ctx, 'reward.copyCode', { title: reward.title })} onClick={copy}>
          {t(ctx, 'reward.copy')}
        </button>
      </div>
      <span role="status">{copied ? t(ctx, 'reward.copied') : ''}</span>
    </li>
  );
}
