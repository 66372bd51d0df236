/**
 * Which widget panels a shopper can open: the panels of spec §2 that the audience sees
 * (PANEL_AUDIENCES), that the merchant left visible, and that fit the program type.
 * Pure data, no React: the builder's panel list and the embed use it too.
 */
import type { EarnActionRequest } from '../shared/earn-action.tsx';
import { PANEL_AUDIENCES, PANEL_KEYS, type Audience, type PanelKey, type PanelTexts, type Widget } from '../contract/index.ts';

const REFERRAL_PANELS = new Set<PanelKey>(['referral_program', 'referral_details', 'referral_send_email', 'referral_complete']);
const POINTS_PANELS = new Set<PanelKey>(['reward_points', 'redeem_cart', 'reward_cart', 'share_points']);

/** Panels reached from another panel rather than from the home list. */
const NESTED_PANELS = new Set<PanelKey>(['referral_details', 'referral_send_email', 'referral_complete']);

export function panelTextsFor(doc: Widget, key: PanelKey, audience: Audience): PanelTexts | undefined {
  const panel = doc.panels[key] as { visible: boolean; member?: PanelTexts; visitor?: PanelTexts };
  return panel[audience];
}

/** Panels the audience may open, in spec order (the header is the home view, not a panel). */
export function availablePanels(doc: Widget, audience: Audience): PanelKey[] {
  return PANEL_KEYS.filter((key) => {
    if (key === 'header' || !doc.panels[key].visible) return false;
    if (!(PANEL_AUDIENCES[key] as readonly Audience[]).includes(audience)) return false;
    if (doc.program_type === 'points' && REFERRAL_PANELS.has(key)) return false;
    if (doc.program_type === 'referrals' && POINTS_PANELS.has(key)) return false;
    return panelTextsFor(doc, key, audience) !== undefined;
  });
}

/**
 * The panels listed on the home view. The referral program panel leads on to the details, the
 * e-mail invite and its confirmation; without it, details and invite are listed themselves.
 */
export function homePanels(doc: Widget, audience: Audience): PanelKey[] {
  const available = availablePanels(doc, audience);
  const hub = available.includes('referral_program');
  return available.filter((key) => key !== 'referral_complete' && !(hub && NESTED_PANELS.has(key)));
}

/** Actions a panel button without an address asks the host (embed or builder) to perform. */
export type WidgetAction =
  | { type: 'copy_referral_link'; link: string }
  | { type: 'send_referral_email'; email: string }
  | { type: 'claim_referral_coupon'; email: string }
  | { type: 'redeem'; methodId: string }
  /**
   * a code to put on the cart: a reward's (`rewardId`) or the referral friend's coupon; `cartAddress`:
   * the storefront cart API address that applies it (the host posts the code there)
   */
  | { type: 'apply_reward'; rewardId?: string; code: string; cartAddress?: string }
  | { type: 'share_points'; email: string }
  | { type: 'save_birthday'; birthday: string }
  | EarnActionRequest
  | { type: 'panel_button'; panel: PanelKey; button: 'primary' | 'secondary' };
