import { describe, expect, it } from 'vitest';
import type { StoreListItem } from '../../lib/api/types.ts';
import { NO_STORE_RESULTS, filterStores, showsStoreSwitcher } from './store-filter.ts';

const item = (store_id: number, store_title: string, access_token: string): StoreListItem => ({
  store_id,
  store_title,
  store_name: store_title.toLowerCase().replace(/\W+/g, '-'),
  access_token,
});
const outdoor = item(1, 'Demo Outdoor Co.', 'a');
const coffee = item(2, 'Demo Coffee Roasters', 'b');
const noToken = item(3, 'Closed Store', '');

describe('store switcher (spec §5 / §9)', () => {
  it.each([
    ['', ['Demo Outdoor Co.', 'Demo Coffee Roasters']],
    ['coffee', ['Demo Coffee Roasters']],
    ['COFFEE', ['Demo Coffee Roasters']],
    ['  demo ', ['Demo Outdoor Co.', 'Demo Coffee Roasters']],
    ['demo-outdoor', ['Demo Outdoor Co.']],
    ['closed', []],
    ['nothing', []],
  ])('filter %j → %j (case-insensitive, only stores with an access token)', (text, titles) => {
    expect(filterStores([outdoor, coffee, noToken], text).map((s) => s.store_title)).toEqual(titles);
  });

  it.each([
    [[outdoor, coffee], true],
    [[outdoor], false],
    [[outdoor, noToken], false],
    [[], false],
  ])('%# switcher only with more than one store: %s', (stores, shown) => {
    expect(showsStoreSwitcher(stores)).toBe(shown);
  });

  it('the empty message (spec §8)', () => {
    expect(NO_STORE_RESULTS).toBe('Could not find any results');
  });
});
