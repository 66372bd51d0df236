import { z } from 'zod';

/**
 * The domain's own zod schemas (rule configurations, the neutral order): they import only zod, so
 * the API contract re-exports them and the console may bundle them through it.
 */
export const idField = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** E-mail check of spec §5. */
export const emailField = z.string().trim().max(254).email('Enter a valid e-mail address.');
