import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { ApiError } from './errors.ts';

/** What the answer says of a string PostgreSQL's UTF-8 text cannot store. */
export const UNSTORABLE_TEXT_MESSAGE = 'Contains a NUL character or an unpaired surrogate, which text cannot hold.';

/** A surrogate without its pair (UTF-16 that is not well formed). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether PostgreSQL would refuse this string in text and JSON: a NUL character or a lone surrogate. */
export const isUnstorableText = (value: string): boolean => value.includes('\u0000') || LONE_SURROGATE.test(value);

/**
 * The path of the first string (a value or an object key) in `data` that text cannot hold, or
 * null. Walks without recursion: a deeply nested body cannot exhaust the stack.
 */
export function unstorableTextAt(data: unknown): (string | number)[] | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: data, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (isUnstorableText(value)) return path;
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (isUnstorableText(key)) return [...path, key];
        stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return null;
}

/**
 * The one validator of every route's params, query, headers and body: strings text cannot hold
 * are refused wherever they are (422 naming the field, before the zod schema even runs), then the
 * route's zod schema. The issue has the shape of fastify-type-provider-zod's, so the error
 * handler renders both alike.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = zodValidatorCompiler(route as Parameters<typeof zodValidatorCompiler>[0]);
  return (data: unknown) => {
    const path = unstorableTextAt(data);
    if (path === null) return validate(data);
    const issue = {
      [Symbol.for('ZodFastifySchemaValidationError')]: true,
      keyword: 'unstorable_text',
      instancePath: `/${path.join('/')}`,
      schemaPath: `#/${path.join('/')}/unstorable_text`,
      message: UNSTORABLE_TEXT_MESSAGE,
      params: {},
    };
    return { error: [issue] as unknown as Error };
  };
};

/** The same refusal for a body a route parses itself (a signed webhook keeps its raw bytes). */
export function unstorableTextError(path: (string | number)[]): ApiError {
  const field = path.join('.') || 'body';
  return new ApiError(422, `${field}: ${UNSTORABLE_TEXT_MESSAGE}`, 'validation_failed', { [field]: UNSTORABLE_TEXT_MESSAGE });
}
