// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { fakeApi, renderScreen, resetScreen } from '../../tests/helpers/console-screen.tsx';
import type { MetricsAnswer } from '../../server/contract/analytics.ts';
import { AwardsPage } from './customers/AwardsPage.tsx';
import { LiabilityCard } from './analytics/components/LiabilityCard.tsx';

// The screens a merchant read raw numbers and wrong plurals on: figures are grouped, nouns agree, money has its symbol.
afterEach(() => {
  cleanup();
  resetScreen();
});

const awards = (preview: { customers: number; points_each: number; total_points: number }) => ({
  'GET /award/filter-attributes': [],
  'POST /award/preview': preview,
  'GET /award/history': { data: [], total: 0 },
});

describe('figures on the console screens', () => {
  it('awards: the preview groups the points in all and agrees with one member', async () => {
    fakeApi(awards({ customers: 1032, points_each: 100, total_points: 103200 }));
    renderScreen(<AwardsPage />);
    const preview = await screen.findByRole('status', { name: 'Preview' });
    await screen.findByText('1,032 members');
    expect(preview.textContent).toContain('would get 100 points each: 103,200 points in all.');
    cleanup();
    resetScreen();
    fakeApi(awards({ customers: 1, points_each: 1, total_points: 1 }));
    renderScreen(<AwardsPage />);
    await screen.findByText('1 member');
    expect(screen.getByRole('status', { name: 'Preview' }).textContent).toContain('would get 1 point each: 1 point in all.');
  });

  it('liability: the valuing rule in grouped points and money with its symbol', () => {
    const metrics = {
      currency: 'USD',
      liability: {
        outstanding_points: 224672,
        pending_points: 0,
        expiring_points_90d: 0,
        point_value_minor: 1,
        point_value_rule: { title: '$5 off', points_cost: 500, discount_minor: 500 },
        liability_minor: 224672,
        liability_after_expiry_minor: 224672,
      },
    } as unknown as MetricsAnswer;
    renderScreen(<LiabilityCard metrics={metrics} />);
    expect(screen.getByText(/Valued at the best rate/).textContent).toBe(
      'Valued at the best rate members can redeem: $5 off, 500 points for $5.00 ($0.01 a point).',
    );
    expect(screen.getAllByText('224,672').length).toBeGreaterThan(0);
    expect(screen.getAllByText('$2,246.72').length).toBeGreaterThan(0);
  });
});
