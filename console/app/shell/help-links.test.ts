import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../lib/config.ts';
import { billingUrl, helpMenuItems, supportLinks } from './help-links.ts';

describe('help menu (spec §2 / §6)', () => {
  const links = supportLinks(DEFAULT_CONFIG, 'store-token-1');
  it.each([
    ['owner', ['Help Center', 'Setup a Demo', 'Contact', 'Billing and Plans']],
    ['staff', ['Help Center', 'Setup a Demo', 'Contact']],
    [null, ['Help Center', 'Setup a Demo', 'Contact']],
  ])('role %j → %j', (role, labels) => {
    const items = helpMenuItems(role, links);
    expect(items.map((i) => i.label)).toEqual(labels);
    expect(items.every((i) => i.external)).toBe(true);
  });

  it.each([
    ['store-token-1', 'store_access_token=store-token-1'],
    [null, null],
  ])('billing page carries the store access token %j', (token, param) => {
    const url = billingUrl({ billingUrl: 'https://billing.example.com/plans' }, token);
    expect(url.startsWith('https://billing.example.com/plans')).toBe(true);
    if (param) expect(url).toContain(param);
    else expect(url).not.toContain('store_access_token');
  });
});
