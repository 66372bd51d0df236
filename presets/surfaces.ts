/** Defaults and demos of the sticky bar, the product page points and the custom style. */
import { CURRENT_SCHEMA_VERSION, CUSTOM_STYLE_SCHEMA_VERSION, type CustomStyle, type ProductPage, type StickyBar } from '../renderers/contract/index.ts';
import { DEFAULT_PALETTE, ON_PRIMARY, STICKY_BAR_TEXT, STORE_LINKS } from './defaults.ts';

export const DEFAULT_STICKY_BAR: StickyBar = {
  kind: 'sticky_bar',
  schemaVersion: CURRENT_SCHEMA_VERSION,
  bar: { placement: 'bottom', height: 48, theme: 'light', text: STICKY_BAR_TEXT },
  drawer: {
    logged_out: { primary_text: 'Join our rewards program', secondary_text: 'Earn {earn_rate} and turn your {points_label} into discounts.' },
    logged_in: { primary_text: 'Hi {first_name}, you have {loyalty_points_balance} {points_label}', secondary_text: 'Spend them on your next order.' },
    sign_up_url: STORE_LINKS.signUp,
  },
};

export const DEMO_STICKY_BAR: StickyBar = {
  kind: 'sticky_bar',
  schemaVersion: CURRENT_SCHEMA_VERSION,
  bar: { placement: 'top', height: 44, theme: 'light', text: 'Bean Club: earn {earn_rate}' },
  drawer: {
    logged_out: { primary_text: 'Join the Bean Club', secondary_text: 'Get {signup_points} to welcome you and earn on every bag.' },
    logged_in: { primary_text: '{first_name}, you have {loyalty_points_balance} {points_label}', secondary_text: 'Trade them for coffee, shipping and more.' },
    sign_up_url: STORE_LINKS.signUp,
  },
};

export const DEFAULT_PRODUCT_PAGE: ProductPage = {
  kind: 'product_page',
  schemaVersion: CURRENT_SCHEMA_VERSION,
  show_points: true,
  member_text: 'Earn {points_earned} {points_label} with this purchase',
  visitor_text: 'Join our rewards program to earn {points_earned} {points_label} with this purchase',
  placement: 'below_price',
  text_color: DEFAULT_PALETTE.text_color,
  background_color: '#f5f6f7',
  font_size: 14,
  icon: 'coins',
};

export const DEMO_PRODUCT_PAGE: ProductPage = {
  ...DEFAULT_PRODUCT_PAGE,
  member_text: 'Earn {points_earned} {points_label} with this bag',
  visitor_text: 'Bean Club members earn {points_earned} {points_label} with this bag',
  text_color: '#2b2118',
  background_color: '#f3e3c7',
  icon: 'coffee',
};

/** No surface has a custom style: each looks as its theme and palette. */
export const DEFAULT_CUSTOM_STYLE: CustomStyle = {
  kind: 'custom_style',
  schemaVersion: CUSTOM_STYLE_SCHEMA_VERSION,
  styles: {},
};

/** The demo store styles its widget (a roastery's serif and browns); the other surfaces keep their theme. */
export const DEMO_CUSTOM_STYLE: CustomStyle = {
  kind: 'custom_style',
  schemaVersion: CUSTOM_STYLE_SCHEMA_VERSION,
  styles: {
    widget: {
      font_family: 'serif',
      font_scale: 105,
      border_radius: 14,
      button_radius: 24,
      shadow: 'soft',
      accent_color: '#6b3f1d',
      accent_text_color: ON_PRIMARY,
      link_color: '#6b3f1d',
      surface_color: '#fffaf2',
      surface_text_color: '#2b2118',
      border_color: '#e6d3b3',
    },
  },
};
