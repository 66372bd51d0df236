import { expect, test, type APIRequestContext } from '@playwright/test';

// The published landing page must be readable with JavaScript off: server-rendered HTML only.
test.use({ javaScriptEnabled: false });

const STORE_KEY = 'demo-coffee-roasters';

/** Signs in as the demo owner through the API and switches the session to the coffee store. */
async function ownerOnCoffeeStore(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post('/api/v1/account/login', { data: { email: 'owner@demo.shop', password: 'demo-password' } });
  expect(login.ok(), await login.text()).toBe(true);
  const { token, store_access_token: storeToken, user } = (await login.json()).data;
  let headers = { authorization: `Bearer ${token}`, 'x-store-access-token': storeToken, 'x-user-access-token': user.user_access_token };
  const stores = (await (await request.get('/api/v1/store/list', { headers })).json()).data as Array<{ store_id: number; store_name: string }>;
  const coffee = stores.find((store) => store.store_name === STORE_KEY);
  expect(coffee, 'the demo owner has the coffee store').toBeTruthy();
  const switched = await request.post('/api/v1/store/store-token/update', { headers, data: { store_id: coffee!.store_id } });
  expect(switched.ok(), await switched.text()).toBe(true);
  headers = { ...headers, 'x-store-access-token': (await switched.json()).data.store_access_token };
  return headers;
}

test('the published landing page reads without JavaScript and shows a newly published change', async ({ page, request }) => {
  await page.goto(`/landing/${STORE_KEY}`);
  await expect(page).toHaveTitle('Demo Coffee Roasters · Rewards');
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('heading').first()).toBeVisible();
  expect(await page.locator('script').count()).toBe(0);

  const headers = await ownerOnCoffeeStore(request);
  const current = (await (await request.get('/api/v1/onsite-display/landing_page', { headers })).json()).data;
  const document = structuredClone(current.document);
  const banner = document.sections.find((section: { type: string }) => section.type === 'banner');
  banner.visible = true;
  banner.content.visitor.title = 'Fresh roasts <b>reward</b> you';
  banner.content.visitor.paragraph = 'Earn beans on every bag & spend them on coffee.';
  const saved = await request.post('/api/v1/onsite-display/landing_page/draft', { headers, data: { base_version: current.draft_version, document } });
  expect(saved.ok(), await saved.text()).toBe(true);
  const version = (await saved.json()).data.version;

  // a draft is not what shoppers see
  await page.reload();
  await expect(page.getByText('Fresh roasts <b>reward</b> you')).toHaveCount(0);

  const published = await request.post('/api/v1/onsite-display/landing_page/publish', { headers, data: { version } });
  expect(published.ok(), await published.text()).toBe(true);
  await page.reload();
  // merchant text is text: the tags show as typed, nothing is interpreted
  await expect(page.getByRole('heading', { name: 'Fresh roasts <b>reward</b> you' })).toBeVisible();
  await expect(page.getByText('Earn beans on every bag & spend them on coffee.')).toBeVisible();
  await expect(page.locator('main b')).toHaveCount(0);
});

test('an unknown store key gets a page that says so', async ({ page }) => {
  const response = await page.goto('/landing/no-such-store');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Rewards page not found' })).toBeVisible();
});
