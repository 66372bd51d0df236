import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { signedInOwner } from './harness/console.ts';
import { openPublishDialog, publishFromStudio } from './harness/publish.ts';
import { canvas as canvasOf, frame as frameOf, inspector as inspectorOf, openStudio } from './harness/studio.ts';

// The landing page studio against the real server and its seeded demo, by the names of DESIGN.md §4
// (the other surfaces' studios: builder-surfaces.spec.ts). One sign-in per file; the tests run in
// order on one document.

test.describe.configure({ mode: 'serial' });

let page: Page;

const canvas = (p: Page = page) => canvasOf(p);
const frame = (p: Page = page): FrameLocator => frameOf(p);
const inspector = (p: Page = page) => inspectorOf(p);
const sections = (p: Page = page) => p.getByRole('list', { name: 'Sections' });
const item = (name: string, p: Page = page) => sections(p).getByRole('listitem', { name, exact: true });
const outlineOrder = (p: Page = page) =>
  sections(p)
    .getByRole('listitem')
    .evaluateAll((items) => items.map((i) => i.getAttribute('aria-label')));
const canvasOrder = (p: Page = page) =>
  frame(p)
    .locator('[data-section-type]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-section-type')));

async function openLandingStudio(p: Page = page) {
  await openStudio(p, '/onsite-display/landing-page');
  await expect(frame(p).locator('[data-section-type=header]')).toBeVisible();
}

test.beforeAll(async ({ browser }) => {
  page = await signedInOwner(browser, { viewport: { width: 1600, height: 1000 } });
});
test.afterAll(async () => {
  await page.context().close();
});

test('the studio opens without the admin frame, with the canvas styled by the renderers', async () => {
  await openLandingStudio();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  for (const name of ['Undo', 'Redo', 'Save', 'Publish']) await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Audience' })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Device' })).toBeVisible();
  // the renderers' stylesheet reached the frame: sections are laid out by it
  const display = await frame()
    .locator('.ls-grid')
    .first()
    .evaluate((el) => getComputedStyle(el).display);
  expect(display).toBe('grid');
  for (const name of ['Banner', 'Header', 'How it works', 'Ways to earn', 'Ways to redeem', 'Referral', 'VIP tiers', 'Timeline', 'Reward list']) {
    await expect(item(name)).toBeVisible();
  }
});

test('editing a title in the Inspector shows it in the canvas at once', async () => {
  await item('Header').getByRole('button', { name: 'Header', exact: true }).click();
  const title = inspector().getByLabel('Title', { exact: true });
  await title.fill('Rewards for coffee lovers');
  await expect(frame().locator('[data-section-type=header] [data-field=title]')).toHaveText('Rewards for coffee lovers');
  await title.press('End');
  await title.pressSequentially('!', { delay: 20 });
  await expect(frame().locator('[data-section-type=header] [data-field=title]')).toHaveText('Rewards for coffee lovers!');
});

