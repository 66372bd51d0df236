import { describe, expect, it } from 'vitest';
import { earningRuleBody, impactPreviewBody } from '../../../server/contract/points.ts';
import { redeemRuleBody } from '../../../server/contract/redeem.ts';
import { showsActionListSearch } from '../../lib/format.ts';
import { earningPreviewBody, redeemPreviewBody } from './components/ImpactPreview.tsx';
import { earningCatalogue, limitText } from './earning-catalogue.ts';
import { REDEEM_CATALOGUE } from './redeem-catalogue.ts';

describe('the ways-to-earn catalogue', () => {
  it('offers every rule type, social ones per network, and is long enough to be searched (spec §9)', () => {
    const items = earningCatalogue();
    expect(new Set(items.map((item) => item.template.type))).toEqual(
      new Set(['order', 'signup', 'birthday', 'anniversary', 'social_follow', 'social_share', 'newsletter', 'review', 'custom']),
    );
    expect(items.filter((item) => item.template.type === 'social_follow')).toHaveLength(7);
    expect(showsActionListSearch(items.length)).toBe(true);
    expect(showsActionListSearch(REDEEM_CATALOGUE.length)).toBe(false);
  });

  it('starts each new rule from a body the server accepts (custom events once named)', () => {
    for (const item of earningCatalogue()) {
      const body = item.template.type === 'custom' ? { ...item.template, config: { event: 'quiz.done' } } : item.template;
      expect(earningRuleBody.safeParse(body).success, item.id).toBe(true);
    }
    for (const item of REDEEM_CATALOGUE) {
      const body = item.id === 'free_product' ? { ...item.template, config: { ...item.template.config, free_product_id: 'p1' } } : item.template;
      expect(redeemRuleBody.safeParse(body).success, item.id).toBe(true);
    }
  });

  it('says the limits in words', () => {
    expect(limitText({ limit_type: 'unlimited' })).toBe('No limit');
    expect(limitText({ limit_type: 'per_days', limit_days: 7 })).toBe('Once every 7 days');
    expect(limitText({ limit_type: 'total', limit_total: 3 })).toBe('Up to 3 times');
    expect(limitText({ limit_type: 'per_days', limit_days: 1 })).toBe('Once every day');
    expect(limitText({ limit_type: 'per_days', limit_days: 1000 })).toBe('Once every 1,000 days');
    expect(limitText({ limit_type: 'total', limit_total: 1 })).toBe('Up to once');
    expect(limitText({ limit_type: 'total', limit_total: 2500 })).toBe('Up to 2,500 times');
  });
});

describe('impact preview bodies from a form being typed', () => {
  it('are sent only when the numbers are valid, and then pass the contract', () => {
    expect(earningPreviewBody('per_amount', undefined, 100)).toBeNull();
    expect(earningPreviewBody('per_amount', 1.5, 100)).toBeNull();
    expect(earningPreviewBody('per_amount', 2, 0)).toBeNull();
    const body = earningPreviewBody('per_amount', 2, 100);
    expect(body).toEqual({ earning: { mode: 'per_amount', points: 2, per_amount_minor: 100 } });
    expect(impactPreviewBody.safeParse(body).success).toBe(true);
    expect(redeemPreviewBody(0, 500)).toBeNull();
    expect(redeemPreviewBody(500, null)).toEqual({ redeem: { points_cost: 500, value_minor: null } });
    expect(impactPreviewBody.safeParse(redeemPreviewBody(500, 500)).success).toBe(true);
  });
});
