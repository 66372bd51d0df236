import { expect, test, type Locator, type Page } from '@playwright/test';
import { wcag21 } from './harness/axe.ts';
import { ownerApiHeaders, signedInOwner, switchConsoleStore } from './harness/console.ts';
import { frame, inspector, openStudio, selectSection } from './harness/studio.ts';

// Two editors of one landing page on the real server: each sees the other in the studio, their
// saves conflict, and whichever draft is kept, the other one stays in History, labelled. The demo
// owner is signed in twice (two browser contexts), as two people would be. Variant B of the
// landing page conflicts the same way when it is saved elsewhere (here through the API).

const STORE = 'Demo Outdoor Co.';
const STORE_KEY = 'demo-outdoor-co';
const DIALOG = 'Saved elsewhere while you edited';

const presence = (page: Page) => page.locator('p', { hasText: /^Also editing:/ });
const headerTitle = (page: Page) => frame(page).locator('[data-section-type=header] [data-field=title]');
const saved = (page: Page) => page.getByRole('status').filter({ hasText: 'All changes saved' });

async function openLandingStudio(page: Page) {
  await switchConsoleStore(page, STORE);
  await openStudio(page, '/onsite-display/landing-page');
  await expect(headerTitle(page)).toBeVisible();
}

/** Types a new header title in the Inspector; autosave sends it a moment later. */
async function editTitle(page: Page, title: string) {
  await selectSection(page, 'Header');
  await inspector(page).getByLabel('Title', { exact: true }).fill(title);
  await expect(headerTitle(page)).toHaveText(title);
}

