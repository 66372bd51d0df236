// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { fakeApi, renderScreen, resetScreen } from '../../tests/helpers/console-screen.tsx';
import type { User } from '../lib/api/types.ts';
import { viewOnlyReason } from '../lib/useCan.ts';
import { consoleStore } from '../state/store.ts';
import { StoreSettingsCard } from './account/components/StoreSettingsCard.tsx';
import { ApiClientsTable } from './integrations/components/ApiClientsTable.tsx';
import { PointsPage } from './points/PointsPage.tsx';
import { VipPage } from './vip/VipPage.tsx';
import { BuiltInEditor } from './emails/components/BuiltInEditor.tsx';
import { DEMO_EMAIL_DOCUMENT } from '../../presets/email-templates.ts';
import type { EmailTemplateRecord } from '../../server/contract/templates.ts';
import { AppCards } from './integrations/components/AppCards.tsx';
import { LiftCard } from './analytics/components/LiftCard.tsx';

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

  it('the built-in email editor opens view only: the email and its blocks to look at, nothing to edit, nothing autosaved', async () => {
    const calls = fakeApi({
      'POST /template/email': { subject: 'You earned 120 points', html: '<html><body><h1 class="eb-heading">Thanks</h1></body></html>', errors: {} },
      'GET /customer': { data: [], total: 0 },
    });
    const template = {
      key: 'points-earned',
      name: 'Points Earned',
      enabled: true,
      editor: 'builder',
      fields: { subject: 'x', body: 'x', button_label: '', button_url: '' },
      json_content: null,
      content: null,
      updated_at: null,
      document: DEMO_EMAIL_DOCUMENT,
    } as unknown as EmailTemplateRecord;
    renderScreen(<BuiltInEditor template={template} tags={['first_name']} backHref="/emails" />, { role: 'staff' });
    expect(screen.getByRole('note').textContent).toBe(EDIT_REASON);
    expect(screen.getByText('View only')).toBeTruthy();
    for (const name of ['Undo', 'Redo', 'Save', 'Add block']) expect(screen.queryByRole('button', { name })).toBeNull();
    // a block can still be opened to read it, but its fields cannot change
    const blocks = screen.getByRole('navigation', { name: 'Email blocks' });
    fireEvent.click(within(blocks).getByRole('button', { name: 'Heading' }));
    const inspector = screen.getByRole('complementary', { name: 'Inspector' });
    const fields = within(inspector).getAllByRole('textbox');
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) expect(field.matches(':disabled')).toBe(true);
    await screen.findByTitle('Preview');
    expect(calls.filter((call) => call.path.startsWith('/template/store'))).toEqual([]);
  });

  it('the built-in email editor keeps every control for an owner', async () => {
    fakeApi({ 'POST /template/email': { subject: 's', html: '<html></html>', errors: {} }, 'GET /customer': { data: [], total: 0 } });
    const template = {
      key: 'points-earned',
      name: 'Points Earned',
      enabled: true,
      editor: 'builder',
      fields: {},
      document: DEMO_EMAIL_DOCUMENT,
    } as unknown as EmailTemplateRecord;
    renderScreen(<BuiltInEditor template={template} tags={[]} backHref="/emails" />, { role: 'owner' });
    expect(screen.queryByRole('note')).toBeNull();
    for (const name of ['Undo', 'Redo', 'Save', 'Add block']) expect(screen.getByRole('button', { name })).toBeTruthy();
    await screen.findByTitle('Preview');
  });

  it('apps: no Set up or Disconnect for a connected app', async () => {
    const app = {
      id: 'shopify',
      name: 'Shopify',
      description: 'Orders',
      state: 'connected',
      connected_to: 'coffee.myshopify.com',
      last_event: null,
      events: { total: 0, pending: 0, failed: 0 },
    };
    fakeApi({ 'GET /apps': [app] });
    renderScreen(<AppCards />, { role: 'staff' });
    await screen.findByRole('heading', { name: 'Shopify' });
    expect(screen.queryByRole('button', { name: 'Disconnect Shopify' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set up Shopify' })).toBeNull();
    expect(screen.getByRole('note').textContent).toBe(SETTINGS_REASON);
  });

  it('the holdout share: field and save disabled, with the reason', () => {
    fakeApi({});
    const group = { customers: 0, repeat_rate: null, spend_per_customer_minor: null };
    const metrics = {
      currency: 'USD',
      holdout_percent: 5,
      lift: { members: group, holdout: group, sufficient: false, message: '', repeat_rate: null, spend_per_customer_minor: null },
    };
    renderScreen(<LiftCard metrics={metrics as never} />, { role: 'staff' });
    expect(screen.getByRole('note').textContent).toBe(SETTINGS_REASON);
    expect(screen.getByRole('button', { name: 'Save holdout share' }).matches(':disabled')).toBe(true);
    expect(screen.getByRole('spinbutton', { name: 'Holdout share of new customers (%)' }).matches(':disabled')).toBe(true);
  });
});
