import { z } from 'zod';

/** POST /api/v1/account/search-list */
export const searchBody = z.strictObject({ search: z.string().max(100) });
const searchEntry = z.object({ name: z.string(), email: z.string(), url: z.string() });
export const searchResult = z.object({ customerUrls: z.array(searchEntry), menus: z.array(searchEntry) });
export type SearchResult = z.infer<typeof searchResult>;
