/**
 * Experiments (A/B) on the widget, on the real server and the demo storefront: the merchant
 * starts one from the console's Experiments screen; two shoppers (two browser contexts, each with
 * its own anonymous id) see different variants of the widget; the results screen counts each
 * variant's shopper, view and widget open; the screen passes axe; the merchant stops it.
 * Then variant B of the landing page made in the studio: created from the draft, edited on the
 * canvas with the Variant switch on B, started from the studio, and shown to one of two visitors;
 * the analytics charts then shade the period it runs. Last, variant B's versions: its History in
 * the studio restores one, and publishing B as the winner publishes the version the experiment showed.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { variantFor } from '../../server/modules/experiments/assignment.ts';
import { expectNoViolations } from './harness/axe.ts';
import { ownerApiHeaders, signedInOwner, switchConsoleStore } from './harness/console.ts';
import { STORE, bootstrap, launcherOf, published } from './harness/storefront.ts';
import { frame, inspector, openStudio } from './harness/studio.ts';

const VARIANT_TITLE = 'Variant B rewards';

/** An anonymous id that experiment `id` (split `split`) shows `variant`. */
function anonymousIdFor(id: number, split: number, variant: 'a' | 'b'): string {
  for (let index = 0; ; index++) {
    const aid = `e2e-${variant}-${index}-shopper`;
    if (variantFor(id, `anon:${aid}`, split) === variant) return aid;
  }
}

/** A shopper's browser whose embed keeps `aid` as its anonymous id, on the demo storefront. */
async function shopperPage(browser: Browser, aid: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript((id) => window.localStorage.setItem('ls_aid', id), aid);
  const page = await context.newPage();
  await page.goto('/demo/storefront');
  return page;
}

test('an experiment shows two shoppers different widgets and counts them per variant', async ({ browser, request }) => {
  const headers = await ownerApiHeaders(request, STORE);
  const names = published(await bootstrap(request));
  // variant B: the published widget with another welcome title (edited as the studio saves it)
  const created = await request.post('/api/v1/onsite-display/variants/widget/from-published', { headers, data: {} });
  expect(created.status(), await created.text()).toBe(201);
  const document = (await created.json()).data.document;
  document.panels.header.visitor.title = VARIANT_TITLE;
  const saved = await request.post('/api/v1/onsite-display/variants/widget/draft', {
    headers,
    data: { base_version: (await created.json()).data.draft_version, document },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  const console = await signedInOwner(browser);
  let experimentId: number | undefined;
  try {
    await switchConsoleStore(console, 'Demo Coffee Roasters');
    await console.goto('/onsite-display/experiments');
    await expect(console.getByRole('heading', { name: 'Experiments', level: 1 })).toBeVisible();
    await console.getByLabel('Surface').selectOption('widget');
    await expect(console.getByText(/Variant B saved/)).toBeVisible();
    await expectNoViolations(console, 'experiments screen');

    // a split outside 1–99 % is refused with the reason, and nothing starts
    await console.getByLabel('Shoppers who see variant B (%)').fill('100');
    await console.getByRole('button', { name: 'Start experiment' }).click();
    await expect(console.getByRole('alert')).toContainText('1 to 99');
    await console.getByLabel('Shoppers who see variant B (%)').fill('50');
    await console.getByRole('button', { name: 'Start experiment' }).click();
    const card = console.getByRole('region', { name: /Widget experiment/ });
    await expect(card.getByText('Running')).toBeVisible();
    const listed = (await (await request.get('/api/v1/onsite-display/experiments', { headers })).json()).data as { id: number; status: string }[];
    experimentId = listed.find((row) => row.status === 'running')!.id;

    // two shoppers, one per variant: each sees their own widget
    const shopperA = await shopperPage(browser, anonymousIdFor(experimentId, 50, 'a'));
    const shopperB = await shopperPage(browser, anonymousIdFor(experimentId, 50, 'b'));
    await launcherOf(shopperA, names.launcher).click();
    await expect(shopperA.getByRole('dialog', { name: names.header })).toBeVisible();
    await launcherOf(shopperB, names.launcher).click();
    await expect(shopperB.getByRole('dialog', { name: VARIANT_TITLE })).toBeVisible();
    await expect(shopperA.getByRole('dialog', { name: VARIANT_TITLE })).toHaveCount(0);
    // the same shopper comes back to the same variant
    await shopperB.reload();
    await launcherOf(shopperB, names.launcher).click();
    await expect(shopperB.getByRole('dialog', { name: VARIANT_TITLE })).toBeVisible();

    // the results screen counts them: one shopper each, B seen twice, each opened the widget (once per page load)
    const rowOf = (variant: string) => card.getByRole('row', { name: new RegExp(`^Variant ${variant} \\(50 %\\)`) });
    await expect(async () => {
      await console.reload();
      await expect(rowOf('A').getByRole('cell')).toHaveText(['1', '1', '1', '0 of 1 (0.0 %)', '0 (0.0 %)'], { timeout: 1000 });
      await expect(rowOf('B').getByRole('cell')).toHaveText(['1', '2', '2', '0 of 1 (0.0 %)', '0 (0.0 %)'], { timeout: 1000 });
    }).toPass();
    await expect(card.getByRole('status')).toContainText('Not enough data yet: each variant needs 100 shoppers');
    await expectNoViolations(console, 'experiment results');

    await card.getByRole('button', { name: 'Stop experiment' }).click();
    await expect(card.getByText('Stopped', { exact: true })).toBeVisible();
    experimentId = undefined;
    // stopped: everyone sees what is published again
    await shopperB.reload();
    await launcherOf(shopperB, names.launcher).click();
    await expect(shopperB.getByRole('dialog', { name: names.header })).toBeVisible();
  } finally {
    if (experimentId !== undefined) await request.post(`/api/v1/onsite-display/experiments/${experimentId}/stop`, { headers, data: {} });
    await console.context().close();
  }
});

/** A visitor's browser whose landing-page cookie keeps `aid` as its anonymous id, on the store's landing page. */
async function landingVisitor(browser: Browser, baseURL: string, aid: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'ls_aid', value: aid, url: new URL(`/landing/${STORE}`, baseURL).href }]);
  const page = await context.newPage();
  await page.goto(`/landing/${STORE}`);
  return page;
}

