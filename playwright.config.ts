import { defineConfig } from '@playwright/test';

// Browser tests drive the real app against the real server and a fresh database.
// The server is started once per run on its own port with its own data folder.
const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = process.env.E2E_DATA_DIR ?? `.cache/e2e-data-${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  outputDir: `test-results/${port}`,
  reporter: [['list'], ['json', { outputFile: '.cache/playwright-results.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
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
    command: `node scripts/start.mjs`,
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    // outgoing webhooks may reach the e2e's local receiver (loopback only, tests only)
    env: { PORT: String(port), DATA_DIR: dataDir, FRESH_DATA: '1', OUTGOING_WEBHOOKS_ALLOW_LOOPBACK: '1' },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
