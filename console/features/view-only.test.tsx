// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { fakeApi, renderScreen, resetScreen } from '../../tests/helpers/console-screen.tsx';
import type { User } from '../lib/api/types.ts';
import { viewOnlyReason } from '../lib/useCan.ts';
import { consoleStore } from '../state/store.ts';
import { StoreSettingsCard } from './account/components/StoreSettingsCard.tsx';
import { ApiClientsTable } from './integrations/components/ApiClientsTable.tsx';
import { PointsPage } from './points/PointsPage.tsx';
import { VipPage } from './vip/VipPage.tsx';

afterEach(() => {
  cleanup();
  resetScreen();
});

const EDIT_REASON = viewOnlyReason('staff', 'program:edit');
const SETTINGS_REASON = viewOnlyReason('staff', 'store:settings');
const rule = { id: 1, type: 'signup', title: 'Sign up', status: 'active', points: 50, config: {}, limit_type: 'once', limit_days: null, limit_total: null };
const points = {
  'GET /points/action/rule/grouping': { groups: { orders: [], actions: [{ ...rule, description: 'Sign up · 50 points' }], social: [], custom: [] } },
  'GET /redeem': { data: [], total: 0, page: 1, limit: 100 },
  'GET /coupon': { data: [], total: 0, page: 1, limit: 100 },
  'GET /coupon/type': [],
  'GET /points/expiry/detail': { enabled: false, expiry_days: null, early_reminder_days: null, final_reminder_days: null },
};

describe('staff see what they cannot change as view only, with the reason (not a refusal after acting)', () => {
  it('says why in the permission’s own words', () => {
    expect(EDIT_REASON).toBe('View only: your role (staff) cannot change rules, rewards, coupons, expiry, emails, media and on-site display drafts.');
    expect(SETTINGS_REASON).toBe('View only: your role (staff) cannot change store settings, channels, apps, API clients and order statuses.');
  });

  it('ways to earn: no Add, Edit, Delete or switch; expiry’s save disabled', async () => {
    fakeApi(points);
    renderScreen(<PointsPage />, { role: 'staff' });
    const earning = await screen.findByRole('region', { name: 'Ways to earn' });
    await within(earning).findByRole('heading', { name: 'Sign up' });
    expect(within(earning).queryByRole('button', { name: /^Add a way to earn$|^Edit Sign up$|^Delete Sign up$/ })).toBeNull();
    expect(within(earning).queryByRole('switch')).toBeNull();
    expect(within(earning).getByRole('note').textContent).toBe(EDIT_REASON);
    const expiry = screen.getByRole('form', { name: 'Points expiry' });
    for (const button of within(expiry).getAllByRole('button')) expect(button.matches(':disabled')).toBe(true);
  });

  it('an owner keeps every control', async () => {
    fakeApi(points);
    renderScreen(<PointsPage />, { role: 'owner' });
    const earning = await screen.findByRole('region', { name: 'Ways to earn' });
    expect(await within(earning).findByRole('button', { name: 'Edit Sign up' })).toBeTruthy();
    expect(within(earning).getByRole('button', { name: 'Add a way to earn' })).toBeTruthy();
    expect(within(earning).queryByRole('note')).toBeNull();
  });

  it('VIP tiers: no Add tier', () => {
    fakeApi({});
    renderScreen(<VipPage />, { role: 'staff' });
    expect(screen.queryByRole('button', { name: 'Add tier' })).toBeNull();
    expect(screen.getAllByRole('note').map((note) => note.textContent)).toContain(EDIT_REASON);
  });

  it('API clients: no New API client', () => {
    fakeApi({ 'GET /oauth/clients': { data: [], total: 0, page: 1, per_page: 25 } });
    renderScreen(<ApiClientsTable />, { role: 'staff' });
    expect(screen.queryByRole('button', { name: 'New API client' })).toBeNull();
    expect(screen.getByRole('note').textContent).toBe(SETTINGS_REASON);
  });

  it('store settings: fields and save disabled, with the reason', () => {
    fakeApi({});
    renderScreen(<div />, { role: 'staff' });
    const store = (consoleStore().getState().user.users as User).store!;
    renderScreen(<StoreSettingsCard store={store as never} />, { role: 'staff' });
    expect(screen.getByRole('note').textContent).toBe(SETTINGS_REASON);
    for (const button of screen.getAllByRole('button')) expect(button.matches(':disabled')).toBe(true);
    expect((screen.getAllByRole('textbox')[0] as HTMLInputElement).closest('fieldset')?.disabled).toBe(true);
  });
});
