/** Client-side validation helpers of spec §5 (messages, not safety: the server re-validates). */

import { URL_PATTERN } from '../../server/contract/common.ts';

/** spec §5: optional http or https scheme, optional www, a domain, optional path (the server's own pattern). */
/** spec §5: a standard e-mail pattern. */
const EMAIL_PATTERN = /^[^\s@"(),:;<>[\\\]]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}$/i;

export const isValidUrl = (value: string): boolean => URL_PATTERN.test(value.trim());
export const isValidEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());

/** spec §5: empty means empty array, empty string, null or undefined. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}
