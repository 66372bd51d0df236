import { defineConfig } from '@playwright/test';

// Browser tests drive the real app against the real server and a fresh database.
// One server per worker (scripts/e2e-servers.mjs), each on its own port with its own data
// folder: worker N (TEST_PARALLEL_INDEX, set before a worker loads this file) talks to
// port + 100 × N, so runs on neighbouring E2E_PORTs never collide.
const port = Number(process.env.E2E_PORT ?? 4173);
// `npm test` runs two; a focused `npx playwright test <spec>` one (E2E_WORKERS to choose)
const workers = Number(process.env.E2E_WORKERS ?? 1);
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const readyPort = port + 100 * workers;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  // Budgets for a 2-core machine that may be busy (CI beside other work, a CPU hog): a test
  // waits on state — a locator assertion retries until its state holds — and these only bound
  // how long before it is called a failure. Playwright's 5 s assertion default assumed an idle
  // machine: there a lazily loaded page or a save answered in a busy server took longer.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  outputDir: `test-results/${port}`,
  reporter: [['list'], ['json', { outputFile: '.cache/playwright-results.json' }]],
  use: {
    baseURL: `http://localhost:${port + 100 * slot}`,
    // A trace records every action's DOM snapshot and a screencast while the test runs, whatever
    // its outcome: recorded for every test it doubled the browsers' CPU (the XSS rounds 18 s → 45 s,
    // the surfaces and insights specs 24 s → 42 s). A test is traced on its retry (CI retries
    // once); a failure keeps its error context and a screenshot, and `--trace on` records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node scripts/e2e-servers.mjs`,
    url: `http://localhost:${readyPort}/`,
    reuseExistingServer: false,
    timeout: 300_000,
    env: { E2E_PORT: String(port), E2E_WORKERS: String(workers), E2E_READY_PORT: String(readyPort) },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
