/**
 * Every shopper surface × audience × device × theme passes axe-core (WCAG 2.2 AA rules), drawn
 * by the renderers from the demo presets in the storefront's Preact build. One page load per
 * surface and theme: each audience and device is mounted afresh in it, in its own viewport, and
 * checked with every rule.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { THEMES } from '../../renderers/schema/index.ts';
import { buildHarness } from './harness/build.ts';
import { AXE_TAGS, openHarness, showInHarness } from './harness/page.ts';
import type { Surface } from './harness/renderers.tsx';

// independent pages of the renderer harness: the tests spread over the workers
test.describe.configure({ mode: 'parallel' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await buildHarness('preact');
});

const SURFACES: Surface[] = ['landing', 'widget', 'launcher', 'sticky_bar', 'storefront'];
const VARIANTS = (['member', 'visitor'] as const).flatMap((audience) => (['desktop', 'mobile'] as const).map((device) => ({ audience, device })));

for (const surface of SURFACES) {
  for (const theme of THEMES) {
    test(`axe: ${surface} · ${theme} · member and visitor · desktop and mobile`, async ({ page, context }) => {
      const outside = await openHarness(page, context, { surface, theme, ...VARIANTS[0]! });
      for (const [index, { audience, device }] of VARIANTS.entries()) {
        const where = `${surface} · ${audience} · ${device} · ${theme}`;
        if (index > 0) await showInHarness(page, { surface, theme, audience, device });
        if (surface === 'storefront') {
          await page.getByRole('button', { name: 'Bean Club', exact: true }).click();
          await expect(page.getByRole('dialog'), where).toBeVisible();
        }
        // axe.run in the page itself: no blank page per check for the results of frames (the harness has none)
        const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode().analyze();
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
}
