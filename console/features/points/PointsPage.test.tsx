// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { failure, fakeApi, renderScreen, resetScreen } from '../../../tests/helpers/console-screen.tsx';
import { PointsPage } from './PointsPage.tsx';

afterEach(() => {
  cleanup();
  resetScreen();
});

const stamp = { created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
const earn = (id: number, type: string, title: string) => ({
  id,
  type,
  title,
  status: 'active',
  points: 50,
  config: {},
  limit_type: 'once',
  limit_days: null,
  limit_total: null,
  description: `${title} · 50 points`,
  ...stamp,
});
const redeem = (id: number, type: string, title: string) => ({
  id,
  type,
  title,
  status: 'active',
  points_cost: 500,
  discount_value: 500,
  config: { min_order_minor: 0, product_ids: [], collection_ids: [], reward_expiry_days: null },
  description: title,
  ...stamp,
});

const program = {
  'GET /points/action/rule/grouping': {
    groups: { orders: [earn(1, 'order', 'Place an order')], actions: [earn(2, 'signup', 'Sign up'), earn(3, 'birthday', 'Birthday')], social: [], custom: [] },
  },
  'GET /redeem': { data: [redeem(4, 'fixed_amount', '$5 off'), redeem(5, 'percentage', '10% off')], total: 2, page: 1, limit: 100 },
  'GET /coupon': { data: [], total: 0, page: 1, limit: 100 },
  'GET /coupon/type': [{ type: 'fixed_amount', label: 'Amount off', unit: 'minor' }],
  'GET /points/expiry/detail': { enabled: false, expiry_days: null, early_reminder_days: null, final_reminder_days: null },
};

describe('the Points screen', () => {
  it('draws each way to earn and to redeem with the product’s SVG icon, as the widget does (no emoji)', async () => {
    fakeApi(program);
    renderScreen(<PointsPage />);
    const earning = await screen.findByRole('region', { name: 'Ways to earn' });
    const card = async (region: HTMLElement, title: string) => (await within(region).findByRole('heading', { name: title })).closest('li')!;
    const icons = {
      'Place an order': 'bag',
      'Sign up': 'user-plus',
      Birthday: 'cake',
    };
    for (const [title, icon] of Object.entries(icons)) {
      const drawn = (await card(earning, title)).querySelector('svg[data-icon]');
      expect(drawn?.getAttribute('data-icon')).toBe(icon);
      expect(drawn?.querySelector('path')?.getAttribute('d')).toBeTruthy();
    }
    const redeeming = screen.getByRole('region', { name: 'Ways to redeem' });
    expect((await card(redeeming, '$5 off')).querySelector('svg')?.getAttribute('data-icon')).toBe('ticket');
    expect((await card(redeeming, '10% off')).querySelector('svg')?.getAttribute('data-icon')).toBe('percent');
    // no pictographs left in the cards' text (they draw as empty boxes without an emoji font)
    expect(earning.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(redeeming.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it('says “The ways to earn could not be loaded” and “No coupons yet” in plain English', async () => {
    fakeApi({
      ...program,
      'GET /points/action/rule/grouping': () => failure(404, 'Not here.'),
      'GET /redeem': () => failure(404, 'Not here either.'),
    });
    renderScreen(<PointsPage />);
    expect(await screen.findByText('The ways to earn could not be loaded: Not here.')).toBeTruthy();
    expect(await screen.findByText('The ways to redeem could not be loaded: Not here either.')).toBeTruthy();
    expect(await screen.findByText('No coupons yet. Add one to start.')).toBeTruthy();
  });
});
