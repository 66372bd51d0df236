// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MetricsAnswer } from '../../../../server/contract/analytics.ts';
import { fakeApi, renderScreen, resetScreen } from '../../../../tests/helpers/console-screen.tsx';
import { LiftCard } from './LiftCard.tsx';

afterEach(() => {
  cleanup();
  resetScreen();
});

const group = { customers: 0, repeat_rate: null, spend_per_customer_minor: null };
const metrics = {
  currency: 'USD',
  holdout_percent: 5,
  lift: { members: group, holdout: group, sufficient: false, message: 'Sample too small.', repeat_rate: null, spend_per_customer_minor: null },
} as unknown as MetricsAnswer;

const field = () => screen.getByRole('spinbutton', { name: 'Holdout share of new customers (%)' }) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save holdout share' }));
const type = (value: string) => {
  fireEvent.change(field(), { target: { value } });
  fireEvent.blur(field());
};

describe('the holdout share', () => {
  it('says its range beside the field', () => {
    fakeApi({});
    renderScreen(<LiftCard metrics={metrics} />);
    expect(field().value).toBe('5');
    expect(field().getAttribute('aria-describedby')).toBeTruthy();
    const hint = document.getElementById(field().getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(hint?.textContent).toMatch(/from 0 to 20/);
  });

  it('an out-of-range or empty value is an inline error on the field, and nothing is sent', async () => {
    const calls = fakeApi({});
    renderScreen(<LiftCard metrics={metrics} />);
    type('25');
    save();
    expect(await screen.findByText('At most 20 % of new customers can be held out.')).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    type('');
    save();
    expect(await screen.findByText('Enter a percentage from 0 to 20.')).toBeTruthy();
    type('2.5');
    save();
    expect(await screen.findByText('Enter a whole percentage.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('a save sends the share and says so in a toast', async () => {
    const calls = fakeApi({ 'POST /store/setting/update': {} });
    renderScreen(<LiftCard metrics={metrics} />);
    type('12');
    save();
    const toasts = screen.getByRole('status', { name: 'Notifications' });
    await within(toasts).findByText('Holdout share saved: 12 % of new customers');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ holdout_percent: 12 });
  });

  it("the server's refusal lands on the field", async () => {
    fakeApi({
      'POST /store/setting/update': new Response(
        JSON.stringify({ message: 'The given data was invalid.', errors: { holdout_percent: 'At most 20 % of new customers can be held out.' } }),
        { status: 422 },
      ),
    });
    renderScreen(<LiftCard metrics={metrics} />);
    type('20');
    save();
    await waitFor(() => expect(field().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('At most 20 % of new customers can be held out.')).toBeTruthy();
    expect(screen.getByText(/The holdout share was not saved/)).toBeTruthy();
  });
});
