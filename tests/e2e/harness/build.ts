/**
 * Builds the renderer harness with Vite (once per flavour and test run) and serves it to a
 * Playwright page from a made-up origin, blocking every other request and recording it.
 */
import { closeSync, mkdirSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from '@playwright/test';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
export const HARNESS_ORIGIN = 'http://renderers-harness.test';
export type Flavour = 'react' | 'preact';

const built = new Map<Flavour, Promise<string>>();

/** Newest modification time of the sources the harness bundles. */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** A build newer than every source is reused (workers restart after a failure; builds take seconds). */
function upToDate(outDir: string): boolean {
  try {
    const builtAt = statSync(join(outDir, 'renderers.html')).mtimeMs;
    return ['renderers', 'presets', 'tests/e2e/harness'].every((dir) => newestSource(join(root, dir)) < builtAt);
  } catch {
    return false;
  }
}

const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * Workers run side by side: one builds a flavour while the others wait for it (a lock file made
 * with O_EXCL), then find the build up to date. A lock older than two minutes was left by a
 * worker that died and is taken over.
 */
async function withBuildLock<T>(outDir: string, work: () => Promise<T>): Promise<T> {
  const lock = `${outDir}.lock`;
  mkdirSync(dirname(lock), { recursive: true });
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const heldFor = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (heldFor > 120_000) rmSync(lock, { force: true });
      else await new Promise((done) => setTimeout(done, 200));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { force: true });
  }
}

export function buildHarness(flavour: Flavour): Promise<string> {
  let done = built.get(flavour);
  if (!done) {
    const outDir = join(root, '.cache', 'renderers-harness', flavour);
    done = withBuildLock(outDir, async () => {
      if (upToDate(outDir)) return outDir;
      const { build } = await import('vite');
      const react = (await import('@vitejs/plugin-react')).default;
      await build({
        configFile: false,
        root: here,
        logLevel: 'warn',
        plugins: [react()],
        resolve: flavour === 'preact' ? { alias: PREACT_ALIASES } : {},
        define: { 'process.env.NODE_ENV': '"production"' },
        build: { outDir, emptyOutDir: true, minify: false, rollupOptions: { input: join(here, 'renderers.html') } },
      });
      return outDir;
    });
    built.set(flavour, done);
  }
  return done;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves the built harness at HARNESS_ORIGIN; every other request is aborted and recorded. */
export async function serveHarness(context: BrowserContext, flavour: Flavour): Promise<string[]> {
  const outDir = await buildHarness(flavour);
  const outside: string[] = [];
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== HARNESS_ORIGIN) {
      outside.push(url.href);
      await route.abort();
      return;
    }
    const file = url.pathname === '/' ? 'renderers.html' : url.pathname.slice(1);
    try {
      const body = await readFile(join(outDir, file));
      await route.fulfill({ status: 200, body, contentType: TYPES[extname(file)] ?? 'application/octet-stream' });
    } catch {
      await route.fulfill({ status: 404, body: 'not found' });
    }
  });
  return outside;
}
