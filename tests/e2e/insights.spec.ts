import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { axeOn } from './harness/axe.ts';
import { expect, test } from '@playwright/test';
import type { ChartsAnswer } from '../../server/contract/analytics.ts';
import { signedInOwner } from './harness/console.ts';
import { AXE_TAGS } from './harness/page.ts';

// Integrations, outgoing webhooks: an endpoint added with its events, refused when private, removed.
// Analytics: the rate, tier and referral charts with their tables, redrawn when the range changes.
// (The dashboard, the analytics figures and API client flows are in console-shell.spec.ts.)

let receiver: Server;
let base = '';
test.beforeAll(async () => {
  receiver = createServer((_request, response) => response.end('ok'));
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((done) => receiver.close(() => done())));

test('outgoing webhooks: an endpoint is added for chosen events, a private address is refused, the delivery log shows; removed; axe', async ({ browser }) => {
  const page = await signedInOwner(browser);
  const axe = async (where: string) => {
    const { violations } = await axeOn(page).withTags(AXE_TAGS).analyze();
    expect(violations.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  await page.goto('/integrations');
  const section = page.getByRole('region', { name: 'Outgoing webhooks' });
  await expect(section.getByRole('table', { name: 'Webhook deliveries' })).toBeVisible();
  await section.getByRole('button', { name: 'Add endpoint' }).click();
  const drawer = page.getByRole('dialog', { name: 'New endpoint' });
  await axe('new endpoint drawer');
  // a private address: the server refuses it and the form says why, on the field
  await drawer.getByLabel('Endpoint URL (https)').fill('https://10.0.0.7/hook');
  await drawer.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(drawer.getByText(/must point at a public address/).first()).toBeVisible();
  await drawer.getByLabel('Endpoint URL (https)').fill(`${base}/loyalty`);
  await drawer.getByLabel('reward.issued').check();
  await drawer.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(drawer).toHaveCount(0);
  const endpoints = section.getByRole('list', { name: 'Endpoints' });
  await expect(endpoints).toContainText(`${base}/loyalty`);
  await expect(endpoints).toContainText('points.earned, points.redeemed, reward.issued');
  await expect(endpoints).toContainText('0 delivered, 0 waiting, 0 failed');
  await axe('integrations with an endpoint');

  await endpoints.getByRole('button', { name: `Remove endpoint ${base}/loyalty` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove this endpoint?' });
  await confirm.getByRole('button', { name: 'Remove endpoint' }).click();
  await expect(page.getByText('Endpoint removed')).toBeVisible();
  await expect(section.getByText('No endpoint yet.')).toBeVisible();
});

test('analytics: the redemption and repeat rates, members by tier and the referral funnel are drawn with their tables and redrawn for a new range; axe', async ({
  browser,
}) => {
  const page = await signedInOwner(browser);
  const chartsFor = (from: string) =>
    page.waitForResponse((response) => response.url().includes('/analytics/charts') && response.request().postDataJSON()?.from === from && response.ok());
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const first = chartsFor(day(29));
  await page.goto('/analytics');
  const { data: month } = (await (await first).json()) as { data: ChartsAnswer };
  for (const title of [
    'Redemption rate (% of points issued)',
    "Repeat purchase rate (% of members' orders from returning members)",
    'Members by VIP tier (now)',
    'Referral funnel',
  ])
    await expect(page.getByRole('region', { name: title })).toBeVisible();
  // the funnel's table: one row per step, the server's numbers, the previous period beside them
  const funnel = page.getByRole('region', { name: 'Referral funnel' });
  await funnel.getByRole('button', { name: 'Table view' }).click();
  const steps = month.charts.find((chart) => chart.key === 'referrals')!;
  await expect(funnel.getByRole('row')).toHaveCount(1 + steps.x.length);
  const cells = async () => (await funnel.getByRole('row').nth(1).getByRole('cell').allTextContents()).join('|');
  expect(await cells()).toBe([steps.x[0], ...steps.series.map((series) => String(series.values[0]))].join('|'));
  // members by tier: every tier of the demo program and those without one
  const tiers = page.getByRole('region', { name: 'Members by VIP tier (now)' });
  await tiers.getByRole('button', { name: 'Table view' }).click();
  const tierChart = month.charts.find((chart) => chart.key === 'tiers')!;
  await expect(tiers.getByRole('row')).toHaveCount(1 + tierChart.x.length);
  await expect(tiers.getByRole('row').last()).toContainText('No tier');
  // the redemption rate as a chart (canvas), then a year: redrawn by week, the table follows
  const rate = page.getByRole('region', { name: 'Redemption rate (% of points issued)' });
  await expect(rate.locator('canvas')).toHaveCount(1);
  const second = chartsFor(day(364));
  await page.getByRole('button', { name: 'Last 12 months' }).click();
  const { data: year } = (await (await second).json()) as { data: ChartsAnswer };
  expect(year.period.granularity).toBe('week');
  await rate.getByRole('button', { name: 'Table view' }).click();
  const yearRate = year.charts.find((chart) => chart.key === 'redemption_rate')!;
  await expect(rate.getByRole('row')).toHaveCount(1 + yearRate.x.length);
  const yearSteps = year.charts.find((chart) => chart.key === 'referrals')!;
  await expect.poll(cells).toBe([yearSteps.x[0], ...yearSteps.series.map((series) => String(series.values[0]))].join('|'));
  await expect(page.getByRole('combobox', { name: 'Sales channel' })).toBeVisible();
  const { violations } = await axeOn(page).withTags(AXE_TAGS).analyze();
  expect(violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
