/**
 * What the request log says of a request. Some addresses carry a credential in their query: the
 * platforms' OAuth callbacks (the one-time `code`, the `state` bound to the browser), BigCommerce's
 * `signed_payload_jwt` (it signs the merchant in) and the storefront's `customer_jwt`, the console's
 * sign-in `code`, a shopper's `digest`. Whoever reads the log must not be able to use them, so their
 * values are masked in the logged URL; the rest of the address stays as it came, to trace a request.
 */
import type { FastifyRequest } from 'fastify';

const CREDENTIAL_PARAMS = new Set(['code', 'state', 'signed_payload_jwt', 'customer_jwt', 'digest']);
const MASK = '[redacted]';

const nameOf = (pair: string) => {
  const raw = pair.split('=', 1)[0]!.replaceAll('+', ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};

/** `url` with the values of its credential parameters masked. */
export function redactedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const pairs = url.slice(at + 1).split('&');
  const masked = pairs.map((pair) => (CREDENTIAL_PARAMS.has(nameOf(pair)) ? `${pair.split('=', 1)[0]}=${MASK}` : pair));
  return `${url.slice(0, at)}?${masked.join('&')}`;
}

/** Fastify's own request serializer, with the URL's credentials masked. */
export function logRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    version: typeof request.headers['accept-version'] === 'string' ? request.headers['accept-version'] : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
