/**
 * How Shopify signs what it sends the app, each checked with the app's secret in constant time:
 * the install and callback queries (`hmac`), app proxy queries (`signature`) and webhook bodies
 * (X-Shopify-Hmac-Sha256).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** A shop's permanent domain: `<name>.myshopify.com`, the name letters, digits and hyphens. */
export const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/** Shopify signs its redirects with the second they were made; older than a day is refused. */
export const SIGNATURE_MAX_AGE_S = 24 * 60 * 60;

function sameHex(expected: Buffer, given: string): boolean {
  const actual = /^[0-9a-f]+$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.alloc(0);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The sorted `key=value` pairs of a query but the signature itself (a repeated key: its values joined by commas). */
function pairs(query: Record<string, string | string[] | undefined>, without: string): string[] {
  return Object.keys(query)
    .filter((key) => key !== without && query[key] !== undefined)
    .sort()
    .map((key) => `${key}=${Array.isArray(query[key]) ? (query[key] as string[]).join(',') : query[key]}`);
}

/** The install and OAuth callback queries: HMAC-SHA256 in hex of the pairs joined by `&`. */
export function queryHmacValid(secret: string, query: Record<string, string | string[] | undefined>): boolean {
  const given = query.hmac;
  if (typeof given !== 'string') return false;
  return sameHex(createHmac('sha256', secret).update(pairs(query, 'hmac').join('&')).digest(), given);
}

/** An app proxy query: HMAC-SHA256 in hex of the pairs concatenated with nothing between. */
export function proxySignatureValid(secret: string, query: Record<string, string | string[] | undefined>): boolean {
  const given = query.signature;
  if (typeof given !== 'string') return false;
  return sameHex(createHmac('sha256', secret).update(pairs(query, 'signature').join('')).digest(), given);
}

/** A webhook: HMAC-SHA256 in base64 of the exact body bytes. */
export function webhookHmacValid(secret: string, raw: Buffer, header: string | undefined): boolean {
  const given = Buffer.from(header ?? '', 'base64');
  const expected = createHmac('sha256', secret).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A signed query's `timestamp` (seconds) is within a day of now (either way: clocks drift). */
export function timestampFresh(timestamp: unknown, now: Date): boolean {
  if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(now.getTime() / 1000 - Number(timestamp)) <= SIGNATURE_MAX_AGE_S;
}
