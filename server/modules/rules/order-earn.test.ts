import { describe, expect, it } from 'vitest';
import { orderRuleConfig } from './contract/earning-rules.ts';
import type { NormalizedOrder } from '../../domain/schemas/normalized-order.ts';
import { orderEarn } from './order-earn.ts';
import type { EarningRule } from './tables.ts';

const rule = (points: number, config: Record<string, unknown> = {}): EarningRule => ({
  id: 1,
  store_id: 1,
  type: 'order',
  title: 'Order',
  status: 'active',
  points,
  config: orderRuleConfig.parse(config),
  limit_type: 'unlimited',
  limit_days: null,
  limit_total: null,
  created_at: new Date(),
  updated_at: new Date(),
});
const order: NormalizedOrder = {
  externalId: '1',
  number: '#1001',
  customer: null,
  currency: 'USD',
  itemsMinor: 10_000,
  discountMinor: 1_000,
  shippingMinor: 800,
  taxMinor: 900,
  totalMinor: 10_700,
  lines: [
    { productId: 'gift-card', collectionIds: ['cards'], amountMinor: 2_000 },
    { productId: 'beans', collectionIds: ['coffee'], amountMinor: 8_000 },
  ],
  statuses: ['paid'],
  cancelled: false,
  placedAt: '2026-03-01T00:00:00Z',
  updatedAt: '2026-03-01T00:00:00Z',
};

describe('order earning', () => {
  it('earns per currency unit on the discounted subtotal by default', () => {
    expect(orderEarn(rule(1), order)).toEqual({ points: 90, eligibleMinor: 9_000, computation: 'order #1001: $90.00 × 1 point per $1 = 90' });
    expect(orderEarn(rule(2, { per_amount_minor: 500 }), order).computation).toBe('order #1001: $90.00 × 2 points per $5 = 36');
  });

  it('counts shipping, tax and discounts as configured', () => {
    expect(orderEarn(rule(1, { include_shipping: true }), order).points).toBe(98);
    expect(orderEarn(rule(1, { include_tax: true }), order).points).toBe(99);
    expect(orderEarn(rule(1, { subtract_discounts: false }), order).points).toBe(100);
  });

  it('leaves out excluded products and collections, with their share of the discount', () => {
    expect(orderEarn(rule(1, { excluded_product_ids: ['gift-card'] }), order).points).toBe(72);
    expect(orderEarn(rule(1, { excluded_collection_ids: ['coffee'] }), order).points).toBe(18);
  });

  it('gives a fixed amount per order, nothing for an order that earns nothing', () => {
    expect(orderEarn(rule(25, { mode: 'fixed' }), order)).toMatchObject({ points: 25, computation: 'order #1001: $90.00, fixed 25 points per order = 25' });
    expect(orderEarn(rule(25, { mode: 'fixed' }), { ...order, itemsMinor: 0, discountMinor: 0, lines: [] }).points).toBe(0);
  });
});
