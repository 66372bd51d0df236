/** The demo storefront (/demo/storefront) as a shopper meets it: what the embed was given and shows. */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { contextFromPayload, type StorefrontPayload } from '../../../renderers/context.ts';
import { fillPlaceholders } from '../../../renderers/format/placeholders.ts';
import type { Launcher, StickyBar, Widget } from '../../../renderers/contract/index.ts';
import { homePanels, panelTextsFor } from '../../../renderers/widget/panels.ts';

/** The store the demo storefront belongs to (its `?member=1` shopper is one of its customers). */
export const STORE = 'demo-coffee-roasters';

/** The page's loader tag: store key and, for a signed-in shopper, the customer id and digest. */
export async function loaderAttributes(page: Page) {
  return page.locator('script[src$="/embed/loader.js"]').evaluate((script) => ({
    store: script.getAttribute('data-store'),
    customerId: script.getAttribute('data-customer-id'),
    digest: script.getAttribute('data-customer-digest'),
  }));
}

/** What the bootstrap API answers for this shopper (the figures the widget must show). */
export async function bootstrap(request: APIRequestContext, customer?: { customerId: string | null; digest: string | null }): Promise<StorefrontPayload> {
  const query = customer?.customerId && customer.digest ? `?customer_id=${encodeURIComponent(customer.customerId)}&digest=${customer.digest}` : '';
  const response = await request.get(`/storefront/v1/${STORE}/bootstrap${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: StorefrontPayload }).data;
}

/** What the store published, as the shopper must see it: the names tests look for. */
export function published(payload: StorefrontPayload) {
  const widget = payload.documents.widget as Widget;
  const launcher = payload.documents.launcher as Launcher;
  const bar = payload.documents.stickyBar as StickyBar;
  const ctx = contextFromPayload(payload, 'desktop');
  const audience = ctx.audience;
  const panel = homePanels(widget, audience)[0]!;
  return {
    launcher: fillPlaceholders(launcher.desktop.launcher_title.trim() || 'Get Rewarded', ctx),
    shape: launcher.desktop.shape,
    header: fillPlaceholders(panelTextsFor(widget, 'header', audience)?.title || 'Rewards', ctx),
    firstPanel: fillPlaceholders(panelTextsFor(widget, panel, audience)!.title, ctx),
    memberOnlyPanel: panelTextsFor(widget, 'birthday', 'member')!.title,
    redeemPanel: fillPlaceholders(panelTextsFor(widget, 'redeem_cart', 'member')!.title, ctx),
    bar: { ...bar.bar, text: fillPlaceholders(bar.bar.text, ctx) },
  };
}

export const launcherOf = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/**
 * Opens the widget on the storefront page as the signed member `payload` was read for, redeems
 * the way to redeem titled `title` and answers the widget's "Reward redeemed" notice (with its code).
 */
export async function redeemInWidget(page: Page, payload: StorefrontPayload, title: string): Promise<Locator> {
  const names = published(payload);
  await launcherOf(page, names.launcher).click();
  const dialog = page.getByRole('dialog', { name: names.header });
  await dialog.getByRole('button', { name: names.redeemPanel }).click();
  await dialog.getByRole('button', { name: new RegExp(`: ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).click();
  const notice = dialog.getByRole('status').filter({ hasText: 'Reward redeemed' });
  await expect(notice).toContainText(/Your code: \S+/);
  return notice;
}