/** No WCAG 2.1 A/AA violation on the host page (the canvas and preview frames are the renderers', checked by their own suite). */
async function expectAccessible(page: Page, where: string) {
  const { violations } = await wcag21(page).exclude('iframe').analyze();
  expect(violations.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** History's entry of one version. */
const historyEntry = (history: Locator, version: number) =>
  history.getByRole('listitem').filter({ has: history.page().getByRole('button', { name: `Restore version ${version}`, exact: true }) });

/** The version number a resolution's message names ("… kept in History: the landing page as version 12"). */
async function keptVersion(page: Page): Promise<number> {
  const text = (await saved(page).textContent()) ?? '';
  const match = /kept in History: the landing page as version (\d+)/.exec(text);
  expect(match, text).not.toBeNull();
  return Number(match![1]);
}

test('two editors conflict and both drafts are kept', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const first = await signedInOwner(browser, { viewport: { width: 1600, height: 1000 } });
  const second = await signedInOwner(browser, { viewport: { width: 1600, height: 1000 } });
  await openLandingStudio(first);
  await openLandingStudio(second);

  // each sees the other (the first on its next heartbeat, every 15 s)
  await expect(presence(second)).toHaveText('Also editing: Olivia Owner (you, elsewhere)');
  await expect(presence(first)).toHaveText('Also editing: Olivia Owner (you, elsewhere)', { timeout: 45_000 });

  // both edit: the first one's autosave lands, the second one's conflicts
  const stamp = Date.now().toString(36);
  const theirs = `Theirs ${stamp}`;
  const mine = `Mine ${stamp}`;
  await editTitle(first, theirs);
  await expect(saved(first)).toBeVisible();
  await editTitle(second, mine);
  const dialog = second.getByRole('dialog', { name: DIALOG });
  await expect(dialog).toContainText(/Olivia Owner saved the landing page \(version \d+\) after you opened it/);
  await expect(second.getByRole('alert').filter({ hasText: 'saved somewhere else' })).toBeVisible();
  await expectAccessible(second, 'conflict dialog');

  // both side by side, read-only, then "Keep mine"
  await dialog.getByRole('button', { name: 'Compare side by side' }).click();
  const pair = dialog.getByRole('region', { name: 'Both versions of the landing page' });
  await expect(pair.frameLocator('iframe[title="Your version"]').getByText(mine)).toBeVisible();
  await expect(pair.frameLocator('iframe[title="Their version"]').getByText(theirs)).toBeVisible();
  await expectAccessible(second, 'conflict dialog, side by side');
  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(dialog).toBeHidden();
  await expect(saved(second)).toContainText('Theirs is kept in History');
  const theirVersion = await keptVersion(second);

  // the draft on the server is mine; History holds theirs as its own version
  const headers = await ownerApiHeaders(request, STORE_KEY);
  const draft = (await (await request.get('/api/v1/onsite-display/landing_page', { headers })).json()).data;
  expect(JSON.stringify(draft.document)).toContain(mine);
  expect(JSON.stringify(draft.document)).not.toContain(theirs);
  expect(draft.draft_version).toBeGreaterThan(theirVersion);
  await second.getByRole('button', { name: 'History', exact: true }).click();
  const history = second.getByRole('dialog', { name: 'Version history' });
  await expect(history.getByRole('button', { name: `Restore version ${theirVersion}`, exact: true })).toBeVisible();
  // and labels both drafts
  await expect(historyEntry(history, theirVersion)).toContainText("Olivia Owner's draft kept as a version");
  await expect(historyEntry(history, theirVersion + 1)).toContainText(`Kept over Olivia Owner's draft (version ${theirVersion})`);
  await history.getByRole('button', { name: 'Close' }).click();

  // second round: the first editor, still on theirs, edits again and conflicts; "Keep theirs"
  const mineAgain = `Mine again ${stamp}`;
  await editTitle(first, mineAgain);
  const firstDialog = first.getByRole('dialog', { name: DIALOG });
  await expect(firstDialog).toBeVisible();
  await firstDialog.getByRole('button', { name: 'Keep theirs' }).click();
  await expect(firstDialog).toBeHidden();
  await expect(headerTitle(first)).toHaveText(mine);
  await expect(saved(first)).toContainText('Yours is kept in History');
  const keptMine = await keptVersion(first);

  // mine is recoverable: History names it and restores it as the draft
  await first.getByRole('button', { name: 'History', exact: true }).click();
  const firstHistory = first.getByRole('dialog', { name: 'Version history' });
  await expect(historyEntry(firstHistory, keptMine)).toContainText("Olivia Owner's draft kept as a version: Olivia Owner's draft");
  await firstHistory.getByRole('button', { name: `Restore version ${keptMine}`, exact: true }).click();
  await expect(headerTitle(first)).toHaveText(mineAgain);
  await expect
    .poll(async () => JSON.stringify((await (await request.get('/api/v1/onsite-display/landing_page', { headers })).json()).data.document))
    .toContain(mineAgain);

  await first.context().close();
  await second.context().close();
});

test('variant B: a save on a stale B conflicts like A, and "Keep mine" leaves both drafts labelled in B\'s History', async ({ browser, request }) => {
  const headers = await ownerApiHeaders(request, STORE_KEY);
  const B = '/api/v1/onsite-display/variants/landing_page';
  const created = await request.post(`${B}/from-published`, { headers, data: {} });
  expect(created.status(), await created.text()).toBe(201);
  const page = await signedInOwner(browser, { viewport: { width: 1600, height: 1000 } });
  await switchConsoleStore(page, STORE);
  await openStudio(page, '/onsite-display/landing-page?variant=b');
  await expect(page.getByRole('radiogroup', { name: 'Variant' }).getByLabel('B')).toBeChecked();

  // B is saved elsewhere after this studio opened it
  const stamp = Date.now().toString(36);
  const opened = (await created.json()).data as { draft_version: number; document: { sections: { id: string; content: { visitor: { title: string } } }[] } };
  const theirs = structuredClone(opened.document);
  theirs.sections.find((section) => section.id === 'header')!.content.visitor.title = `Their B ${stamp}`;
  const elsewhere = await request.post(`${B}/draft`, { headers, data: { base_version: opened.draft_version, document: theirs } });
  expect(elsewhere.ok(), await elsewhere.text()).toBe(true);
  const theirVersion = (await elsewhere.json()).data.version as number;

  const mine = `My B ${stamp}`;
  await editTitle(page, mine);
  const dialog = page.getByRole('dialog', { name: DIALOG });
  await expect(dialog).toContainText(`Olivia Owner saved the landing page (version ${theirVersion}) after you opened it`);
  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(dialog).toBeHidden();
  await expect(saved(page)).toContainText(`Theirs is kept in History: the landing page as version ${theirVersion}`);
  await expect.poll(async () => JSON.stringify((await (await request.get(B, { headers })).json()).data.document)).toContain(mine);

  await page.getByRole('button', { name: 'History', exact: true }).click();
  const history = page.getByRole('dialog', { name: 'Version history' }).getByRole('region', { name: 'Versions of the landing page, variant B' });
  await expect(historyEntry(history, theirVersion + 1)).toContainText(`Kept over Olivia Owner's draft (version ${theirVersion})`);
  await expect(historyEntry(history, theirVersion)).toContainText(`Olivia Owner's draft kept as a version: version ${theirVersion + 1} was kept over it`);
  await page.context().close();
});
