// @vitest-environment jsdom
/** Points held for the merchant are said on the customer's timeline, and staff approve them there. */
import { afterEach, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { failure, fakeApi, renderScreen, resetScreen } from '../../../../tests/helpers/console-screen.tsx';
import type { TimelineEntry } from '../api/customers.ts';
import { Timeline } from './Timeline.tsx';

afterEach(() => {
  cleanup();
  resetScreen();
});

const heldEarn: TimelineEntry = {
  id: 41,
  type: 'order_earn',
  points: 0,
  pending_points: 85,
  source_type: 'order',
  source_id: 'custom:C1',
  rule_key: 'earn:1',
  computation: 'order C1: $85.00 × 1 point per $1 = 85',
  reason: "currency AUD differs from the store's USD",
  created_at: '2026-03-01T10:00:00Z',
  held: true,
};
const release: TimelineEntry = { ...heldEarn, id: 42, type: 'release', points: 85, pending_points: -85, reason: null, held: false };

it('says which entry waits for approval; approving sends the entry, says the new balance and shows the release', async () => {
  let approved = false;
  const calls = fakeApi({
    'POST /transaction/points': () => ({ data: approved ? [release, { ...heldEarn, held: false }] : [heldEarn], total: approved ? 2 : 1 }),
    'POST /customer/points/approve': () => {
      approved = true;
      return { entry: release, account: { balance: 185, pending: 0, lifetime: 185 } };
    },
  });
  renderScreen(<Timeline customerId={7} />, { role: 'staff' });
  const history = await screen.findByRole('list', { name: 'Points history' });
  const held = await within(history).findByText('Waiting for your approval');
  expect(held.closest('li')?.textContent).toContain('Earned on an order');
  fireEvent.click(screen.getByRole('button', { name: 'Approve 85 held points' }));
  await screen.findByText('85 points approved: the balance is now 185');
  expect(calls.find((call) => call.path === '/customer/points/approve')?.body).toEqual({ entry_id: 41 });
  await within(history).findByText('Pending points became available');
  expect(within(history).queryByText('Waiting for your approval')).toBeNull();
  expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
});

it('says why when the approval is refused, and keeps the entry waiting', async () => {
  fakeApi({
    'POST /transaction/points': { data: [heldEarn], total: 1 },
    'POST /customer/points/approve': failure(409, 'This entry is not waiting for approval.'),
  });
  renderScreen(<Timeline customerId={7} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Approve 85 held points' }));
  await screen.findByText('The points were not approved: This entry is not waiting for approval.');
  screen.getByText('Waiting for your approval');
});
