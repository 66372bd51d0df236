import { expect as baseExpect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { axeOn } from './harness/axe.ts';
import { AXE_TAGS } from './harness/page.ts';
import { ownerApiHeaders, switchConsoleStore } from './harness/console.ts';

// Emails against the real server and its seeded demo: the simple forms, the setting that switches
// the routes, the visual editor with a local stand-in for Unlayer's script, and its timeout.
// One sign-in per run (the server limits sign-ins); the tests run in order on one store.

test.describe.configure({ mode: 'serial', timeout: 120_000 });
// previews are rendered by the server (MJML): the config's assertion budget gives a busy machine time
const expect = baseExpect;

// A stand-in for Unlayer's embed script: an editor that is ready at once, shows the design it was
// given, and exports a design and HTML (a huge design when window.__standInHuge is set).
const STAND_IN = `window.unlayer = { createEditor(options) {
  const root = document.getElementById(options.id);
  const listeners = {};
  const editor = {
    addEventListener(type, callback) { (listeners[type] = listeners[type] || []).push(callback); if (type === 'editor:ready') setTimeout(callback, 30); },
    loadDesign(design) { root.textContent = 'Loaded design: ' + JSON.stringify(design); window.__loadedDesign = design; },
    exportHtml(callback) {
      const design = window.__standInHuge ? { blob: 'x'.repeat(6 * 1024 * 1024) } : { body: { rows: [] }, marker: 'stand-in-design' };
      callback({ design, html: '<html><body><h1>Stand-in for {{first_name}}</h1><script>alert(1)</script></body></html>' });
    },
    destroy() {}, registerCallback() {}, setMergeTags() {},
  };
  root.textContent = 'Stand-in editor';
  return editor;
} };`;

let context: BrowserContext;
let page: Page;

const configure = (config: Record<string, unknown>) =>
  context.addInitScript((value) => {
    Object.assign(window, { ['__LS_CONFIG__']: { loginDelayMs: 50, ...value } });
  }, config);

async function signIn(browser: Browser) {
  context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  // the stand-in is ready at once: the editor waits for it as long as the product does (a busy machine loads it late)
  await configure({ unlayerScriptUrl: '/e2e/unlayer-stand-in.js' });
  await context.route('**/e2e/unlayer-stand-in.js', (route) => route.fulfill({ contentType: 'text/javascript', body: STAND_IN }));
  await context.route('**/e2e/unlayer-never.js', () => undefined);
  page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.getByLabel('Email').fill('owner@demo.shop');
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

const axe = async (p: Page) => {
  const results = await axeOn(p).withTags(AXE_TAGS).exclude('iframe').analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
};

async function setVisualEditor(on: boolean) {
  await page.goto('/settings');
  const toggle = page.getByRole('switch', { name: 'Visual email editor' });
  if ((await toggle.isChecked()) !== on) await toggle.click({ force: true });
  await page.getByRole('button', { name: 'Save store settings' }).click();
  await expect(page.getByText('Store settings saved')).toBeVisible();
}

test.beforeAll(async ({ browser }) => signIn(browser));
test.afterAll(() => context.close());

test('the nine emails are listed; a simple form edits one with a live preview, saves, and a reload shows it', async () => {
  await page.goto('/emails');
  const list = page.getByRole('table', { name: 'Program emails' });
  await expect(list.getByRole('row')).toHaveCount(10);
  await axe(page);
  await list.getByRole('link', { name: 'Edit Points Earned' }).click();
  await expect(page).toHaveURL(/\/emails\/points-earned$/);
  await expect(page.getByTestId('preview-subject')).toHaveText(/You earned 120 points/);
  const subject = page.getByLabel('Subject');
  await subject.fill('Thanks {{first_name}}: {{points_earned}} {{points_label}} added');
  await expect(page.getByTestId('preview-subject')).toHaveText('Thanks Jamie: 120 points added');
  await expect(page.frameLocator('iframe[title="Email preview"]').getByText('Thanks for order #1042', { exact: false })).toBeVisible();
  await expect(page.getByText(/Size: [\d.]+ KB/)).toBeVisible();
  await axe(page);
  await page.getByRole('button', { name: 'Save email' }).click();
  await expect(page.getByText('Points Earned email saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Subject')).toHaveValue('Thanks {{first_name}}: {{points_earned}} {{points_label}} added');
});

test('an unknown placeholder is refused on its field and nothing is saved', async () => {
  await page.goto('/emails/birthday');
  await page.getByLabel('Body').fill('Hi {{first_name}}, here is {{voucher}}');
  // listed before saving, from the live preview
  await expect(page.getByRole('region', { name: 'Preview' }).getByText(/Unknown placeholder \{\{voucher\}\}/)).toBeVisible();
  await page.getByRole('button', { name: 'Save email' }).click();
  await expect(page.getByText(/Unknown placeholder \{\{voucher\}\}/).first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Body')).not.toHaveValue(/voucher/);
});

test('the visual editor setting switches the routes: the dashboard lists the nine with Edit into the editor', async () => {
  await setVisualEditor(true);
  await page.goto('/emails');
  await expect(page).toHaveURL(/\/emails\/email-dashboard\/?$/);
  const list = page.getByRole('table', { name: 'Program emails' });
  await expect(list.getByRole('row')).toHaveCount(10);
  await expect(list.getByRole('row', { name: /Points Earned/ })).toContainText('Thanks {{first_name}}');
  await axe(page);
  await expect(list.getByRole('link', { name: 'Edit Birthday' })).toHaveAttribute('href', '/emails/email-editor/birthday');
});

test('the visual editor (stand-in script) loads the saved design after ready, saves design and HTML, shows the 413 message', async () => {
  await page.goto('/emails/email-editor/anniversary');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  // the built-in editor is there at once; the visual editor is offered once its script came
  await expect(page.getByRole('navigation', { name: 'Email blocks' })).toBeVisible();
  await page.getByRole('link', { name: 'Open this email in the visual editor' }).click();
  await expect(page).toHaveURL(/\/emails\/email-editor\/anniversary\?editor=unlayer$/);
  await expect(page.getByText('Stand-in editor')).toBeVisible();
  const save = page.getByRole('button', { name: 'Save design' });
  await save.click();
  await expect(page.getByText(/^Saved \([\d.]+ (bytes|KB)\)\.$/)).toBeVisible();
  await page.reload();
  await expect(page.getByText('Loaded design: {"body":{"rows":[]},"marker":"stand-in-design"}')).toBeVisible();
  await page.evaluate(() => Object.assign(window, { __standInHuge: true }));
  await page.getByRole('button', { name: 'Save design' }).click();
  await expect(page.getByText(/The email template is too large to save\. Please try reducing the content or images\. \([\d.]+ MB\)/)).toBeVisible();
});

test('the built-in editor (offline) opens on the email: the canvas shows it as an inbox gets it, a click on the canvas selects a block', async () => {
  await page.goto('/emails/email-editor/reward-redeemed?editor=builtin');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  const canvas = page.getByRole('region', { name: 'Canvas' }).frameLocator('iframe[title="Preview"]');
  await expect(canvas.getByText('THANKS-7Q2X', { exact: true })).toBeVisible(); // the reward code block, sample data
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await axe(page);
  // select the heading by clicking it on the canvas, then edit it in the inspector
  await canvas.getByText('Enjoy your $10 off').click();
  const inspector = page.getByRole('complementary', { name: 'Inspector' });
  const heading = inspector.getByRole('textbox', { name: 'Heading', exact: true });
  await expect(heading).toHaveValue('Enjoy your {{reward_name}}');
});

test('the built-in editor: edit, undo/redo, errors, add a block, autosave, reload and see the edit, preview as a member', async () => {
  await page.goto('/emails/email-editor/reward-redeemed?editor=builtin');
  const canvas = page.getByRole('region', { name: 'Canvas' }).frameLocator('iframe[title="Preview"]');
  await canvas.getByText('Enjoy your $10 off').click();
  const inspector = page.getByRole('complementary', { name: 'Inspector' });
  const heading = inspector.getByRole('textbox', { name: 'Heading', exact: true });
  await heading.fill('Your {{reward_name}} is ready, {{first_name}}');
  await expect(canvas.getByText('Your $10 off is ready, Jamie')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(canvas.getByText('Enjoy your $10 off')).toBeVisible();
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(canvas.getByText('Your $10 off is ready, Jamie')).toBeVisible();
  // an unknown placeholder is listed before saving and blocks the save
  await heading.fill('Hi {{voucher}}');
  await expect(inspector.getByText(/Unknown placeholder \{\{voucher\}\}/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await heading.fill('Your {{reward_name}} is ready, {{first_name}}');
  // add a points balance block after the heading, see it on the canvas; mobile preview
  await page.getByLabel('New block').selectOption('Points balance');
  await page.getByRole('button', { name: 'Add block' }).click();
  await expect(canvas.getByText('1,250 points', { exact: true })).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Device' }).getByText('Mobile').click();
  await expect(page.locator('iframe[title="Preview"]')).toHaveAttribute('style', /width: 375px/);
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await page.reload();
  await expect(canvas.getByText('Your $10 off is ready, Jamie')).toBeVisible();
  await expect(canvas.getByText('1,250 points', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Blocks' }).getByRole('button', { name: 'Points balance' })).toBeVisible();
  // preview as a real member of the store
  const member = page.getByLabel('Preview as');
  const firstMember = await member.locator('option').nth(1).textContent();
  await member.selectOption({ index: 1 });
  await expect(canvas.getByText(new RegExp(`is ready, ${firstMember!.split(' ')[0]}`))).toBeVisible();
});

test('when Unlayer never loads, the built-in editor is there at once and says after the timeout that the visual one is unreachable', async () => {
  await configure({ unlayerScriptUrl: '/e2e/unlayer-never.js', unlayerTimeoutMs: 4000 });
  const other = await context.newPage();
  await other.goto('/emails/email-editor/birthday');
  // no wait for Unlayer: the built-in editor works while its script is still loading
  await expect(other.getByRole('status').filter({ hasText: 'Loading the visual editor (Unlayer) beside this one' })).toBeVisible();
  await expect(other.getByRole('heading', { level: 1, name: 'Birthday email' })).toBeVisible();
  await expect(other.getByRole('navigation', { name: 'Email blocks' })).toBeVisible();
  await expect(other.getByRole('alert').filter({ hasText: 'The visual editor is unreachable' })).toBeVisible();
  await expect(other.getByRole('link', { name: 'Open this email in the visual editor' })).toHaveCount(0);
  // chosen directly, the visual editor falls back to the built-in one by itself after the timeout
  await other.goto('/emails/email-editor/birthday?editor=unlayer');
  await expect(other.getByRole('alert')).toContainText('The visual editor is unreachable');
  // the built-in editor is open, with the birthday email, without a click
  await expect(other).toHaveURL(/\/emails\/email-editor\/birthday\?editor=builtin&unlayer=unreachable$/);
  await expect(other.getByRole('heading', { level: 1, name: 'Birthday email' })).toBeVisible();
  await expect(other.getByRole('navigation', { name: 'Email blocks' })).toBeVisible();
  await axe(other);
  await expect(other.getByRole('link', { name: 'Try the visual editor again' })).toHaveAttribute('href', '/emails/email-editor/birthday');
  await other.getByRole('link', { name: 'edit this email in the simple editor' }).click();
  await expect(other).toHaveURL(/\/emails\/birthday$/);
  await expect(other.getByLabel('Subject')).toHaveValue('Happy birthday, {{first_name}}!');
  await other.close();
  await setVisualEditor(false);
  await page.goto('/emails/email-dashboard/');
  await expect(page).toHaveURL(/\/emails$/);
});

test('the points-expiry reminder days are set on the emails screen: early > final ≥ 1, refused otherwise', async () => {
  await page.goto('/emails');
  const card = page.getByRole('region', { name: 'Points expiry reminders' });
  const early = card.getByLabel('Early reminder, days before expiry');
  const final = card.getByLabel('Final reminder, days before expiry');
  await expect(early).toHaveValue('30');
  await expect(final).toHaveValue('7');
  await early.fill('5');
  await final.fill('5');
  await card.getByRole('button', { name: 'Save reminder days' }).click();
  await expect(card.getByText('The early reminder goes out before the final one: give it more days.')).toBeVisible();
  await final.fill('0');
  await card.getByRole('button', { name: 'Save reminder days' }).click();
  await expect(card.getByText('The final reminder goes out at least 1 day before.')).toBeVisible();
  await axe(page);
  await early.fill('21');
  await final.fill('3');
  await card.getByRole('button', { name: 'Save reminder days' }).click();
  await expect(page.getByText('Reminder days saved')).toBeVisible();
  // the stored days, on the final reminder's own page too
  await page.goto('/emails/final-points-expiry');
  await expect(page.getByRole('region', { name: 'Points expiry reminders' }).getByLabel('Early reminder, days before expiry')).toHaveValue('21');
  await expect(page.getByRole('region', { name: 'Points expiry reminders' }).getByLabel('Final reminder, days before expiry')).toHaveValue('3');
});

/** Runs `steps` on the Demo Outdoor Co. console with French added to the store's languages, and takes French away after. */
async function withOutdoorStoreInFrench(request: APIRequestContext, steps: (headers: Record<string, string>) => Promise<void>) {
  await page.goto('/emails');
  await switchConsoleStore(page, 'Demo Outdoor Co.');
  const headers = await ownerApiHeaders(request, 'demo-outdoor-co');
  const languages = (list: string[]) => request.post('/api/v1/store/setting/update', { headers, data: { languages: list } });
  expect((await languages(['fr'])).ok()).toBe(true);
  try {
    await steps(headers);
  } finally {
    expect((await languages([])).ok()).toBe(true);
  }
}

test('in French, the built-in editor writes the email’s French subject beside the English one; the preheader without French is marked not translated', async ({
  request,
}) => {
  await withOutdoorStoreInFrench(request, async (headers) => {
    await page.goto('/emails/email-editor/loyalty-tier-update?editor=builtin');
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    const subject = inspector.getByRole('textbox', { name: 'Subject' });
    const preheader = inspector.getByRole('textbox', { name: 'Preheader' });
    await expect(subject).not.toHaveValue('');
    const english = await subject.inputValue();
    await expect(subject).not.toHaveAccessibleDescription(/Not translated/);
    await page.getByRole('radiogroup', { name: 'Language' }).getByText('FR').click();
    // the canvas is the email a French member gets; with no French yet the English subject and preheader stand in, marked
    await expect(page.getByRole('region', { name: 'Canvas' }).frameLocator('iframe[title="Preview"]').locator('html')).toHaveAttribute('lang', 'fr');
    await expect(subject).toHaveValue(english);
    await expect(subject).toHaveAccessibleDescription(/Not translated/);
    await expect(preheader).toHaveAccessibleDescription(/Not translated/);
    await subject.fill('Vous avez un nouveau niveau VIP');
    await expect(subject).not.toHaveAccessibleDescription(/Not translated/);
    await expect(preheader).toHaveAccessibleDescription(/Not translated/);
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    await axe(page);
    // saved: the French subject beside the English one
    const saved = (await (await request.get('/api/v1/template/loyalty-tier-update', { headers })).json()).data;
    expect(saved.json_content).toMatchObject({ subject: english, translations: { fr: { subject: 'Vous avez un nouveau niveau VIP' } } });
    expect(saved.json_content.translations.fr).not.toHaveProperty('preheader');
    // and back on a reload, in each language
    await page.reload();
    await expect(subject).toHaveValue(english);
    await page.getByRole('radiogroup', { name: 'Language' }).getByText('FR').click();
    await expect(subject).toHaveValue('Vous avez un nouveau niveau VIP');
  });
});

test('in French, the simple form writes the email’s French texts beside the English ones, marks the missing ones, and sends a test in French', async ({
  request,
}) => {
  await withOutdoorStoreInFrench(request, async (headers) => {
    await page.goto('/emails/anniversary');
    const subject = page.getByRole('textbox', { name: 'Subject' });
    const heading = page.getByRole('textbox', { name: 'Heading' });
    await expect(subject).not.toHaveValue('');
    const english = await subject.inputValue();
    await expect(subject).not.toHaveAccessibleDescription(/Not translated/);
    await page.getByRole('radiogroup', { name: 'Language' }).getByText('FR').click();
    // no French yet: the English texts stand in, marked; the preview is the email a French member gets
    await expect(subject).toHaveValue(english);
    await expect(subject).toHaveAccessibleDescription(/Not translated/);
    await expect(heading).toHaveAccessibleDescription(/Not translated/);
    await subject.fill('Un an déjà avec nous');
    await expect(subject).not.toHaveAccessibleDescription(/Not translated/);
    await expect(heading).toHaveAccessibleDescription(/Not translated/);
    await expect(page.getByTestId('preview-subject')).toHaveText('Un an déjà avec nous');
    await axe(page);
    await page.getByRole('button', { name: 'Save email' }).click();
    await expect(page.getByText('Anniversary email saved')).toBeVisible();
    // the form stays on French after the save, with the French subject saved and the heading still marked
    await expect(page.getByRole('radiogroup', { name: 'Language' }).getByRole('radio', { name: 'FR' })).toBeChecked();
    await expect(subject).toHaveValue('Un an déjà avec nous');
    await expect(heading).toHaveAccessibleDescription(/Not translated/);
    await expect(page).toHaveURL(/[?&]language=fr\b/);
    const saved = (await (await request.get('/api/v1/template/anniversary', { headers })).json()).data;
    expect(saved.fields.subject).toBe(english);
    expect(saved.fields.translations.fr).toEqual({ subject: 'Un an déjà avec nous' });
    // a test in French: the store's default until French is chosen
    const card = page.getByRole('region', { name: 'Send a test' });
    const language = card.getByRole('combobox', { name: 'Language' });
    await expect(language).toHaveValue('en');
    await language.selectOption('fr');
    await card.getByRole('textbox', { name: 'Send to' }).fill('qa@example.com');
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/v1/template/test'));
    await card.getByRole('button', { name: 'Send test' }).click();
    expect((await (await answer).json()).data).toMatchObject({ language: 'fr', subject: 'Un an déjà avec nous' });
    await axe(page);
  });
});