test('hovering a section on the canvas outlines it; clicking selects it in the outline and the inspector', async () => {
  await frame()
    .locator('[data-section-type=referral]')
    .hover({ position: { x: 5, y: 5 } });
  await expect(frame().locator('[data-section-type=referral]')).toHaveAttribute('data-bs-hovered', '');
  await expect(frame().locator('[data-section-type=referral]')).toHaveCSS('outline-style', 'dashed');
  await frame()
    .locator('[data-section-type=referral]')
    .click({ position: { x: 5, y: 5 } });
  await expect(frame().locator('[data-section-type=referral]')).toHaveCSS('outline-style', 'solid');
  await expect(item('Referral').getByRole('button', { name: 'Referral', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(inspector().getByRole('heading', { name: 'Referral', level: 2 })).toBeVisible();
});

test('switching Audience previews and edits the other variant', async () => {
  const banner = frame().locator('[data-section-type=banner] [data-field=title]');
  await expect(frame().locator('.ls-landing')).toHaveAttribute('data-audience', 'visitor');
  const visitorTitle = await banner.textContent();
  await page.getByRole('radiogroup', { name: 'Audience' }).getByText('Member', { exact: true }).click();
  await expect(frame().locator('.ls-landing')).toHaveAttribute('data-audience', 'member');
  await expect(banner).not.toHaveText(visitorTitle ?? '');
  // the inspector now edits the member variant only
  await item('Header').getByRole('button', { name: 'Header', exact: true }).click();
  await inspector().getByLabel('Title', { exact: true }).fill('Welcome back, {first_name}');
  await expect(frame().locator('[data-section-type=header] [data-field=title]')).toHaveText('Welcome back, Alex');
  await page.getByRole('radiogroup', { name: 'Audience' }).getByText('Visitor', { exact: true }).click();
  await expect(frame().locator('[data-section-type=header] [data-field=title]')).toHaveText('Rewards for coffee lovers!');
});

test('switching Device gives the frame a phone width and the mobile layout', async () => {
  const columns = () =>
    frame()
      .locator('[data-section-type=ways_to_earn] .ls-grid')
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
  expect(await columns()).toBe(3);
  await page.getByRole('radiogroup', { name: 'Device' }).getByText('Mobile', { exact: true }).click();
  await expect(canvas()).toHaveAttribute('data-device', 'mobile');
  await expect.poll(columns).toBe(1);
  const width = await page.locator('iframe[title="Preview"]').evaluate((el) => (el as HTMLIFrameElement).contentWindow!.innerWidth);
  expect(width).toBe(390);
  await page.getByRole('radiogroup', { name: 'Device' }).getByText('Desktop', { exact: true }).click();
  await expect.poll(columns).toBe(3);
});

test('sections reorder with the keyboard', async () => {
  const before = await outlineOrder();
  expect(before.slice(0, 2)).toEqual(['Banner', 'Header']);
  const handle = item('Banner').getByRole('button', { name: 'Reorder Banner' });
  await handle.scrollIntoViewIfNeeded();
  // dnd-kit announces each step in its live region
  await handle.press('Space');
  await expect(page.getByText(/^(Picked up Banner\.|Banner is over Banner\.)$/)).toBeAttached();
  await handle.press('ArrowDown');
  await expect(page.getByText('Banner is over Header.')).toBeAttached();
  await handle.press('Space');
  await expect.poll(outlineOrder).toEqual(['Header', 'Banner', ...before.slice(2)]);
  await expect.poll(canvasOrder).toEqual(expect.arrayContaining(['header', 'banner']));
  expect((await canvasOrder()).slice(0, 2)).toEqual(['header', 'banner']);
});

/** A pointer drag as a person does it: press on `from`, move in steps into the top quarter of `to` (drops before it), release. */
async function dragOnto(from: ReturnType<Page['locator']>, to: ReturnType<Page['locator']>) {
  await to.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  await page.mouse.move(a.x + 20, a.y + Math.min(10, a.height / 2));
  await page.mouse.down();
  const b = (await to.boundingBox())!;
  await page.mouse.move(b.x + 40, b.y + b.height / 2, { steps: 8 });
  await page.mouse.move(b.x + 40, b.y + b.height / 4, { steps: 4 });
  await page.mouse.up();
}

test('sections are dragged to another place on the canvas, and new ones dropped from the block palette', async () => {
  const before = await canvasOrder();
  const outlineBefore = await outlineOrder();
  const onCanvas = (index: number) => frame().locator('[data-section-type]').nth(index);
  // craft's drag: the second section dropped on the top edge of the first
  await dragOnto(onCanvas(1), onCanvas(0));
  await expect.poll(canvasOrder).toEqual([before[1], before[0], ...before.slice(2)]);
  expect(await outlineOrder()).toEqual([outlineBefore[1], outlineBefore[0], ...outlineBefore.slice(2)]);
  // one step of the studio's history
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect.poll(canvasOrder).toEqual(before);
  // craft's create: a block from the palette dropped on the top edge of the second section
  await dragOnto(page.getByRole('button', { name: 'Add Timeline', exact: true }), onCanvas(1));
  await expect.poll(canvasOrder).toEqual([before[0], 'timeline', ...before.slice(1)]);
  await expect(inspector().getByRole('heading', { name: 'Timeline', level: 2 })).toBeVisible();
  await expect(onCanvas(1)).toHaveAttribute('data-bs-selected', '');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect.poll(canvasOrder).toEqual(before);
  // pressed, a palette block is added after the selected section
  await item(outlineBefore[0]!).getByRole('button', { name: outlineBefore[0]!, exact: true }).click();
  await page.getByRole('button', { name: 'Add Timeline', exact: true }).press('Enter');
  await expect.poll(canvasOrder).toEqual([before[0], 'timeline', ...before.slice(1)]);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect.poll(canvasOrder).toEqual(before);
});

test('a section can be hidden, and undo and redo walk back and forth', async () => {
  await expect(frame().locator('[data-section-type=timeline]')).toBeVisible();
  const visible = item('Timeline').getByRole('switch', { name: 'Visible' });
  await visible.click();
  await expect(visible).toHaveAttribute('aria-checked', 'false');
  await expect(frame().locator('[data-section-type=timeline]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(frame().locator('[data-section-type=timeline]')).toBeVisible();
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await expect(frame().locator('[data-section-type=timeline]')).toHaveCount(0);
  // keyboard: Ctrl+Z undoes, Ctrl+Y redoes
  await page.locator('body').press('Control+z');
  await expect(frame().locator('[data-section-type=timeline]')).toBeVisible();
  await page.locator('body').press('Control+y');
  await expect(frame().locator('[data-section-type=timeline]')).toHaveCount(0);
});

test('typing is one undo step', async () => {
  await item('Header').getByRole('button', { name: 'Header', exact: true }).click();
  const title = inspector().getByLabel('Title', { exact: true });
  await title.focus();
  await title.press('End');
  await title.pressSequentially(' Join', { delay: 30 });
  await expect(frame().locator('[data-section-type=header] [data-field=title]')).toHaveText('Rewards for coffee lovers! Join');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(frame().locator('[data-section-type=header] [data-field=title]')).toHaveText('Rewards for coffee lovers!');
});

test('save, reload: the same document', async () => {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  const order = await outlineOrder();
  await openLandingStudio();
  await expect(frame().locator('[data-section-type=header] [data-field=title]')).toHaveText('Rewards for coffee lovers!');
  expect(await outlineOrder()).toEqual(order);
  await expect(item('Timeline').getByRole('switch', { name: 'Visible' })).toHaveAttribute('aria-checked', 'false');
});

test('the draft autosaves a moment after an edit, with a visible state', async () => {
  await item('Header').getByRole('button', { name: 'Header', exact: true }).click();
  await inspector().getByLabel('Paragraph', { exact: true }).fill('Saved without pressing Save.');
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await openLandingStudio();
  await expect(frame().locator('[data-section-type=header] [data-field=paragraph]')).toHaveText('Saved without pressing Save.');
});

test('publishing asks first, naming what changes, and puts the change on the storefront landing page', async () => {
  const storeKey = await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}').state?.user?.users?.store?.store_name as string);
  expect(storeKey).toBeTruthy();
  const live = async () => (await page.request.get(`/landing/${storeKey}`)).text();
  const dialog = await openPublishDialog(page);
  await expect(dialog.getByRole('list', { name: 'Changes to publish' })).toContainText(/Landing page: \d+ sections? changed \([^)]*Header/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await (await openPublishDialog(page)).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await live()).not.toContain('Rewards for coffee lovers!');
  await publishFromStudio(page);
  const published = await page.request.get(`/landing/${storeKey}`);
  expect(published.ok()).toBe(true);
  const html = await published.text();
  expect(html).toContain('Rewards for coffee lovers!');
  expect(html).not.toContain('data-section-type="timeline"');
});

/** Share of pixels that differ between two PNG screenshots (decoded by the browser on a blank page). */
async function pixelDifference(a: Buffer, b: Buffer): Promise<{ ratio: number; sizes: string }> {
  const scratch = await page.context().newPage();
  try {
    return await scratch.evaluate(
      async ([first, second]) => {
        const load = (src: string) =>
          new Promise<HTMLImageElement>((done, fail) => {
            const img = new Image();
            img.addEventListener('load', () => done(img));
            img.addEventListener('error', fail);
            img.src = src;
          });
        const [x, y] = await Promise.all([load(first), load(second)]);
        const sizes = `${x.width}×${x.height} vs ${y.width}×${y.height}`;
        if (x.width !== y.width || x.height !== y.height) return { ratio: 1, sizes };
        const canvasElement = document.createElement('canvas');
        canvasElement.width = x.width;
        canvasElement.height = x.height;
        const g = canvasElement.getContext('2d')!;
        g.drawImage(x, 0, 0);
        const dx = g.getImageData(0, 0, x.width, x.height).data;
        g.clearRect(0, 0, x.width, x.height);
        g.drawImage(y, 0, 0);
        const dy = g.getImageData(0, 0, x.width, x.height).data;
        // a box at a fractional position rounds to a 1 px different clip: compare with 0 and ±1 px row shifts, keep the best
        const row = x.width * 4;
        const differing = (shift: number) => {
          let different = 0;
          for (let i = Math.max(0, shift) * row; i < dx.length - Math.max(0, -shift) * row; i += 4) {
            const j = i - shift * row;
            if (Math.abs(dx[i]! - dy[j]!) + Math.abs(dx[i + 1]! - dy[j + 1]!) + Math.abs(dx[i + 2]! - dy[j + 2]!) > 48) different++;
          }
          return different;
        };
        return { ratio: Math.min(differing(0), differing(1), differing(-1)) / (dx.length / 4), sizes };
      },
      [`data:image/png;base64,${a.toString('base64')}`, `data:image/png;base64,${b.toString('base64')}`] as const,
    );
  } finally {
    await scratch.close();
  }
}

type Box = { x: number; y: number; width: number; height: number };
const boxOf = (locator: ReturnType<Page['locator']>) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
const clipOf = (box: Box, dx = 0, dy = 0) => ({
  x: Math.round(box.x + dx),
  y: Math.round(box.y + dy),
  width: Math.floor(box.width),
  height: Math.floor(box.height),
});

test('a screenshot of the canvas and of the published page at the same width match', async () => {
  const studio = await page.context().newPage();
  await studio.setViewportSize({ width: 2000, height: 2400 });
  await openLandingStudio(studio);
  await expect(studio.locator('iframe[title="Preview"]')).toHaveCSS('transform', /^(none|matrix\(1, 0, 0, 1, 0, 0\))$/); // zoom 1: no scaling
  await studio.mouse.move(0, 0);
  const frameBox = (await studio.locator('iframe[title="Preview"]').boundingBox())!;
  const storeKey = await studio.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}').state?.user?.users?.store?.store_name as string);
  const storefront = await page.context().newPage();
  await storefront.setViewportSize({ width: 1280, height: 2400 });
  await storefront.goto(`/landing/${storeKey}`);
  for (const type of ['header', 'banner', 'ways_to_earn']) {
    const inCanvas = await boxOf(frame(studio).locator(`[data-section-type=${type}]`));
    const published = await boxOf(storefront.locator(`[data-section-type=${type}]`));
    // same layout: the same box inside a 1280 px wide document
    expect(inCanvas, `${type}: same box`).toEqual(published);
    const a = await studio.screenshot({ clip: clipOf(inCanvas, frameBox.x, frameBox.y), animations: 'disabled' });
    const b = await storefront.screenshot({ clip: clipOf(published), animations: 'disabled' });
    const { ratio, sizes } = await pixelDifference(a, b);
    if (ratio > 0) {
      await test.info().attach(`${type}-canvas.png`, { body: a, contentType: 'image/png' });
      await test.info().attach(`${type}-published.png`, { body: b, contentType: 'image/png' });
    }
    expect(sizes, `${type}: same size`).toMatch(/^(\d+×\d+) vs \1$/);
    expect(ratio, `${type}: share of differing pixels`).toBeLessThan(0.005);
  }
  await storefront.close();
  await studio.close();
});

test('titles can be edited inline on the canvas', async () => {
  const title = frame().locator('[data-section-type=header] [data-field=title]');
  await title.dblclick();
  await expect(title).toHaveAttribute('contenteditable', 'plaintext-only');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Edited on the canvas');
  await page.keyboard.press('Enter');
  await expect(title).toHaveText('Edited on the canvas');
  await item('Header').getByRole('button', { name: 'Header', exact: true }).click();
  await expect(inspector().getByLabel('Title', { exact: true })).toHaveValue('Edited on the canvas');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(title).toHaveText('Rewards for coffee lovers!');
});

test('publishing is refused, with the reason, when text is unreadable', async () => {
  await item('Header').getByRole('button', { name: 'Header', exact: true }).click();
  await inspector().getByLabel('Font color', { exact: true }).fill('#f4f4f4');
  await inspector().getByLabel('Font color', { exact: true }).blur();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: /hard to read.*4\.5:1/ })).toBeVisible();
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
});

