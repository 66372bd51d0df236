import { z } from 'zod';

/**
 * The domain's own zod schemas (rule configurations, the neutral order): they import only zod, so
 * the API contract re-exports them and the console may bundle them through it.
 */
export const idField = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** URL check of spec §5: optional http(s) scheme, optional www, a domain, optional path. */
export const URL_PATTERN = /^(https?:\/\/)?(www\.)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(:\d{1,5})?(\/[^\s]*)?$/i;
export const urlField = z.string().trim().max(2048).regex(URL_PATTERN, 'Enter a valid URL, for example https://www.example.com.');

/** E-mail check of spec §5. */
export const emailField = z.string().trim().max(254).email('Enter a valid e-mail address.');

/** `page` and `per_page` of a paged list's query (per_page at most 100). */
export const pageParams = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
};

/** A paged list's answer: the page's rows and the total of the filter. */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), total: z.number().int(), page: z.number().int(), per_page: z.number().int() });
