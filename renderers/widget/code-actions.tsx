/**
 * What a shopper does with a code the shop has (a reward's, or a referral friend's coupon): Apply
 * puts it on the cart in one click — a link to the platform's apply address (a page, e.g.
 * Shopify's `/discount/<code>?redirect=…`), or a button handing the code to the host, with the
 * storefront cart API address when that is how the platform applies it (BigCommerce) — and Copy.
 */
import { useState } from 'react';
import { t, type Wording } from '../i18n/catalog.ts';
import { safeUrl } from '../format/index.ts';
import type { WidgetAction } from './panels.ts';

/** How an apply address names the shopper's cart when it is a storefront cart API address, not a page. */
export const CART_ADDRESS_PLACEHOLDER = '{checkoutId}';

interface CodeActionsProps {
  code: string;
  /** the platform's apply address, if the shop has one */
  applyUrl: string | undefined;
  /** what the code is for (the reward's title, the friend's offer): the buttons' names say it */
  title: string;
  /** the Apply button's text */
  label: string;
  /** the reward the code is of, when it is one */
  rewardId?: string;
  act(action: WidgetAction): void;
  ctx: Wording;
}

export function CodeActions({ code, applyUrl, title, label, rewardId, act, ctx }: CodeActionsProps) {
  const [copied, setCopied] = useState(false);
  const address = safeUrl(applyUrl);
  // a page to open, or a cart API address the host posts the code to
  const cartAddress = address?.includes(CART_ADDRESS_PLACEHOLDER) ? address : undefined;
  const page = cartAddress ? undefined : address;
  const copy = () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    clipboard?.writeText(code).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 5000);
  };
  return (
    <>
      <div className="ls-actions">
        {page ? (
          <a className="ls-btn" href={page} aria-label={`${label}: ${title}`}>
            {label}
          </a>
        ) : (
          <button
            type="button"
            className="ls-btn"
            aria-label={`${label}: ${title}`}
            onClick={() => act({ type: 'apply_reward', ...(rewardId === undefined ? {} : { rewardId }), code, ...(cartAddress ? { cartAddress } : {}) })}
          >
            {label}
          </button>
        )}
        <button type="button" className="ls-btn ls-btn-2" aria-label={t(ctx, 'reward.copyCode', { title })} onClick={copy}>
          {t(ctx, 'reward.copy')}
        </button>
      </div>
      <span role="status">{copied ? t(ctx, 'reward.copied') : ''}</span>
    </>
  );
}
