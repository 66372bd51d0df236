/**
 * Compressed answers for clients that accept them: brotli, else gzip (`Accept-Encoding`, with its
 * q-values). A scope that registers `compressAnswers` gets its JSON, JavaScript, HTML and CSS
 * answers of at least `MIN_BYTES` compressed, `Vary: Accept-Encoding` on every such answer, and a
 * strong ETag made weak when the bytes sent are compressed (If-None-Match compares weakly, so a
 * revalidation still gets its 304). Equal bodies are compressed once: the storefront's bootstrap
 * is the same for every visitor of a store in a language.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

export type ContentEncoding = 'br' | 'gzip';

/** Below this, compression saves less than a packet's worth. */
export const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(application\/(json|javascript)|text\/(html|javascript|css))\b/;
/** Brotli quality 5: within a few percent of the best at a fraction of the time, for answers made per request. */
const BROTLI_QUALITY = 5;
/** Compressed bodies kept by digest, the oldest dropped first. */
const KEPT = 200;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encoding to answer with: brotli when the client takes it at least as gladly as gzip, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding | undefined {
  const weights = new Map<string, number>();
  for (const part of [acceptEncoding ?? ''].flat().join(',').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (name === '') continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q) || 0);
  }
  const weight = (name: ContentEncoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const [br, gz] = [weight('br'), weight('gzip')];
  if (br > 0 && br >= gz) return 'br';
  return gz > 0 ? 'gzip' : undefined;
}

/** `body` compressed in `encoding` (brotli tuned for text, gzip at its default level). */
export async function compressBody(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body);
  return brotliAsync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

const kept = new Map<string, Buffer>();

async function compressedOnce(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  const key = `${encoding}:${createHash('sha256').update(body).digest('base64url')}`;
  const found = kept.get(key);
  if (found) {
    // most recently used last
    kept.delete(key);
    kept.set(key, found);
    return found;
  }
  const compressed = await compressBody(body, encoding);
  kept.set(key, compressed);
  if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  return compressed;
}

/** `Vary` with `accept-encoding` added once to what it named. */
export function varyWithEncoding(vary: unknown): string {
  const names = String(vary ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes('*') || names.some((name) => name.toLowerCase() === 'accept-encoding')) return names.join(', ');
  return [...names, 'accept-encoding'].join(', ');
}

function weakenTag(reply: FastifyReply): void {
  const etag = reply.getHeader('etag');
  if (typeof etag === 'string' && etag.startsWith('"')) reply.header('etag', `W/${etag}`);
}

/** Compresses the scope's text answers for clients that accept it (see the module's note). */
export function compressAnswers(scope: FastifyInstance): void {
  scope.addHook('onSend', async (request, reply, payload) => {
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    reply.header('vary', varyWithEncoding(reply.getHeader('vary')));
    if (reply.hasHeader('content-encoding')) return payload;
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    // a 304 names the representation the client holds: the compressed one when it takes compression
    if (reply.statusCode === 304 && encoding) weakenTag(reply);
    if (reply.statusCode === 204 || reply.statusCode === 304 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (!encoding || body.length < MIN_BYTES) return payload;
    const compressed = await compressedOnce(body, encoding);
    weakenTag(reply);
    reply.header('content-encoding', encoding).removeHeader('content-length');
    return compressed;
  });
}
