/**
 * Every shopper surface × audience × device × theme passes axe-core (WCAG 2.2 AA rules), drawn
 * by the renderers from the demo presets in the storefront's Preact build. One harness page per
 * surface, its themes' tests run in it in order: each audience and device is mounted afresh in
 * it, in its own viewport, and checked with every rule.
 */
import { expect, test, type Page } from '@playwright/test';
import { THEMES } from '../../renderers/contract/index.ts';
import { axeOn } from './harness/axe.ts';
import { buildHarness } from './harness/build.ts';
import { AXE_TAGS, openHarness, showInHarness } from './harness/page.ts';
import type { Surface } from './harness/renderers.tsx';

// the surfaces' pages spread over the workers
test.describe.configure({ mode: 'parallel' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await buildHarness('preact');
});

const SURFACES: Surface[] = ['landing', 'widget', 'launcher', 'sticky_bar', 'storefront'];
const VARIANTS = (['member', 'visitor'] as const).flatMap((audience) => (['desktop', 'mobile'] as const).map((device) => ({ audience, device })));

for (const surface of SURFACES) {
  test.describe(() => {
    test.describe.configure({ mode: 'default' });
    let page: Page;
    let outside: string[];

    test.beforeAll(async ({ browser }) => {
      const context = await browser.newContext();
      page = await context.newPage();
      outside = await openHarness(page, context, { surface, theme: THEMES[0]!, ...VARIANTS[0]! });
    });
    test.afterAll(async () => {
      await page?.context().close();
    });

    for (const theme of THEMES) {
      test(`axe: ${surface} · ${theme} · member and visitor · desktop and mobile`, async () => {
        outside.length = 0;
        for (const { audience, device } of VARIANTS) {
          const where = `${surface} · ${audience} · ${device} · ${theme}`;
          await showInHarness(page, { surface, theme, audience, device });
          if (surface === 'storefront') {
            await page.getByRole('button', { name: 'Bean Club', exact: true }).click();
            await expect(page.getByRole('dialog'), where).toBeVisible();
          }
          const results = await axeOn(page).withTags(AXE_TAGS).analyze();
          const violations = results.violations.map(
            (v) =>
              `${where}: ${v.id}: ${v.help} — ${v.nodes
                .map((n) => n.target.join(' '))
                .slice(0, 3)
                .join(' | ')}`,
          );
          expect(violations).toEqual([]);
          expect(results.passes.length, where).toBeGreaterThan(5);
        }
        expect(outside).toEqual([]);
      });
    }
  });
}
