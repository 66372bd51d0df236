/** Opens the renderer harness on a surface, in a viewport matching the device. */
import type { BrowserContext, Page } from '@playwright/test';
import { HARNESS_ORIGIN, serveHarness, type Flavour } from './build.ts';
import type { HarnessConfig } from './renderers.tsx';

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;

/** Drawn, and its entrance animations (the drawer's, the widget's) ended: axe sees the colours a shopper reads. */
async function ready(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { harnessReady?: boolean }).harnessReady === true);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity) // a spinner runs for ever
        .map((animation) => animation.finished),
    ),
  );
}

export async function openHarness(page: Page, context: BrowserContext, config: HarnessConfig, flavour: Flavour = 'preact'): Promise<string[]> {
  await page.setViewportSize(VIEWPORTS[config.device]);
  const outside = await serveHarness(context, flavour);
  await page.addInitScript((c) => {
    (window as unknown as { harnessConfig: unknown }).harnessConfig = c;
  }, config);
  await page.goto(`${HARNESS_ORIGIN}/`);
  await ready(page);
  return outside;
}

/** Draws another configuration in the harness already open on `page`: a fresh mount, no page load. */
export async function showInHarness(page: Page, config: HarnessConfig): Promise<void> {
  await page.setViewportSize(VIEWPORTS[config.device]);
  await page.evaluate((c) => (window as unknown as { harnessRender: (config: unknown) => void }).harnessRender(c), config);
  await ready(page);
}

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