test('variant B of the landing page made in the studio is what one of two visitors sees once the experiment starts', async ({ browser, request, baseURL }) => {
  const headers = await ownerApiHeaders(request, STORE);
  const title = 'Variant B: double beans this week';
  const console = await signedInOwner(browser, { viewport: { width: 1600, height: 1000 } });
  let experimentId: number | undefined;
  try {
    await switchConsoleStore(console, 'Demo Coffee Roasters');
    await openStudio(console, '/onsite-display/landing-page');
    const banner = frame(console).locator('[data-section-type=banner]');
    const publishedTitle = (await banner.getByRole('heading').first().textContent())!.trim();

    // "Create variant B" copies the draft and opens B: the canvas, the inspector and autosave edit B
    await console.getByRole('button', { name: 'Create variant B' }).click();
    const variants = console.getByRole('radiogroup', { name: 'Variant' });
    await expect(variants.getByLabel('B')).toBeChecked();
    await expect(console.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
    await console
      .getByRole('list', { name: 'Sections' })
      .getByRole('listitem', { name: 'Banner', exact: true })
      .getByRole('button', { name: 'Banner', exact: true })
      .click();
    await inspector(console).getByLabel('Title', { exact: true }).fill(title);
    await expect(banner.getByRole('heading', { name: title })).toBeVisible();
    await expect(console.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    const saved = (await (await request.get('/api/v1/onsite-display/variants/landing_page', { headers })).json()).data;
    expect(JSON.stringify(saved.document)).toContain(title);
    // A is untouched: its draft still has the published title
    await variants.getByLabel('A').check();
    await expect(console.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
    await expect(banner.getByRole('heading', { name: publishedTitle })).toBeVisible();
    await expect(banner.getByRole('heading', { name: title })).toHaveCount(0);
    await variants.getByLabel('B').check();
    await expect(banner.getByRole('heading', { name: title })).toBeVisible();

    // the studio leads to the Experiments screen on this surface, whose Start uses the saved B
    await console.getByRole('link', { name: 'Start experiment…' }).click();
    await expect(console).toHaveURL(/\/onsite-display\/experiments\?surface=landing_page$/);
    await expect(console.getByLabel('Surface')).toHaveValue('landing_page');
    await expect(console.getByText(/Variant B saved/)).toBeVisible();
    await expect(console.getByRole('link', { name: 'Edit variant B in the studio' })).toHaveAttribute('href', '/onsite-display/landing-page?variant=b');
    await console.getByLabel('Shoppers who see variant B (%)').fill('50');
    await console.getByRole('button', { name: 'Start experiment' }).click();
    await expect(console.getByRole('region', { name: /Landing page experiment/ }).getByText('Running')).toBeVisible();
    const listed = (await (await request.get('/api/v1/onsite-display/experiments', { headers })).json()).data as { id: number; kind: string; status: string }[];
    experimentId = listed.find((row) => row.kind === 'landing_page' && row.status === 'running')!.id;

    // two visitors, one per variant: each gets their own landing page
    const visitorA = await landingVisitor(browser, baseURL!, anonymousIdFor(experimentId, 50, 'a'));
    const visitorB = await landingVisitor(browser, baseURL!, anonymousIdFor(experimentId, 50, 'b'));
    await expect(visitorB.getByRole('heading', { name: title })).toBeVisible();
    await expect(visitorA.getByRole('heading', { name: publishedTitle })).toBeVisible();
    await expect(visitorA.getByRole('heading', { name: title })).toHaveCount(0);
    await visitorA.context().close();
    await visitorB.context().close();

    // the analytics charts shade when it runs, named by its surface
    await console.goto('/analytics');
    const members = console.getByRole('region', { name: 'New members' });
    await expect(members.getByText(/^Shaded: experiments — .*Landing page experiment \(from \d{4}-\d{2}-\d{2}, still running\)/)).toBeVisible();
    await members.getByRole('button', { name: 'Table view' }).click();
    await expect(members.getByRole('columnheader', { name: 'Experiments' })).toBeVisible();
    await expect(members.getByRole('row').last().getByRole('cell').last()).toContainText('Landing page experiment');
  } finally {
    if (experimentId !== undefined) await request.post(`/api/v1/onsite-display/experiments/${experimentId}/stop`, { headers, data: {} });
    await console.context().close();
  }
});

test('variant B keeps versions: History restores one, and publishing B as the winner publishes the version the experiment showed', async ({
  browser,
  request,
}) => {
  const headers = await ownerApiHeaders(request, STORE);
  const B = '/api/v1/onsite-display/variants/widget';
  const stamp = Date.now().toString(36);
  const kept = `Kept B ${stamp}`;
  const titleOfB = async () => (await (await request.get(B, { headers })).json()).data.document.panels.header.visitor.title as string;
  const created = await request.post(`${B}/from-published`, { headers, data: {} });
  expect(created.status(), await created.text()).toBe(201);
  const copy = (await created.json()).data as { draft_version: number; document: { panels: { header: { visitor: { title: string } } } } };
  /** saves B on `base` with another header title, as another tab of the studio would */
  const saveB = async (base: number, title: string) => {
    const document = structuredClone(copy.document);
    document.panels.header.visitor.title = title;
    const saved = await request.post(`${B}/draft`, { headers, data: { base_version: base, document } });
    expect(saved.ok(), await saved.text()).toBe(true);
    return (await saved.json()).data.version as number;
  };
  const keptVersion = await saveB(copy.draft_version, kept);
  await saveB(keptVersion, `Discarded B ${stamp}`);
  const livePublished = (await (await request.get('/api/v1/onsite-display/widget/published', { headers })).json()).data.version as number;

  const console = await signedInOwner(browser, { viewport: { width: 1600, height: 1000 } });
  let experimentId: number | undefined;
  try {
    await switchConsoleStore(console, 'Demo Coffee Roasters');
    await openStudio(console, '/onsite-display/widget?variant=b');
    // B's History lists its own versions, who saved them and what the first copied; Restore makes one B's draft again
    await console.getByRole('button', { name: 'History', exact: true }).click();
    const history = console.getByRole('dialog', { name: 'Version history' });
    const versions = history.getByRole('region', { name: 'Versions of the widget, variant B' });
    const entry = (version: number) =>
      versions.getByRole('listitem').filter({ has: console.getByRole('button', { name: `Restore version ${version}`, exact: true }) });
    await expect(entry(copy.draft_version)).toContainText(`Olivia Owner`);
    await expect(entry(copy.draft_version)).toContainText(`Copy of variant A, version ${livePublished}`);
    await entry(keptVersion).getByRole('button').click();
    await expect(history).toBeHidden();
    await expect.poll(titleOfB).toBe(kept);

    // the experiment shows that version; B edited after the start waits for the next experiment
    const started = await request.post('/api/v1/onsite-display/experiments', { headers, data: { kind: 'widget', split_b: 50 } });
    expect(started.status(), await started.text()).toBe(201);
    const experiment = (await started.json()).data as { id: number; variant_b_version: number };
    experimentId = experiment.id;
    await saveB(experiment.variant_b_version, `After the start ${stamp}`);

    // "Publish B" on the Experiments screen publishes the version it showed, copied into A's History
    await console.goto('/onsite-display/experiments');
    const card = console.getByRole('region', { name: /^Widget experiment\s+Running$/ });
    await expect(card).toContainText(`B is version ${experiment.variant_b_version} of variant B`);
    await card.getByRole('button', { name: 'Publish B' }).click();
    await expect(console.getByRole('region', { name: /^Widget experiment\s+Stopped — B published$/ })).toBeVisible();
    experimentId = undefined;
    const live = (await (await request.get('/api/v1/onsite-display/widget/published', { headers })).json()).data;
    expect(live.document.panels.header.visitor.title).toBe(kept);
    const [newest] = (await (await request.get('/api/v1/onsite-display/widget/versions', { headers })).json()).data;
    expect(newest).toMatchObject({ version: live.version, status: 'published', restored_from: experiment.variant_b_version, restored_from_variant: 'b' });
  } finally {
    if (experimentId !== undefined) await request.post(`/api/v1/onsite-display/experiments/${experimentId}/stop`, { headers, data: {} });
    // what was live before goes live again, for the tests after this one
    await request.post('/api/v1/onsite-display/widget/publish', { headers, data: { version: livePublished } });
    // and it is the studio's draft again (publishing B left B's copy as the newest draft)
    await request.post('/api/v1/onsite-display/widget/restore', { headers, data: { version: livePublished } });
    await console.context().close();
  }
});