test('a stale save (another tab saved first) shows a conflict, never a silent loss', async () => {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  const other = await page.context().newPage();
  await openLandingStudio(other);
  await item('Header', other).getByRole('button', { name: 'Header', exact: true }).click();
  await inspector(other).getByLabel('Title', { exact: true }).fill('Saved in another tab');
  await other.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(other.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await other.close();

  await item('Header').getByRole('button', { name: 'Header', exact: true }).click();
  await inspector().getByLabel('Title', { exact: true }).fill('Saved in this tab');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'saved somewhere else' })).toBeVisible();
  await expect(frame().locator('[data-section-type=header] [data-field=title]')).toHaveText('Saved in this tab');
  await page.getByRole('dialog', { name: 'Saved elsewhere while you edited' }).getByRole('button', { name: 'Keep mine' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
});

test('version history restores an earlier version as the new draft', async () => {
  await page.getByRole('button', { name: 'History', exact: true }).click();
  const history = page.getByRole('dialog', { name: 'Version history' });
  const restores = history.getByRole('button', { name: /^Restore version \d+$/ });
  await expect(restores.first()).toBeVisible();
  // newest first; the oldest is the demo document the seed published, the next one the first save of this suite
  await restores.nth((await restores.count()) - 2).click();
  await expect(history).toHaveCount(0);
  const headerTitle = (p: Page = page) => frame(p).locator('[data-section-type=header] [data-field=title]');
  await expect(headerTitle()).toHaveText('Rewards for coffee lovers!');
  // the server holds the restored version as the draft at once
  const other = await page.context().newPage();
  await openLandingStudio(other);
  await expect(headerTitle(other)).toHaveText('Rewards for coffee lovers!');
  await other.close();
  // restoring is an ordinary step: Undo brings back what the canvas showed before, Redo the restored version
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(headerTitle()).toHaveText('Saved in this tab');
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await expect(headerTitle()).toHaveText('Rewards for coffee lovers!');
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await openLandingStudio();
  await expect(headerTitle()).toHaveText('Rewards for coffee lovers!');
});

