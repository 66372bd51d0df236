import { createRequire } from 'node:module';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The axe-core script AxeBuilder injects: its own dependency's (`axe.source`). */
const fromAxeBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_SOURCE: string = (fromAxeBuilder('axe-core') as { source: string }).source;

/**
 * AxeBuilder whose axe-core is injected into a document once, not twice per check: a page keeps
 * the axe it was given until it navigates, and each check finds it there (the builder's own
 * injection is a no-op script; its configuration and run are its own).
 */
class AxeInjectedOnce extends AxeBuilder {
  constructor(private readonly target: Page) {
    super({ page: target, axeSource: ';' });
  }

  override async analyze() {
    for (const frame of this.target.frames()) {
      try {
        // a surface sliding in starts transparent: axe judges the settled page, not a frame of its entrance
        await frame.evaluate(() =>
          Promise.all(
            document
              .getAnimations()
              .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
              .map((animation) => animation.finished.catch(() => undefined)),
          ),
        );
        if (!(await frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function'))) await frame.evaluate(AXE_SOURCE);
      } catch {
        // a frame gone or not scriptable: AxeBuilder's legacy mode skips it the same way
      }
    }
    return super.analyze();
  }
}

/** axe on `page` (every rule unless narrowed), run in the page itself (legacy mode), axe-core injected once per document. */
export const axeOn = (page: Page): AxeBuilder => new AxeInjectedOnce(page).setLegacyMode();

/**
 * axe with every WCAG 2.1 A/AA rule, the experimental label-in-name check included. It runs in the
 * page itself (legacy mode: same-origin frames are checked from it): the default opens a blank
 * page per check to merge the frames' results, a renderer process each time.
 */
export const wcag21 = (page: Page) =>
  axeOn(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } });

/** No WCAG 2.1 violation on the page as it is now; `where` names the state in the failure. */
export async function expectNoViolations(page: Page, where: string): Promise<void> {
  const { violations } = await wcag21(page).analyze();
  expect(violations.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
