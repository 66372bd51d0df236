import type { StoreListItem } from '../../lib/api/types.ts';
import { CONSOLE_CONSTANTS } from '../../lib/constants.ts';

/** spec §5: only stores with an access token; the filter is a case-insensitive text match. */
export function filterStores(stores: StoreListItem[], text: string): StoreListItem[] {
  const needle = text.trim().toLowerCase();
  return stores
    .filter((store) => Boolean(store.access_token))
    .filter((store) => !needle || store.store_title.toLowerCase().includes(needle) || store.store_name.toLowerCase().includes(needle));
}

/** spec §2 / §9: the logo is a store switcher only when more than one store exists. */
export const showsStoreSwitcher = (stores: StoreListItem[]): boolean => filterStores(stores, '').length > CONSOLE_CONSTANTS.storeSwitcherMinStores;

/** spec §8 */
export const NO_STORE_RESULTS = 'Could not find any results';
