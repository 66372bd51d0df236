import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkUrlShape, resolveSafeAddress, type AddressPolicy } from './address.ts';

/** How long a merchant endpoint has to answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * `X-Loyalty-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the store's
 * HMAC secret: the receiver recomputes it over the raw body and refuses old timestamps (replay).
 */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

/**
 * Posts one signed event. The host is resolved and checked here (SSRF), and the socket connects
 * to exactly that checked address; redirects are not followed.
 */
export async function sendEvent(target: string, body: string, headers: Record<string, string>, policy: AddressPolicy): Promise<SendResult> {
  let url: URL;
  let resolved: { address: string; family: 4 | 6 };
  try {
    url = checkUrlShape(target, policy);
    resolved = await resolveSafeAddress(url, policy);
  } catch (error) {
    return { ok: false, statusCode: null, error: (error as Error).message };
  }
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [resolved]);
    else callback(null, resolved.address, resolved.family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<SendResult>((done) => {
    const request = send(
      url,
      {
        method: 'POST',
        lookup,
        // a connection of its own: a kept-alive socket the endpoint has meanwhile closed would fail
        // the delivery with ECONNRESET
        agent: false,
        timeout: DELIVERY_TIMEOUT_MS,
        headers: { 'content-type': 'application/json', 'user-agent': 'LoyaltyStudio-Webhooks/1', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (response) => {
        response.resume(); // the answer's body is not needed
        response.on('end', () => {
          const code = response.statusCode ?? 0;
          done({ ok: code >= 200 && code < 300, statusCode: code, error: code >= 200 && code < 300 ? null : `The endpoint answered ${code}.` });
        });
        response.on('error', (error) => done({ ok: false, statusCode: response.statusCode ?? null, error: error.message }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${DELIVERY_TIMEOUT_MS / 1000} s.`)));
    request.on('error', (error) => done({ ok: false, statusCode: null, error: error.message }));
    request.end(body);
  });
}
