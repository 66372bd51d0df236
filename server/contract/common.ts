import { z } from 'zod';

/**
 * API contract shared with the console: request bodies (zod) and the shapes of answers.
 * Contract files import only zod and renderers/contract, so `console/` may import them.
 */

/** Every success body: `{ data: … }`. */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** Every error body (DESIGN.md §4), with a 4xx status. */
const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()),
  code: z.string(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Mutating calls that take no input: no body, or an empty object; anything else is refused. */
export const emptyBody = z.strictObject({}).nullish();

import { emailField, idField, pageOf, pageParams, URL_PATTERN, urlField } from '../domain/schemas/fields.ts';

export { emailField, idField, pageOf, pageParams, URL_PATTERN, urlField };
export const idParams = z.strictObject({ id: idField });
