// Browser tests: one server per Playwright worker, each with its own fresh database, so workers
// never see each other's data. Builds once, migrates and seeds the demo once (a first server on a
// template data folder, stopped once it answers), then starts the servers side by side, each on a
// copy of that folder, and answers on the ready port only when every server answers /healthz.
// Seeding costs a server ~25 s of CPU (PGlite's initdb, then the demo); starting on a copy, ~1 s.
// Playwright stops this process group at the end, which stops the servers.
//   E2E_PORT (first server's port; server N on E2E_PORT + 100 × N), E2E_WORKERS (how many),
//   E2E_READY_PORT (the ready answer; the template server uses the port after it),
//   E2E_DATA_DIR (data folders' prefix, default .cache/e2e-data)
import { spawn } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { resolve as resolvePath } from 'node:path';
import { ensureBuild, ensureDependencies, root } from './ensure.mjs';

const firstPort = Number(process.env.E2E_PORT ?? 4173);
const count = Number(process.env.E2E_WORKERS ?? 1);
const readyPort = Number(process.env.E2E_READY_PORT ?? firstPort + 100 * count);
const dataPrefix = resolvePath(root, process.env.E2E_DATA_DIR ?? '.cache/e2e-data');

ensureDependencies();
ensureBuild();

const running = new Set();
function stopAll(code) {
  for (const child of running) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stopAll(0));

/** A server on `port` serving the data folder `dataDir` (emptied first when `fresh`). */
function startServer(port, dataDir, fresh) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      FRESH_DATA: fresh ? '1' : '',
      // outgoing webhooks may reach the e2e's local receiver (loopback only, tests only)
      OUTGOING_WEBHOOKS_ALLOW_LOOPBACK: '1',
      // the build above is current: the servers serve it and never rebuild side by side
      CONSOLE_DIR: 'dist/console',
    },
  });
  running.add(child);
  const onExit = (code, signal) => {
    console.error(`e2e server on port ${port} stopped (${signal ?? code})`);
    stopAll(1);
  };
  child.on('exit', onExit);
  /** Stops this server on purpose, resolving once it has closed its database. */
  const stop = () =>
    new Promise((resolve) => {
      child.off('exit', onExit);
      child.once('exit', () => {
        running.delete(child);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { port, child, stop };
}

const healthy = async (port) => {
  try {
    return (await fetch(`http://localhost:${port}/healthz`)).ok;
  } catch {
    return false;
  }
};
const answering = async (port) => {
  while (!(await healthy(port))) await new Promise((resolve) => setTimeout(resolve, 250));
};

// the template: migrated and seeded once, then closed so its folder can be copied
const template = `${dataPrefix}-template`;
const started = performance.now();
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);
const seeding = startServer(readyPort + 1, template, true);
await answering(seeding.port);
await seeding.stop();
const seeded = performance.now();

const servers = Array.from({ length: count }, (_, index) => {
  const port = firstPort + 100 * index;
  const dataDir = `${dataPrefix}-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(template, dataDir, { recursive: true });
  return startServer(port, dataDir, false);
});
for (const { port } of servers) await answering(port);
createServer((_request, response) => response.end('ready')).listen(readyPort);
console.log(
  `e2e servers ready on ports ${servers.map(({ port }) => port).join(', ')} (seeded in ${seconds(started)} s, started on copies in ${seconds(seeded)} s)`,
);
