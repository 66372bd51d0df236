/**
 * Turning zod issues into `{ "dotted.path": "message" }` (the shape of DESIGN.md §4 error
 * bodies). `friendlyErrorMap` gives plain-language messages to issues whose schema set none;
 * pass it to `safeParse(input, { error: friendlyErrorMap })`.
 */
import type { z } from 'zod';
import { REQUIRED } from './primitives.ts';

export type FieldErrors = Record<string, string>;

const TYPE_NAMES: Record<string, string> = {
  string: 'Enter text',
  number: 'Enter a number',
  int: 'Enter a whole number',
  boolean: 'Choose on or off',
  array: 'Expected a list',
  object: 'Expected a group of settings',
  record: 'Expected a group of settings',
};

export const friendlyErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? REQUIRED : (TYPE_NAMES[issue.expected] ?? `Expected ${issue.expected}`);
    case 'too_big':
      if (issue.origin === 'string') return `Keep this to ${issue.maximum} characters or fewer`;
      if (issue.origin === 'array') return `Keep to ${issue.maximum} items or fewer`;
      return `Enter a number of at most ${issue.maximum}`;
    case 'too_small':
      if (issue.origin === 'string') return `Enter at least ${issue.minimum} characters`;
      if (issue.origin === 'array') return `Add at least ${issue.minimum} items`;
      return `Enter a number of at least ${issue.minimum}`;
    case 'invalid_value':
      return `Choose one of: ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return 'This value does not match any allowed form';
    default:
      return undefined;
  }
};

const dotted = (path: readonly PropertyKey[]) => path.map(String).join('.');

/**
 * One message per dotted path (the first issue wins). An unknown field is reported at its own
 * path (`sections.0.colour`) so the form can point at it; issues about the whole value go under
 * `rootKey`.
 */
export function formatZodError(error: z.ZodError | { issues: readonly z.core.$ZodIssue[] }, rootKey = '_root'): FieldErrors {
  const errors: FieldErrors = {};
  const add = (path: readonly PropertyKey[], message: string) => {
    const key = path.length ? dotted(path) : rootKey;
    if (!(key in errors)) errors[key] = message;
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key], `"${key}" is not a known setting here; remove it`);
    } else {
      add(issue.path, issue.message);
    }
  }
  return errors;
}
