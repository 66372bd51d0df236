/**
 * The storefront embed's files and its demo page (DESIGN.md §4 "Storefront embed"):
 * - `GET /embed/{file}` serves `dist/embed/` (the build of renderers/embed): loader.js with a
 *   short cache (a publish of new code reaches stores within minutes), content-hashed chunks
 *   cached for a year, brotli or gzip when the browser takes it (each compressed once, at its
 *   best), CORS open (stores load them cross-origin).
 * - `GET /demo/storefront` a sample coffee-roaster store page with the embed, as a visitor;
 *   `?member=1` as a signed-in demo customer; `?embed=0` without the embed (Lighthouse baseline).
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { z } from 'zod';
import { languageTagSchema } from '../../../renderers/contract/index.ts';
import { stickyBarPageCss } from '../../../renderers/sticky-bar/index.ts';
import { loadPublishedDocument } from '../../domain/documents/index.ts';
import { demoMember } from './service.ts';
import { findStoreBy } from '../stores/index.ts';
import type { RouteModule } from '../../http/context.ts';
import { preferredEncoding, type ContentEncoding } from '../../http/compression.ts';
import { demoStorefrontPage, DEMO_STORE_KEY } from './embed-demo-page.ts';

/** Where the embed build lands (`vite build -c renderers/embed/vite.config.ts`). */
const EMBED_DIR = resolve(process.env.EMBED_DIR ?? 'dist/embed');
const LOADER_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=3600';
const CHUNK_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};
/** `panel-AbC123_-.js`: names the build made unique by content. */
const HASHED = /-[A-Za-z0-9_-]{8,}\.[a-z]+$/;
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;

interface EmbedFile {
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  type: string;
  cacheControl: string;
  mtimeMs: number;
}
const files = new Map<string, EmbedFile>();

/** Reads a file of the embed build (cached until the file changes); undefined for anything else. */
async function embedFile(name: string): Promise<EmbedFile | undefined> {
  const type = TYPES[extname(name)];
  if (!FILE_NAME.test(name) || name.includes('..') || !type) return undefined;
  const path = join(EMBED_DIR, name);
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  const cached = files.get(name);
  if (cached && cached.mtimeMs === info.mtimeMs) return cached;
  const body = await readFile(path);
  const file: EmbedFile = {
    body,
    gzip: gzipSync(body, { level: 9 }),
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    type,
    mtimeMs: info.mtimeMs,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
    cacheControl: name === 'manifest.json' ? 'no-cache' : HASHED.test(name) ? CHUNK_CACHE_CONTROL : LOADER_CACHE_CONTROL,
  };
  files.set(name, file);
  return file;
}

const demoQuery = z.object({
  member: z.enum(['0', '1']).optional(),
  embed: z.enum(['0', '1']).optional(),
  /** the page's `<html lang>`, as a store in that language writes it (the embed shows its texts in it) */
  lang: languageTagSchema.optional(),
});

/** A store page's own policy: its scripts and styles, our loader from this origin, nothing else. */
const DEMO_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
].join('; ');

export const embedRoutes: RouteModule = {
  prefix: '',
  register(app) {
    app.get(
      '/embed/:file',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['storefront'],
          summary: 'Storefront embed files (loader.js and the widget module it loads on first open)',
          params: z.object({ file: z.string() }),
        },
      },
      async (request, reply) => {
        const file = await embedFile(request.params.file);
        reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin').header('vary', 'accept-encoding');
        if (!file) {
          return reply
            .code(404)
            .header('cache-control', 'no-store')
            .send({ message: `No embed file ${request.params.file.slice(0, 100)}.`, errors: {}, code: 'not_found' });
        }
        // each encoding is its own representation, with its own tag; a tag of any of them revalidates the file
        const encoding = preferredEncoding(request.headers['accept-encoding']);
        const tagOf = (coding?: ContentEncoding) => (coding ? `${file.etag.slice(0, -1)}-${coding}"` : file.etag);
        reply.header('cache-control', file.cacheControl).header('etag', tagOf(encoding)).type(file.type);
        const fileTags = new Set([tagOf(), tagOf('br'), tagOf('gzip')]);
        const ifNoneMatch = request.headers['if-none-match'];
        if (typeof ifNoneMatch === 'string' && ifNoneMatch.split(',').some((tag) => fileTags.has(tag.trim().replace(/^W\//, '')))) {
          return reply.code(304).send();
        }
        return encoding ? reply.header('content-encoding', encoding).send(file[encoding]) : reply.send(file.body);
      },
    );

    app.get(
      '/demo/storefront',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['storefront'],
          summary: 'Sample store page with the embed (?member=1 as a signed-in demo customer, ?embed=0 without it, ?lang=fr for a store page in French)',
          querystring: demoQuery,
        },
      },
      async (request, reply) => {
        const { member, embed, lang } = request.query;
        const customer = member === '1' ? await demoMember(app.db, DEMO_STORE_KEY) : undefined;
        const store = await findStoreBy(app.db, 'store_name', DEMO_STORE_KEY);
        const themeCss = store ? stickyBarPageCss((await loadPublishedDocument(app.db, store.id, 'sticky_bar')).document) : '';
        reply.header('content-security-policy', DEMO_CSP).header('cache-control', 'no-store').type('text/html; charset=utf-8');
        return reply.send(demoStorefrontPage({ embed: embed !== '0', customer, memberRequested: member === '1', themeCss, lang }));
      },
    );
  },
};