test('an icon from the icon library is picked for a way to earn and shown on the canvas', async () => {
  await item('Ways to earn').getByRole('button', { name: 'Ways to earn', exact: true }).click();
  // the section draws the program's ways to earn until it lists its own
  const ways = inspector().getByRole('group', { name: 'Ways to earn' });
  await expect(ways.getByText("Shows your program's ways to earn, as shoppers see them.", { exact: false })).toBeVisible();
  const cards = frame().locator('[data-section-type=ways_to_earn] .ls-card');
  await expect(cards.first()).toContainText('Place an order');
  await ways.getByRole('button', { name: 'Add to Ways to earn' }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('New way to earn');
  const firstWay = ways.getByRole('listitem').first();
  const iconButton = firstWay.getByRole('button', { name: /^Icon / });
  await iconButton.click();
  const picker = page.getByRole('dialog', { name: 'Choose icon' });
  const library = picker.getByRole('listbox', { name: 'Icon library' });
  await expect(library.getByRole('option', { name: 'Gift', exact: true })).toBeVisible();
  // the search goes to the server's library
  await picker.getByLabel('Search icons').fill('troph');
  await expect(library.getByRole('option')).toHaveText(['Trophy']);
  // keyboard: from the search box into the grid, Enter picks
  await picker.getByLabel('Search icons').press('ArrowDown');
  await expect(library.getByRole('option', { name: 'Trophy' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  await expect(iconButton).toBeFocused();
  await expect(iconButton).toHaveAccessibleName('Icon Trophy');
  await expect(frame().locator('[data-section-type=ways_to_earn] .ls-card').first().locator('svg[data-icon=trophy]')).toBeVisible();
  // Escape closes without a change; None takes the icon away
  await iconButton.click();
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(iconButton).toBeFocused();
  await iconButton.click();
  await library.getByRole('option', { name: 'None', exact: true }).click();
  await expect(frame().locator('[data-section-type=ways_to_earn] .ls-card').first().locator('svg')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(frame().locator('[data-section-type=ways_to_earn] .ls-card').first().locator('svg[data-icon=trophy]')).toBeVisible();
});

/** A 1×1 PNG: the gallery checks the file's bytes, not its name. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=', 'base64');

test('a step image is uploaded to the gallery and shown on the canvas', async () => {
  await item('How it works').getByRole('button', { name: 'How it works', exact: true }).click();
  const firstStep = inspector().getByRole('listitem').first();
  await firstStep.getByRole('button', { name: 'Choose image for Image' }).click();
  const gallery = page.getByRole('dialog', { name: 'Gallery' });
  await gallery.getByLabel('Upload image').setInputFiles({ name: 'step.png', mimeType: 'image/png', buffer: PNG });
  await expect(gallery).toHaveCount(0);
  await expect(firstStep.getByLabel('Image', { exact: true })).toHaveValue(/^\/media\/[0-9a-f]{32}$/);
  const src = await firstStep.getByLabel('Image', { exact: true }).inputValue();
  await expect(frame().locator(`[data-section-type=how_it_works] img[src="${src}"]`)).toHaveCount(1);
  // the uploaded image is offered in the gallery next time
  await firstStep.getByRole('button', { name: 'Choose image for Image' }).click();
  await expect(page.getByRole('dialog', { name: 'Gallery' }).getByRole('button', { name: 'Use step.png' })).toBeVisible();
  await page.keyboard.press('Escape');
});
