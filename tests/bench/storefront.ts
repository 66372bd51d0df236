/**
 * Storefront embed figures: gzip sizes of what a store page loads
 * against our budgets and the peers' storefront scripts, the requests the embed makes on page
 * load, and a Lighthouse run of /demo/storefront with and without the embed (score difference,
 * added layout shift). Starts its own server on a temporary data folder and stops it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEMO_STORE_KEY } from '../../server/modules/storefront/index.ts';
import type { BenchRow } from './run.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** `EMBED_DIR` (as the server reads it) builds and serves the embed elsewhere than the shared dist/embed. */
const EMBED_DIR = resolve(ROOT, process.env.EMBED_DIR ?? 'dist/embed');
const CHROMIUM = '/usr/bin/chromium';
/** The browser flags of the preamble (playwright.config.ts). */
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Lighthouse scores move with the machine's load (2 shared cores): alternate runs, take the median. */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);

const KB = 1024;
const gzip = (data: string | Buffer) => gzipSync(data, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const within = (bytes: number, budget: number) => (bytes <= budget ? 'ok' : 'over budget');

async function buildEmbed(): Promise<{ loader: Buffer; panel: Buffer }> {
  const { build } = await import('vite');
  await build({ configFile: join(ROOT, 'renderers/embed/vite.config.ts'), logLevel: 'warn' });
  const manifest = JSON.parse(readFileSync(join(EMBED_DIR, 'manifest.json'), 'utf8')) as { loader: string; panel: string };
  return { loader: readFileSync(join(EMBED_DIR, manifest.loader)), panel: readFileSync(join(EMBED_DIR, manifest.panel)) };
}

async function stylesheetBytes(): Promise<number> {
  const { buildStylesheet } = await import('../../renderers/theme/index.ts');
  const { THEME_TOKENS } = await import('../../presets/index.ts');
  return gzip(buildStylesheet(THEME_TOKENS));
}

/** How long the server may take to build, migrate and seed on a busy machine before the bench gives up. */
const SERVER_START_LIMIT_MS = 10 * 60_000;

/** `BENCH_PORT` picks the port (parallel runs on one machine each take their own); else one at random. */
async function startServer(): Promise<{ origin: string; stop: () => void }> {
  const port = Number(process.env.BENCH_PORT) || 4200 + Math.floor(Math.random() * 20) + 60;
  const dataDir = mkdtempSync(join(tmpdir(), 'ls-bench-data-'));
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, FRESH_DATA: '1', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  const origin = `http://localhost:${port}`;
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  // up once /healthz answers; the server exiting first is a failure, with what it said
  const deadline = Date.now() + SERVER_START_LIMIT_MS;
  while (child.exitCode === null && Date.now() < deadline) {
    const ok = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { origin, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error(`the server did not start on port ${port}${errors ? `: ${errors.trim()}` : ''}`);
}

/** Requests the page makes until the launcher shows, and the ones the embed makes. */
async function requestsOnLoad(origin: string): Promise<{ embed: string[]; launcherShown: boolean }> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    const page = await browser.newPage();
    const seen: string[] = [];
    page.on('request', (request) => seen.push(new URL(request.url()).pathname));
    await page.goto(`${origin}/demo/storefront`);
    const launcher = page.getByRole('button', { name: /^(Bean Club|Get Rewarded)$/ });
    const launcherShown = await launcher.waitFor({ timeout: 15_000 }).then(
      () => true,
      () => false,
    );
    await page.waitForLoadState('networkidle');
    return { embed: seen.filter((path) => path !== '/demo/storefront'), launcherShown };
  } finally {
    await browser.close();
  }
}

interface LighthouseFigures {
  score: number;
  cls: number;
}

async function lighthouseRun(url: string): Promise<LighthouseFigures> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no report');
    return { score: Math.round((lhr.categories.performance?.score ?? 0) * 100), cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function lighthouseComparison(origin: string): Promise<{ without: LighthouseFigures; withEmbed: LighthouseFigures }> {
  const runs = { without: [] as LighthouseFigures[], withEmbed: [] as LighthouseFigures[] };
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    // alternate, so machine load hits both alike
    runs.without.push(await lighthouseRun(`${origin}/demo/storefront?embed=0`));
    runs.withEmbed.push(await lighthouseRun(`${origin}/demo/storefront`));
  }
  // the worst layout shift seen in any run (a run whose CLS audit failed is left out)
  const worst = (list: LighthouseFigures[]) => Math.max(...list.map((r) => r.cls).filter(Number.isFinite));
  const summary = (list: LighthouseFigures[]) => ({ score: median(list.map((r) => r.score)), cls: worst(list) });
  return { without: summary(runs.without), withEmbed: summary(runs.withEmbed) };
}

export async function run(): Promise<BenchRow[]> {
  const { loader, panel } = await buildEmbed();
  const css = await stylesheetBytes();
  const loaderTotal = gzip(loader);
  const panelSize = gzip(panel);
  const rows: BenchRow[] = [
    // loader.js is code only: its stylesheet travels in the bootstrap answer
    { metric: 'loader code, gzip', ours: kb(loaderTotal), compare: 'budget 5 KB', verdict: within(loaderTotal, 5 * KB) },
    { metric: 'stylesheet (4 themes + rules), gzip', ours: kb(css), compare: 'budget 4 KB; Rivo 4 KB CSS', verdict: within(css, 4 * KB) },
    { metric: 'widget module on first open, gzip', ours: kb(panelSize), compare: 'budget 30 KB', verdict: within(panelSize, 30 * KB) },
    {
      metric: 'everything after opening the widget',
      ours: kb(loaderTotal + panelSize),
      compare: 'Rivo 37 KB · Smile.io ~105 KB · LoyaltyLion ~113 KB · Yotpo ~285 KB',
      verdict: loaderTotal + panelSize < 33 * KB ? 'lightest' : 'check',
    },
  ];
  const server = await startServer();
  try {
    // what a store page downloads before the shopper touches anything: loader.js as the server sends it
    const served = await fetch(`${server.origin}/embed/loader.js`, { headers: { 'accept-encoding': 'gzip' } });
    const servedBytes = Number(served.headers.get('content-length'));
    const brotli = await fetch(`${server.origin}/embed/loader.js`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    rows.splice(1, 0, {
      metric: 'loader.js as served, gzip (brotli to browsers taking it)',
      ours: `${kb(servedBytes)} (${brotli.headers.get('content-encoding') ?? 'not compressed'} ${kb(Number(brotli.headers.get('content-length')))})`,
      compare: 'budget 5 KB; Shopify flags > 10 KB',
      verdict: within(servedBytes, 5 * KB),
    });
    // the one request the loader makes (it carries the launcher's and the sticky bar's stylesheet):
    // its bytes on the wire as a browser asks for it, as a gzip-only client does, and uncompressed
    const bootstrapSent = async (acceptEncoding: string) => {
      const answer = await fetch(`${server.origin}/storefront/v1/${DEMO_STORE_KEY}/bootstrap?locale=en`, { headers: { 'accept-encoding': acceptEncoding } });
      const body = Buffer.from(await answer.arrayBuffer());
      return `${kb(Number(answer.headers.get('content-length')) || body.length)} (${answer.headers.get('content-encoding') ?? 'not compressed'})`;
    };
    rows.splice(2, 0, {
      metric: 'bootstrap answer, demo store visitor (documents, program, stylesheet), sent',
      ours: `${await bootstrapSent('gzip, deflate, br')}; gzip only ${await bootstrapSent('gzip')}`,
      compare: `${await bootstrapSent('identity')} to a client taking no compression`,
    });
    const { embed, launcherShown } = await requestsOnLoad(server.origin);
    const byLoader = embed.filter((path) => path !== '/embed/loader.js');
    rows.push({
      metric: 'requests by the embed on page load',
      ours: `${byLoader.length} (${byLoader.join(', ') || 'none'}) + loader.js`,
      compare: 'budget 1',
      verdict: !launcherShown ? 'launcher not shown' : byLoader.length <= 1 ? 'ok' : 'over budget',
    });
    const { without, withEmbed } = await lighthouseComparison(server.origin);
    const drop = without.score - withEmbed.score;
    const addedShift = Math.max(0, withEmbed.cls - without.cls);
    rows.push(
      {
        metric: `Lighthouse performance, /demo/storefront (median of ${LIGHTHOUSE_RUNS})`,
        ours: `${withEmbed.score} with embed`,
        compare: `${without.score} without (?embed=0)`,
        verdict: `difference ${drop} (goal ≤ 2): ${drop <= 2 ? 'ok' : 'over'}`,
      },
      {
        metric: 'layout shift added by the embed (CLS)',
        ours: addedShift.toFixed(3),
        compare: `CLS ${withEmbed.cls.toFixed(3)} with, ${without.cls.toFixed(3)} without`,
        verdict: addedShift === 0 ? 'ok (goal 0)' : 'over (goal 0)',
      },
    );
  } finally {
    server.stop();
  }
  return rows;
}
