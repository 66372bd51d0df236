/**
 * Every shopper surface × audience × device × theme passes axe-core (WCAG 2.2 AA rules), drawn
 * by the renderers from the demo presets in the storefront's Preact build.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { THEMES } from '../../renderers/schema/index.ts';
import { buildHarness } from './harness/build.ts';
import { AXE_TAGS, openHarness } from './harness/page.ts';
import type { Surface } from './harness/renderers.tsx';

// independent pages of the renderer harness: the tests spread over the workers
test.describe.configure({ mode: 'parallel' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await buildHarness('preact');
});

const SURFACES: Surface[] = ['landing', 'widget', 'launcher', 'sticky_bar', 'storefront'];

for (const surface of SURFACES) {
  for (const audience of ['member', 'visitor'] as const) {
    for (const device of ['desktop', 'mobile'] as const) {
      for (const theme of THEMES) {
        test(`axe: ${surface} · ${audience} · ${device} · ${theme}`, async ({ page, context }) => {
          const outside = await openHarness(page, context, { surface, audience, device, theme });
          if (surface === 'storefront') {
            await page.getByRole('button', { name: 'Bean Club', exact: true }).click();
            await expect(page.getByRole('dialog')).toBeVisible();
          }
          const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
          const violations = results.violations.map(
            (v) =>
              `${v.id}: ${v.help} — ${v.nodes
                .map((n) => n.target.join(' '))
                .slice(0, 3)
                .join(' | ')}`,
          );
          expect(violations).toEqual([]);
          expect(results.passes.length).toBeGreaterThan(5);
          expect(outside).toEqual([]);
        });
      }
    }
  }
}
