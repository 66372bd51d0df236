/**
 * The storefront embed on /demo/storefront, against the real server and database: the launcher
 * shows, one request on load, the widget opens as a visitor and as a signed-in member with the
 * member's real balance, CSS isolation both ways, the keyboard path, no layout shift, axe.
 */
import { axeOn } from './harness/axe.ts';
import { expect, test } from '@playwright/test';
import { formatPoints } from '../../renderers/format/points.ts';
import { ownerApiHeaders } from './harness/console.ts';
import { STORE, bootstrap, launcherOf, loaderAttributes, published, redeemInWidget } from './harness/storefront.ts';
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Elements and properties of the store page that the embed must leave exactly as they were. */
const PAGE_SELECTORS = ['html', 'body', '.site-header', 'h1', 'h2', '.card', '.card p', '.card button', '.site-footer a'];
const PAGE_PROPERTIES = [
  'font-family',
  'font-size',
  'color',
  'background-color',
  'padding-top',
  'padding-bottom',
  'margin-top',
  'line-height',
  'letter-spacing',
  'text-transform',
  'box-sizing',
  'border-top-width',
];

test.describe('storefront embed on /demo/storefront', () => {
  test('shows the launcher after exactly one request to our server', async ({ page, request }) => {
    const names = published(await bootstrap(request));
    const requests: string[] = [];
    page.on('request', (r) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`));
    await page.goto('/demo/storefront');
    const launcher = launcherOf(page, names.launcher);
    await expect(launcher).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requests).toEqual(['GET /demo/storefront', 'GET /embed/loader.js', `GET /storefront/v1/${STORE}/bootstrap`]);
    const box = (await launcher.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    // the widget's code comes only when the shopper opens it
    await launcher.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(requests.filter((r) => r.startsWith('GET /embed/panel-'))).toHaveLength(1);
  });

  test('opens the widget as a visitor', async ({ page, request }) => {
    const payload = await bootstrap(request);
    expect(payload.member).toBeNull();
    const names = published(payload);
    await page.goto('/demo/storefront');
    await launcherOf(page, names.launcher).click();
    const dialog = page.getByRole('dialog', { name: names.header });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: names.firstPanel })).toBeVisible();
    await expect(dialog.getByRole('button', { name: names.memberOnlyPanel })).toHaveCount(0);
  });

  test('the widget opens just above the launcher, wherever the launcher sits and however large it is', async ({ page, request }) => {
    const names = published(await bootstrap(request));
    await page.emulateMedia({ reducedMotion: 'reduce' }); // measured where it rests, not while it slides in
    await page.goto('/demo/storefront');
    const launcher = launcherOf(page, names.launcher);
    await expect(launcher).toBeVisible();
    // as a store whose launcher has other offsets and zoom would publish it
    await launcher.evaluate((button: HTMLElement) => {
      button.style.setProperty('--ls-pb', '96px');
      button.style.setProperty('--ls-ps', '48px');
      button.style.setProperty('--ls-zoom', '1.5');
    });
    const at = (await launcher.boundingBox())!;
    await launcher.click();
    const widget = (await page.getByRole('dialog', { name: names.header }).boundingBox())!;
    expect(at.y - (widget.y + widget.height)).toBeCloseTo(12, 0);
    const side = await launcher.getAttribute('data-placement');
    if (side === 'right') expect(widget.x + widget.width).toBeCloseTo(at.x + at.width, 0);
    else expect(widget.x).toBeCloseTo(at.x, 0);
  });

  test('opens the widget as the signed demo customer with their real balance', async ({ page, request }) => {
    await page.goto('/demo/storefront?member=1');
    const signed = await loaderAttributes(page);
    expect(signed.store).toBe(STORE);
    expect(signed.customerId).toBeTruthy();
    expect(signed.digest).toMatch(/^[0-9a-f]{64}$/);
    const before = (await bootstrap(request, signed)).member!;
    expect(before).not.toBeNull();
    // the merchant gives this customer points in the console; the storefront shows the ledger's balance
    const headers = await ownerApiHeaders(request, STORE);
    const adjusted = await request.post('/data/v1/customer/adjust/points', {
      headers,
      data: { customer_id: Number(before.customerId), points: 1234, reason: 'Storefront embed test' },
    });
    expect(adjusted.status()).toBe(200);
    const member = await request.get(`/storefront/v1/${STORE}/member?customer_id=${encodeURIComponent(signed.customerId!)}&digest=${signed.digest}`);
    const balance = ((await member.json()) as { data: { pointsBalance: number } }).data.pointsBalance;
    expect(balance).toBe(before.pointsBalance + 1234);

    const payload = await bootstrap(request, signed);
    expect(payload.member!.pointsBalance).toBe(balance);
    const names = published(payload);
    await page.reload();
    await launcherOf(page, names.launcher).click();
    const dialog = page.getByRole('dialog', { name: names.header });
    await expect(dialog).toBeVisible();
    expect(names.header).toContain(before.firstName); // the header greets the member by name ({first_name})
    await expect(dialog).toContainText(formatPoints(balance, payload.locale));
    // a forged digest is refused: the balance is never one the page made up
    const forged = await request.get(`/storefront/v1/${STORE}/bootstrap?customer_id=${encodeURIComponent(signed.customerId!)}&digest=${'0'.repeat(64)}`);
    expect(forged.status()).toBe(401);
  });

  test('the signed demo customer redeems points in the widget and gets a coupon code', async ({ page, request }) => {
    await page.goto('/demo/storefront?member=1');
    const signed = await loaderAttributes(page);
    const before = (await bootstrap(request, signed)).member!;
    const headers = await ownerApiHeaders(request, STORE);
    const adjusted = await request.post('/data/v1/customer/adjust/points', {
      headers,
      data: { customer_id: Number(before.customerId), points: 2000, reason: 'Redeem through the embed' },
    });
    expect(adjusted.status()).toBe(200);
    const payload = await bootstrap(request, signed);
    const way = payload.program.waysToRedeem.find((w) => w.cost <= payload.member!.pointsBalance)!;
    await page.reload();
    const notice = await redeemInWidget(page, payload, way.title);
    const after = (await bootstrap(request, signed)).member!;
    expect(after.pointsBalance).toBe(payload.member!.pointsBalance - way.cost);
    const code = (await notice.textContent())!.split('Your code: ')[1]!.trim();
    expect(after.rewards.map((r) => r.code)).toContain(code);
  });

  test('the store CSS does not reach the embed, and ours does not reach the store', async ({ page, request }) => {
    const names = published(await bootstrap(request));
    const pageStyles = () =>
      page.evaluate(
        ({ selectors, properties }) => [
          ...selectors.flatMap((selector) => {
            const style = getComputedStyle(document.querySelector(selector)!);
            return properties.map((p) => `${selector} ${p}: ${style.getPropertyValue(p)}`);
          }),
          `sheets: ${document.styleSheets.length}`,
        ],
        { selectors: PAGE_SELECTORS, properties: PAGE_PROPERTIES },
      );
    await page.goto('/demo/storefront?embed=0');
    const before = await pageStyles();
    await page.goto('/demo/storefront');
    const launcher = launcherOf(page, names.launcher);
    await launcher.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    // a bottom sticky bar reserves its height below the page: the only change, and one that moves nothing
    const reserved = names.bar.placement === 'bottom' ? `body padding-bottom: ${names.bar.height}px` : 'body padding-bottom: 0px';
    expect(await pageStyles()).toEqual(before.map((line) => (line.startsWith('body padding-bottom:') ? reserved : line)));

    const ours = await launcher.evaluate((button) => {
      const style = getComputedStyle(button);
      const icon = button.querySelector('svg');
      return {
        fontFamily: style.fontFamily,
        textTransform: style.textTransform,
        borderTopWidth: style.borderTopWidth,
        borderRadius: style.borderTopLeftRadius,
        letterSpacing: style.letterSpacing,
        position: style.position,
        iconWidth: icon ? getComputedStyle(icon).width : null,
      };
    });
    expect(ours.fontFamily).not.toMatch(/Georgia/);
    expect(ours.textTransform).toBe('none');
    expect(ours.borderTopWidth).toBe('0px');
    expect(ours.borderRadius).toBe({ circular: '999px', rounded: '12px', square: '0px' }[names.shape]); // its own shape, not the store's square buttons
    expect(ours.letterSpacing).toBe('normal');
    expect(ours.position).toBe('fixed');
    expect(ours.iconWidth).not.toBe('120px');
    // the store hides [role=dialog] with !important; ours still shows
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('keyboard: launcher → panel → back → Esc → focus on the launcher', async ({ page, request }) => {
    const names = published(await bootstrap(request));
    await page.goto('/demo/storefront');
    const launcher = launcherOf(page, names.launcher);
    await launcher.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: names.header });
    await expect(dialog).toBeVisible();
    await expect(dialog).toBeFocused();
    await expect(launcher).toHaveAttribute('aria-expanded', 'true');
    const item = dialog.getByRole('button', { name: names.firstPanel });
    const itemFocused = () => item.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el);
    for (let i = 0; i < 10 && !(await itemFocused()); i++) await page.keyboard.press('Tab');
    await expect(item).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('heading', { name: names.firstPanel })).toBeFocused();
    await dialog.getByRole('button', { name: 'Back' }).focus();
    await page.keyboard.press('Enter');
    await expect(item).toBeFocused();
    // Tab stays inside the dialog
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains((el.getRootNode() as ShadowRoot).activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(launcher).toBeFocused();
    await expect(launcher).toHaveAttribute('aria-expanded', 'false');
  });

  test('appears without moving the page (no layout shift), sticky bar included', async ({ page, request }) => {
    const names = published(await bootstrap(request));
    const headerTop = () => page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().top);
    await page.goto('/demo/storefront?embed=0');
    const before = await headerTop();
    await page.goto('/demo/storefront');
    await expect(launcherOf(page, names.launcher)).toBeVisible();
    await expect(page.getByRole('button', { name: names.bar.text })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await headerTop()).toBe(before);
    // the store's header is not covered: a top bar has its height kept free above it
    const bar = (await page.getByRole('button', { name: names.bar.text }).boundingBox())!;
    if (names.bar.placement === 'top') expect(await headerTop()).toBeGreaterThanOrEqual(bar.y + bar.height - 0.5);
    // its drawer closes with its own control
    await page.getByRole('button', { name: names.bar.text }).click();
    await page.getByRole('region', { name: 'Rewards' }).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: names.bar.text })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('button', { name: names.bar.text })).toBeFocused();
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
          }).observe({ type: 'layout-shift', buffered: true });
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
        }),
    );
    expect(shift).toBe(0);
  });

  test('?member=1 always signs in the same demo member', async ({ request }) => {
    const memberId = async () => /data-customer-id="([^"]+)"/.exec(await (await request.get('/demo/storefront?member=1')).text())?.[1];
    const first = await memberId();
    expect(first).toBeTruthy();
    expect(await memberId()).toBe(first);
  });

  for (const member of [false, true]) {
    test(`axe: demo page with the widget open (${member ? 'member' : 'visitor'})`, async ({ page, request }) => {
      const names = published(await bootstrap(request));
      await page.goto(`/demo/storefront${member ? '?member=1' : ''}`);
      await launcherOf(page, names.launcher).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      const results = await axeOn(page).withTags(AXE_TAGS).analyze();
      const violations = results.violations.map(
        (v) =>
          `${v.id}: ${v.help} — ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(' | ')}`,
      );
      expect(violations).toEqual([]);
    });
  }
});
