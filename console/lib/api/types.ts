/** Shapes the console reads (spec §3; DESIGN.md §4), from the server's contract where it has them. */
import type { LoginResult as ContractLoginResult, UserRecord } from '../../../server/contract/session.ts';
import type { StoreListItem as ContractStoreListItem } from '../../../server/contract/store.ts';
import type { SearchResult } from '../../../server/contract/search.ts';

export type LoginResult = ContractLoginResult;
export type User = UserRecord & { user_access_token?: string };
export type Store = NonNullable<UserRecord['store']>;
export type StoreListItem = ContractStoreListItem;
export type GlobalSearchResult = SearchResult;
export type SearchEntry = SearchResult['customerUrls'][number];

export interface Channel {
  id: number;
  name: string;
  type: string;
  url?: string | null;
}
