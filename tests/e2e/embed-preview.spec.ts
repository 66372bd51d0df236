/**
 * "Preview on store" on /demo/storefront: a preview link makes the loader draw the store's drafts
 * in the browser that opened it (across its pages, with a "Previewing draft — Exit" bar), while
 * every other browser keeps seeing what is published; Exit goes back to the published surfaces.
 */
import { expect, test } from '@playwright/test';
import { ownerApiHeaders } from './harness/console.ts';
import { STORE, bootstrap, launcherOf, published } from './harness/storefront.ts';

test('a preview link shows the drafts to its browser only, until Exit', async ({ page, browser, request }) => {
  const headers = await ownerApiHeaders(request, STORE);
  const names = published(await bootstrap(request));
  const draft = (await (await request.get('/api/v1/onsite-display/launcher', { headers })).json()).data;
  const original = structuredClone(draft.document);
  const document = structuredClone(draft.document);
  document.desktop.launcher_title = 'Preview rewards';
  const saved = await request.post('/api/v1/onsite-display/launcher/draft', { headers, data: { base_version: draft.draft_version, document } });
  expect(saved.ok(), await saved.text()).toBe(true);
  try {
    const link = await request.post('/api/v1/onsite-display/preview-links', { headers, data: {} });
    expect(link.status()).toBe(201);
    const demoUrl = new URL((await link.json()).data.demo_url);
    expect(demoUrl.searchParams.get('ls_preview')).toMatch(/^lsp_/);

    await page.goto(`${demoUrl.pathname}${demoUrl.search}`);
    await expect(launcherOf(page, 'Preview rewards')).toBeVisible();
    const bar = page.getByRole('status').filter({ hasText: 'Previewing draft' });
    await expect(bar).toHaveText('Previewing draft — Exit');
    // the tab keeps previewing on the store's other pages
    await page.goto('/demo/storefront?member=1');
    await expect(launcherOf(page, 'Preview rewards')).toBeVisible();

    // every other shopper sees what is published
    const other = await browser.newPage();
    await other.goto('/demo/storefront');
    await expect(launcherOf(other, names.launcher)).toBeVisible();
    await expect(other.getByRole('status').filter({ hasText: 'Previewing draft' })).toHaveCount(0);
    await other.close();

    await bar.getByRole('button', { name: 'Exit' }).click();
    await expect(launcherOf(page, names.launcher)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Previewing draft' })).toHaveCount(0);
    expect(page.url()).not.toContain('ls_preview');
  } finally {
    // the launcher's draft goes back to what it was, for the other browser tests
    const current = (await (await request.get('/api/v1/onsite-display/launcher', { headers })).json()).data;
    await request.post('/api/v1/onsite-display/launcher/draft', { headers, data: { base_version: current.draft_version, document: original } });
  }
});
