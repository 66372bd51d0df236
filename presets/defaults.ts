/** The spec §9 defaults every other preset is built from. */
import type { LauncherSettings, Palette } from '../renderers/contract/index.ts';

/** spec §9: primary #047b5d, secondary #d9d64d, text #333333 */
export const DEFAULT_PALETTE = {
  primary_color: '#047b5d',
  secondary_color: '#d9d64d',
  text_color: '#333333',
} as const satisfies Palette;

/** Text drawn on the palette colours: white on primary (5.3:1), the palette text on secondary (8.2:1). */
export const ON_PRIMARY = '#ffffff';

/** spec §3/§9: widget text #ffffff on background #0060E7 (5.5:1) */
export const WIDGET_COLOURS = { text_color: '#ffffff', background_color: '#0060E7' } as const;

/** spec §9: give a $5 off coupon (to the friend, the referee), get a 5% off coupon (the referrer); the renderers word them. */
export const REFERRAL_REWARDS = {
  referee: { kind: 'amount_off', amountMinor: 500 },
  referrer: { kind: 'percent_off', percent: 5 },
} as const;

/** spec §9: sticky bar sample ("Earn 1 point per $1 spent"), bound to the store's order rule */
export const STICKY_BAR_TEXT = 'Earn {earn_rate}';

/** Storefront paths the sample buttons link to (the usual account and catalogue pages of a store). */
export const STORE_LINKS = {
  signUp: '/account/register',
  signIn: '/account/login',
  shop: '/collections/all',
  rewards: '/pages/rewards',
} as const;

/** spec §9: ways to earn / ways to redeem layout */
export const POINTS_GRID_LAYOUT = { layout_style: 'grid', mobile_columns: 1, desktop_columns: 3 } as const;

const launcherBase = {
  zoom: 100,
  launcher_type: 'icon_text',
  launcher_title: 'Get Rewarded',
  background_color: WIDGET_COLOURS.background_color,
  text_color: WIDGET_COLOURS.text_color,
  icon: 'gift',
  icon_type: 'library',
  placement: 'left',
  shape: 'circular',
  z_index: 999,
} as const satisfies Omit<LauncherSettings, 'padding_bottom' | 'padding_side'>;

/** spec §9: zoom 100, z_index 999, desktop padding 20, mobile padding 0, placement left, shape circular, title "Get Rewarded" */
export const DEFAULT_LAUNCHER_SETTINGS = {
  desktop: { ...launcherBase, padding_bottom: 20, padding_side: 20 },
  mobile: { ...launcherBase, padding_bottom: 0, padding_side: 0 },
} as const satisfies { desktop: LauncherSettings; mobile: LauncherSettings };
