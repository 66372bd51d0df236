// Browser tests: one server per Playwright worker, each with its own fresh database, so workers
// never see each other's data. Builds once, seeds the demo once into a template database, starts
// the servers side by side each on its own copy of it, and answers on the ready port only when every server answers /healthz. Playwright stops this
// process group at the end, which stops the servers.
//   E2E_PORT (first server's port; server N on E2E_PORT + 100 × N), E2E_WORKERS (how many),
//   E2E_READY_PORT (the ready answer)
import { spawn } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { ensureBuild, ensureDependencies, root } from './ensure.mjs';

const firstPort = Number(process.env.E2E_PORT ?? 4173);
const count = Number(process.env.E2E_WORKERS ?? 1);
const readyPort = Number(process.env.E2E_READY_PORT ?? firstPort + 100 * count);

ensureDependencies();
ensureBuild();

// The Shopify stand-ins (tests/platforms/shopify), one per server on its port + 50: each server
// installs shops through its own (SHOPIFY_API_ORIGIN), which sends back the OAuth redirect and the
// webhooks that server subscribed to.
const shopifyApp = {
  SHOPIFY_API_KEY: 'e2e-shopify-key',
  SHOPIFY_API_SECRET: 'e2e-shopify-secret',
  PLATFORM_TOKEN_KEY: process.env.PLATFORM_TOKEN_KEY ?? 'e2e0'.repeat(16),
};
const shopifyStandIn = (port) => {
  const standInPort = port + 50;
  const standIn = spawn(process.execPath, ['--import', 'tsx', 'tests/platforms/shopify/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...shopifyApp, SHOPIFY_STANDIN_PORT: String(standInPort), SHOPIFY_STANDIN_APP_URL: `http://localhost:${port}` },
  });
  return { standIn, env: { ...shopifyApp, SHOPIFY_API_ORIGIN: `http://127.0.0.1:${standInPort}` } };
};

// the BigCommerce stand-in (tests/platforms/bigcommerce): the servers are the app registered with it
const { register } = await import('tsx/esm/api');
register();
const { startE2eStandIn } = await import('../tests/platforms/bigcommerce/e2e.ts');
const bigcommerce = await startE2eStandIn(firstPort);

// the demo seeded once (migrated, seeded, statistics fresh), copied to each server's data folder;
// it starts from the migrated cluster the unit tests keep (tests/helpers/pglite-template.ts), not
// from initdb and every migration
const dataDirOf = (port) => (process.env.E2E_DATA_DIR ? `${process.env.E2E_DATA_DIR}-${port}` : `.cache/e2e-data-${port}`);
const templateDir = `${dataDirOf(firstPort)}-template`;
{
  const { openDatabase } = await import('../server/db/connection.ts');
  const { prepareDatabase } = await import('../server/prepare.ts');
  const { migratedPgliteTarball } = await import('../tests/helpers/pglite-template.ts');
  rmSync(templateDir, { recursive: true, force: true });
  const db = await openDatabase({ dataDir: templateDir, loadDataDir: new Blob([readFileSync(await migratedPgliteTarball())]) });
  await prepareDatabase(db, { seedDemo: true });
  await db.destroy();
}

const children = Array.from({ length: count }, (_, index) => {
  const port = firstPort + 100 * index;
  const dataDir = dataDirOf(port);
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(templateDir, dataDir, { recursive: true });
  const shopify = shopifyStandIn(port);
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      ...shopify.env,
      ...bigcommerce,
      PORT: String(port),
      DATA_DIR: dataDir,
      // outgoing webhooks may reach the e2e's local receiver (loopback only, tests only)
      OUTGOING_WEBHOOKS_ALLOW_LOOPBACK: '1',
      // the build above is current: the servers serve it and never rebuild side by side
      CONSOLE_DIR: 'dist/console',
    },
  });
  child.on('exit', (code, signal) => {
    console.error(`e2e server on port ${port} stopped (${signal ?? code})`);
    stopAll(1);
  });
  return { port, child, standIn: shopify.standIn };
});

function stopAll(code) {
  for (const { child, standIn } of children) {
    for (const running of [child, standIn]) if (running.exitCode === null) running.kill('SIGTERM');
  }
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stopAll(0));

const healthy = async (port) => {
  try {
    return (await fetch(`http://localhost:${port}/healthz`)).ok;
  } catch {
    return false;
  }
};
for (const { port } of children) {
  while (!(await healthy(port))) await new Promise((resolve) => setTimeout(resolve, 250));
}
createServer((_request, response) => response.end('ready')).listen(readyPort);
console.log(`e2e servers ready on ports ${children.map(({ port }) => port).join(', ')}`);
