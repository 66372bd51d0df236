/**
 * Every default of the spec (§9 constants, palette, launcher, widget colours, sample wording),
 * the four themes' tokens, section templates, icons, starter e-mails and a default and a demo
 * document of every kind. Data only; each document is checked against renderers/contract in
 * the tests.
 */
import type { DocumentKind, SettingsDocument } from '../renderers/contract/index.ts';
import { DEFAULT_EMAIL_DOCUMENT, DEFAULT_EMAIL_TEMPLATE, DEMO_EMAIL_DOCUMENT, DEMO_EMAIL_TEMPLATE } from './email-templates.ts';
import { DEFAULT_LANDING_PAGE, DEMO_LANDING_PAGE } from './landing-page.ts';
import { DEFAULT_LAUNCHER, DEMO_LAUNCHER } from './launcher.ts';
import { DEFAULT_CUSTOM_STYLE, DEFAULT_PRODUCT_PAGE, DEFAULT_STICKY_BAR, DEMO_CUSTOM_STYLE, DEMO_PRODUCT_PAGE, DEMO_STICKY_BAR } from './surfaces.ts';
import { DEFAULT_WIDGET, DEMO_WIDGET } from './widget.ts';

export * from './constants.ts';
export * from './defaults.ts';
export * from './themes.ts';
export * from './icons.ts';
export * from './rule-icons.ts';
export * from './sections.ts';
export * from './landing-page.ts';
export * from './widget.ts';
export * from './launcher.ts';
export * from './surfaces.ts';
export * from './email-templates.ts';
export * from './brand.ts';

/** The default document of each kind: what a store starts with. */
export const DEFAULT_DOCUMENTS = {
  landing_page: DEFAULT_LANDING_PAGE,
  widget: DEFAULT_WIDGET,
  launcher: DEFAULT_LAUNCHER,
  sticky_bar: DEFAULT_STICKY_BAR,
  product_page: DEFAULT_PRODUCT_PAGE,
  custom_style: DEFAULT_CUSTOM_STYLE,
  email_template: DEFAULT_EMAIL_TEMPLATE,
  email_document: DEFAULT_EMAIL_DOCUMENT,
} as const satisfies { [K in DocumentKind]: Extract<SettingsDocument, { kind: K }> };

/** The demo store's ("Demo Coffee Roasters") document of each kind. */
export const DEMO_DOCUMENTS = {
  landing_page: DEMO_LANDING_PAGE,
  widget: DEMO_WIDGET,
  launcher: DEMO_LAUNCHER,
  sticky_bar: DEMO_STICKY_BAR,
  product_page: DEMO_PRODUCT_PAGE,
  custom_style: DEMO_CUSTOM_STYLE,
  email_template: DEMO_EMAIL_TEMPLATE,
  email_document: DEMO_EMAIL_DOCUMENT,
} as const satisfies { [K in DocumentKind]: Extract<SettingsDocument, { kind: K }> };
