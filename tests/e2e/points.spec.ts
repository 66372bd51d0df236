import { createHmac } from 'node:crypto';
import { ownerApiHeaders, signedInOwner, switchConsoleStore } from './harness/console.ts';
import { STORE, bootstrap, loaderAttributes, redeemInWidget } from './harness/storefront.ts';
import { expect, test, type Page } from '@playwright/test';
import { wcag21 as axe } from './harness/axe.ts';

// The Points screens against the real server and its seeded demo.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await signedInOwner(browser);
});

test.afterAll(() => page.context().close());

/** The console's own tokens, for the few calls a test makes around the screen. */
async function apiHeaders() {
  const login = await page.evaluate(() => JSON.parse(localStorage.getItem('root')!).state.user.loginRes);
  return { Authorization: `Bearer ${login.token}`, 'X-Store-Access-Token': login.store_access_token, 'X-User-Access-Token': login.user.user_access_token };
}

const earnSection = () => page.getByRole('region', { name: 'Ways to earn' });
const redeemSection = () => page.getByRole('region', { name: 'Ways to redeem' });
const drawer = () => page.getByRole('dialog');

test('the Points screen lists the ways to earn and to redeem, grouped, and passes axe', async () => {
  await page.goto('/rewards-loyalty/points');
  await expect(page.getByRole('heading', { level: 1, name: 'Points' })).toBeVisible();
  await expect(earnSection().getByRole('heading', { name: 'Orders' })).toBeVisible();
  await expect(earnSection().getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Points expiry' })).toBeVisible();
  expect((await axe(page).analyze()).violations).toEqual([]);
});

test('a way to earn is added from the catalogue, refused with bad input, edited, deactivated and deleted', async () => {
  await page.goto('/rewards-loyalty/points');
  await earnSection().getByRole('button', { name: 'Add a way to earn' }).click();
  // spec §9: the catalogue has more than 8 actions, so it can be searched
  await drawer().getByRole('searchbox', { name: 'Search kinds of way to earn' }).fill('newsletter');
  await expect(drawer().getByRole('list', { name: 'Kinds of way to earn' }).getByRole('button')).toHaveCount(1);
  expect((await axe(page).analyze()).violations).toEqual([]);
  await drawer()
    .getByRole('button', { name: /Newsletter sign-up/ })
    .click();
  await drawer().getByLabel('Title').fill('Join our letter');
  await drawer().getByLabel('Points', { exact: true }).fill('-5');
  await drawer().getByRole('button', { name: 'Add way to earn' }).click();
  await expect(drawer().getByText('Points cannot be negative.')).toBeVisible();
  await drawer().getByLabel('Points', { exact: true }).fill('25');
  await drawer().getByRole('button', { name: 'Add way to earn' }).click();
  await expect(page.getByText('“Join our letter” added')).toBeVisible();
  const card = earnSection().getByRole('listitem').filter({ hasText: 'Join our letter' });
  await expect(card).toContainText('25');

  await card.getByRole('button', { name: 'Edit Join our letter' }).click();
  await drawer().getByLabel('Points', { exact: true }).fill('30');
  await drawer().getByRole('button', { name: 'Save way to earn' }).click();
  await expect(page.getByText('“Join our letter” saved')).toBeVisible();
  await expect(drawer()).toBeHidden();
  await expect(card).toContainText('30');

  await card.getByRole('switch', { name: 'Active: Join our letter' }).click({ force: true });
  await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
  await page.reload();
  await expect(earnSection().getByRole('listitem').filter({ hasText: 'Join our letter' }).getByText('Inactive', { exact: true })).toBeVisible();

  await earnSection().getByRole('button', { name: 'Delete Join our letter' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete “Join our letter”?' });
  await expect(confirm).toContainText('Points they already earned');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('“Join our letter” deleted')).toBeVisible();
  await expect(earnSection().getByText('Join our letter')).toHaveCount(0);
});

test('a way to redeem is added, refused outside 1–100 %, edited, deactivated and deleted', async () => {
  await page.goto('/rewards-loyalty/points');
  await redeemSection().getByRole('button', { name: 'Add a way to redeem' }).click();
  await drawer()
    .getByRole('button', { name: /Percentage off/ })
    .click();
  await drawer().getByLabel('Title').fill('Fifteen off');
  await drawer().getByLabel('Percentage off').fill('150');
  await drawer().getByRole('button', { name: 'Add way to redeem' }).click();
  await expect(drawer().getByText('A percentage discount is between 1 and 100.')).toBeVisible();
  await drawer().getByLabel('Percentage off').fill('15');
  await drawer().getByLabel('Minimum order ($)').fill('20.00');
  await drawer().getByRole('button', { name: 'Add way to redeem' }).click();
  await expect(page.getByText('“Fifteen off” added')).toBeVisible();
  const card = redeemSection().getByRole('listitem').filter({ hasText: 'Fifteen off' });
  await expect(card).toContainText('15% off');
  await expect(card).toContainText('Orders from $20.00');

  await card.getByRole('button', { name: 'Edit Fifteen off' }).click();
  await drawer().getByLabel('Points it costs').fill('1200');
  await drawer().getByRole('button', { name: 'Save way to redeem' }).click();
  await expect(drawer()).toBeHidden();
  await expect(card).toContainText('1,200');
  await card.getByRole('switch', { name: 'Active: Fifteen off' }).click({ force: true });
  await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Delete Fifteen off' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(redeemSection().getByText('Fifteen off')).toHaveCount(0);
});

const couponSection = () => page.getByRole('region', { name: 'Coupons' });

test('a coupon is added, refused with bad input, edited, deactivated and deleted; failed saves and deletes stay shown', async () => {
  await page.goto('/rewards-loyalty/points');
  await couponSection().getByRole('button', { name: 'Add a coupon' }).click();
  await drawer()
    .getByRole('button', { name: /Percentage off/ })
    .click();
  await drawer().getByLabel('Title').fill('');
  await drawer().getByLabel('Percentage off').fill('0');
  await drawer().getByRole('button', { name: 'Add coupon' }).click();
  await expect(drawer().getByText('Enter a title.')).toBeVisible();
  await expect(drawer().getByText('A percentage discount is between 1 and 100.')).toBeVisible();
  await drawer().getByLabel('Title').fill('Friend 5%');
  await drawer().getByLabel('Percentage off').fill('5');
  await drawer().getByLabel('Minimum order ($)').fill('30.00');
  // the server fails once: the failure stays in the drawer, nothing is lost
  await page.route(
    '**/api/v1/coupon/store',
    (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Try again shortly.', code: 'unavailable', errors: {} }) }),
    { times: 1 },
  );
  await drawer().getByRole('button', { name: 'Add coupon' }).click();
  await expect(drawer().getByRole('alert')).toContainText('The coupon was not saved: Try again shortly.');
  await expect(drawer().getByLabel('Title')).toHaveValue('Friend 5%');
  await drawer().getByRole('button', { name: 'Add coupon' }).click();
  await expect(page.getByText('“Friend 5%” added')).toBeVisible();
  const card = couponSection().getByRole('listitem').filter({ hasText: 'Friend 5%' });
  await expect(card).toContainText('5% off');
  await expect(card).toContainText('Orders from $30.00');
  expect((await axe(page).analyze()).violations).toEqual([]);

  // the drawer starts from the coupon as stored (GET /coupon/{id})
  await card.getByRole('button', { name: 'Edit Friend 5%' }).click();
  await expect(drawer().getByLabel('Percentage off')).toHaveValue('5');
  await drawer().getByLabel('Code expires after (days)').fill('30');
  await drawer().getByRole('button', { name: 'Save coupon' }).click();
  await expect(drawer()).toBeHidden();
  await expect(card).toContainText('Code expires after 30 days');
  await card.getByRole('switch', { name: 'Active: Friend 5%' }).click({ force: true });
  await expect(card.getByText('Inactive', { exact: true })).toBeVisible();

  await page.route(
    '**/api/v1/coupon/*',
    (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Try again shortly.', code: 'unavailable', errors: {} }),
          })
        : route.fallback(),
    { times: 1 },
  );
  await card.getByRole('button', { name: 'Delete Friend 5%' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(couponSection().getByText('The coupon was not deleted: Try again shortly.')).toBeVisible();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Delete Friend 5%' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('“Friend 5%” deleted')).toBeVisible();
  await expect(couponSection().getByText('Friend 5%')).toHaveCount(0);
});

test('a rule drawer reads the rule as stored; when that read fails the failure stays in the drawer', async () => {
  await page.goto('/rewards-loyalty/points');
  const unavailable = {
    status: 503,
    contentType: 'application/json',
    body: JSON.stringify({ message: 'Try again shortly.', code: 'unavailable', errors: {} }),
  };
  // spec §4 "point fetch": GET /points/action/rule/{id} fails (with the client's two retries)
  await page.route(/\/api\/v1\/points\/action\/rule\/\d+$/, (route) => route.fulfill(unavailable), { times: 3 });
  await earnSection().getByRole('button', { name: 'Edit Place an order' }).click();
  await expect(drawer().getByRole('alert')).toHaveText('The way to earn could not be loaded: Try again shortly.');
  await page.keyboard.press('Escape');
  await earnSection().getByRole('button', { name: 'Edit Place an order' }).click();
  await expect(drawer().getByLabel('Title')).toHaveValue('Place an order');
  await page.keyboard.press('Escape');
  await expect(drawer()).toBeHidden();
  // spec §4 "point redeem fetch": GET /redeem/point/{id}
  await page.route('**/api/v1/redeem/point/*', (route) => route.fulfill(unavailable), { times: 3 });
  await redeemSection()
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  await expect(drawer().getByRole('alert')).toHaveText('The way to redeem could not be loaded: Try again shortly.');
  await page.keyboard.press('Escape');
  await expect(drawer()).toBeHidden();
});

test('Product History imports products; the order rule picks excluded collections from the catalogue', async () => {
  await page.goto('/integrations/product-list/');
  await expect(page.getByRole('heading', { level: 1, name: 'Product History' })).toBeVisible();
  const csv = [
    'product_id,title,price,tags,collection_ids,collection_titles',
    'e2e-card,E2E Gift Card,25.00,gift,e2e-cards,E2E Cards',
    'e2e-beans,E2E Beans,12.00,coffee,demo-coffee,Coffee',
    'e2e-bad,,1.00,,,',
  ].join('\n');
  await page.getByLabel('Product file').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Import products' }).click();
  await expect(page.getByText('2 of 3 rows imported.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Product imports, newest first' })).toContainText('row 3: title');
  await page.getByRole('searchbox', { name: 'Search products' }).fill('E2E');
  await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
  await expect(page.getByRole('table', { name: 'Products' }).getByRole('row')).toHaveCount(3);
  expect((await axe(page).analyze()).violations).toEqual([]);

  await page.goto('/rewards-loyalty/points');
  await earnSection().getByRole('button', { name: 'Edit Place an order' }).click();
  const picker = drawer().getByRole('combobox', { name: 'Excluded collections' });
  // the suggestions come from the server's catalogue search: pick once the typed text's answer is in
  const searched = page.waitForResponse(
    (response) => response.url().includes('/list/collections') && `${response.url()} ${response.request().postData() ?? ''}`.includes('E2E'),
  );
  await picker.fill('E2E');
  await searched;
  await page.getByRole('option', { name: 'E2E Cards' }).click();
  const chosen = drawer().getByRole('list', { name: 'Excluded collections: chosen' });
  await expect(chosen).toContainText('E2E Cards');
  // a pick closes the suggestions, and the answer to the cleared text does not reopen them
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(picker).toHaveValue('');
  // Escape with the suggestions open closes them only: the drawer stays
  await picker.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await picker.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(drawer()).toBeVisible();
  await expect(chosen).toContainText('E2E Cards');
  expect((await axe(page).analyze()).violations).toEqual([]);
  await drawer().getByRole('button', { name: 'Save way to earn' }).click();
  await expect(page.getByText('“Place an order” saved')).toBeVisible();
  await earnSection().getByRole('button', { name: 'Edit Place an order' }).click();
  await expect(drawer().getByRole('list', { name: 'Excluded collections: chosen' })).toContainText('E2E Cards');
  await drawer().getByRole('button', { name: 'Remove E2E Cards' }).click();
  await expect(drawer().getByRole('list', { name: 'Excluded collections: chosen' })).toHaveCount(0);
  // the removal is saved too (the rule is as it was before the test)
  await drawer().getByRole('button', { name: 'Save way to earn' }).click();
  await expect(drawer()).toBeHidden();
  await earnSection().getByRole('button', { name: 'Edit Place an order' }).click();
  await expect(drawer().getByRole('combobox', { name: 'Excluded collections' })).toBeVisible();
  await expect(drawer().getByRole('list', { name: 'Excluded collections: chosen' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(drawer()).toBeHidden();
});

test('the rule drawer works from the keyboard alone', async () => {
  await page.goto('/rewards-loyalty/points');
  const edit = earnSection()
    .getByRole('button', { name: /^Edit / })
    .first();
  await edit.focus();
  await page.keyboard.press('Enter');
  await expect(drawer()).toBeVisible();
  // focus moves into the drawer and Tab walks its fields
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role=dialog]')))).toBe(true);
  const title = drawer().getByLabel('Title');
  for (let step = 0; step < 5 && !(await title.evaluate((el) => el === document.activeElement)); step++) await page.keyboard.press('Tab');
  await expect(title).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(drawer().getByRole('switch', { name: 'Active' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(drawer()).toBeHidden();
  await expect(edit).toBeFocused();
});

test('expiry states what happens to existing balances before it is saved', async () => {
  await page.goto('/rewards-loyalty/points');
  const expiry = page.getByRole('region', { name: 'Points expiry' });
  await expiry.getByRole('switch').click({ force: true });
  await expiry.getByLabel('Days after earning').fill('180');
  await expect(expiry).toContainText('expire 180 days after they are earned. Balances members already hold are not changed');
  await expiry.getByRole('button', { name: 'Save expiry' }).click();
  await expect(page.getByText('Points expiry saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Points expiry' }).getByLabel('Days after earning')).toHaveValue('180');
});

test('the activity list shows the entries with their reasons, filters them and passes axe; a signed webhook order earns by the edited rule', async () => {
  // the order rule now gives 3 points per $1
  await page.goto('/rewards-loyalty/points');
  const orders = earnSection().getByRole('list', { name: 'Orders' }).getByRole('listitem').first();
  await orders.getByRole('button', { name: /^Edit / }).click();
  await drawer().getByLabel('How an order earns').selectOption('per_amount');
  await drawer().getByLabel('Points', { exact: true }).fill('3');
  await drawer().getByRole('button', { name: 'Save way to earn' }).click();
  await expect(orders).toContainText('3 points per $1');

  const headers = await apiHeaders();
  const user = (await (await page.request.get('/api/v1/user/details', { headers })).json()).data;
  const secret = (await (await page.request.post('/api/v1/store/setting/generate-hmac-secrets', { headers })).json()).data.hmac_secret;
  const body = JSON.stringify({
    event_id: 'e2e-points-1',
    type: 'order.paid',
    order: {
      id: 'E2E-7001',
      number: '#7001',
      status: 'paid',
      amounts: { items: 4_000, total: 4_000 },
      customer: { email: 'points.e2e@example.com', first_name: 'Pia', last_name: 'Points' },
      placed_at: new Date().toISOString(),
    },
  });
  const signature = createHmac('sha256', secret).update(body).digest('hex');
  const sent = await page.request.post(`/webhooks/orders/${user.store.store_name}`, {
    headers: { 'content-type': 'application/json', 'x-signature': `sha256=${signature}` },
    data: body,
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  await page.goto('/rewards-loyalty/points/activity-list/');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Points activity' });
  // newest first: the webhook's order, earned by the edited rule, with the reason the ledger recorded
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(table.getByRole('row').nth(1)).toContainText('UTC');
        return (await table.getByRole('row').nth(1).textContent()) ?? '';
      },
      { timeout: 20_000 },
    )
    .toContain('order #7001: $40.00 × 3 points per $1 = 120');
  expect((await axe(page).analyze()).violations).toEqual([]);
  // the demo's refunds, each saying what it took back
  const type = page.getByRole('combobox', { name: 'Type', exact: true });
  await type.selectOption('refund_clawback');
  await expect(table).toContainText('refunded in full');
  await type.selectOption('');

  await page.getByRole('searchbox', { name: 'Search by customer name or e-mail' }).fill('points.e2e');
  await page.keyboard.press('Enter');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('link', { name: 'Pia Points' })).toHaveAttribute('href', /\/customers\/details\?id=\d+/);
  await page.getByRole('combobox', { name: 'Type', exact: true }).selectOption('adjustment');
  await expect(page).toHaveURL(/type=adjustment/);
  await expect(page.getByText('No points activity matches these filters.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Type', exact: true }).selectOption('order_earn');
  await expect(table.getByRole('row')).toHaveCount(2);
});

test('the activity by customer sums the points of each member in a period, sorts and searches on the server, is reached by keyboard and passes axe', async () => {
  await page.goto('/rewards-loyalty/points/activity-list/');
  // the views are tabs: arrow keys move between them, and the view is kept in the URL
  await page.getByRole('tab', { name: 'Entries' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'By customer' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/view=customers/);
  const table = page.getByRole('table', { name: 'Points activity by customer' });
  await expect(table.getByRole('row').nth(1)).toContainText('UTC');
  expect((await axe(page).analyze()).violations).toEqual([]);

  // the member of the webhook order above: earned by the order, nothing spent, the net is what was earned
  await page.getByRole('searchbox', { name: 'Search customers by name or e-mail' }).fill('points.e2e');
  await page.keyboard.press('Enter');
  await expect(table.getByRole('row')).toHaveCount(2);
  const pia = table.getByRole('row').nth(1);
  await expect(pia.getByRole('link', { name: 'Pia Points' })).toHaveAttribute('href', /\/customers\/details\?id=\d+/);
  const cell = (column: number) => pia.getByRole('cell').nth(column);
  const earned = Number(await cell(2).textContent());
  expect(earned).toBeGreaterThanOrEqual(120);
  await expect(cell(3)).toHaveText('0');
  await expect(cell(6)).toHaveText(`+${earned}`);

  // a period: today keeps her, from tomorrow on nobody has activity yet
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('From').fill(day(0));
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByLabel('From').fill(day(1));
  await expect(page.getByText('No customer had points activity in this period.')).toBeVisible();
  await page.getByLabel('From').fill('');

  // sorted on the server by the net change, largest first, and still so after a reload
  await page.getByRole('searchbox', { name: 'Search customers by name or e-mail' }).fill('');
  await page.keyboard.press('Enter');
  const net = table.getByRole('button', { name: 'Net change' });
  await net.click();
  await net.click();
  await expect(page).toHaveURL(/c_sort=-net/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'By customer' })).toHaveAttribute('aria-selected', 'true');
  await expect(table.getByRole('columnheader', { name: 'Net change' })).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('row').nth(2)).toContainText('UTC');
  const nets = (await table.getByRole('row').locator('td:nth-child(7)').allTextContents()).map((text) => Number(text.replace(/[+,]/g, '')));
  expect(nets.length).toBeGreaterThan(1);
  expect(nets).toEqual([...nets].sort((a, b) => b - a));
});

test('the impact preview changes when the points per dollar change', async () => {
  await page.goto('/rewards-loyalty/points');
  const orders = earnSection().getByRole('list', { name: 'Orders' }).getByRole('listitem').first();
  await orders.getByRole('button', { name: /^Edit / }).click();
  const preview = drawer().getByRole('region', { name: 'Impact over the last 90 days' });
  const issued = preview.locator('dt:has-text("Points issued") + dd');
  const shown = async () => Number((await issued.textContent())!.replace(/,/g, ''));
  await expect.poll(shown).toBeGreaterThan(0);
  const before = await shown(); // the rule as saved (not 4 points per $1)
  await drawer().getByLabel('Points', { exact: true }).fill('4');
  await expect.poll(shown).not.toBe(before);
  const atFour = await shown();
  await drawer().getByLabel('Points', { exact: true }).fill('8');
  await expect.poll(shown).toBe(2 * atFour);
  await expect(preview.locator('dt:has-text("Liability") + dd')).toHaveText(/\$/);
  expect((await axe(page).analyze()).violations).toEqual([]);
  await drawer().getByRole('button', { name: 'Cancel' }).click();
});

test('a way to redeem added in the console is redeemed by a member in the storefront widget', async () => {
  // the demo storefront's signed member belongs to the coffee store (a switch lands on /home)
  await switchConsoleStore(page, 'Demo Coffee Roasters');
  await page.goto('/rewards-loyalty/points');
  await redeemSection().getByRole('button', { name: 'Add a way to redeem' }).click();
  await drawer()
    .getByRole('button', { name: /^Amount off/ })
    .click();
  await drawer().getByLabel('Title').fill('E2E seven off');
  await drawer().getByLabel('Points it costs').fill('350');
  await drawer().getByLabel('Amount off ($)').fill('7.00');
  await drawer().getByRole('button', { name: 'Add way to redeem' }).click();
  await expect(page.getByText('“E2E seven off” added')).toBeVisible();

  const shop = await page.context().newPage();
  await shop.goto('/demo/storefront?member=1');
  const signed = await loaderAttributes(shop);
  const member = (await bootstrap(shop.request, signed)).member!;
  const headers = await ownerApiHeaders(shop.request, STORE);
  const adjusted = await shop.request.post('/data/v1/customer/adjust/points', {
    headers,
    data: { customer_id: Number(member.customerId), points: 350, reason: 'A new way to redeem, tried on the storefront' },
  });
  expect(adjusted.status()).toBe(200);
  const payload = await bootstrap(shop.request, signed);
  expect(payload.program.waysToRedeem.map((way) => way.title)).toContain('E2E seven off');
  await shop.reload();
  const notice = await redeemInWidget(shop, payload, 'E2E seven off');
  const code = (await notice.textContent())!.split('Your code: ')[1]!.trim();
  const after = (await bootstrap(shop.request, signed)).member!;
  expect(after.pointsBalance).toBe(payload.member!.pointsBalance - 350);
  expect(after.rewards.find((reward) => reward.code === code)?.title).toBe('E2E seven off');
  await shop.close();

  const card = redeemSection().getByRole('listitem').filter({ hasText: 'E2E seven off' });
  await card.getByRole('button', { name: 'Delete E2E seven off' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(redeemSection().getByText('E2E seven off')).toHaveCount(0);
});
