// `npm test`: every check in order, stopping at the first failure, then one closing line
// `N passed, N failed` that counts checks, unit tests and browser tests.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuild, ensureChromium, ensureDependencies, root, run } from './ensure.mjs';

let passed = 0;
let failed = 0;
const finish = () => {
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
};
const fail = (what) => {
  console.error(`\n✗ ${what}`);
  failed++;
  finish();
};
const step = (title, fn) => {
  console.log(`\n▶ ${title}`);
  try {
    fn();
  } catch (error) {
    fail(`${title}: ${error.message}`);
  }
};
const bin = (name) => join(root, 'node_modules', '.bin', name);
const readJson = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null);

step('install', () => {
  ensureDependencies();
  ensureChromium();
});
mkdirSync(join(root, '.cache'), { recursive: true });

// The four checks are independent: they run side by side (each mostly on one core) and report
// in this order, each with its own output.
const checks = [
  ['type check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['lint', bin('oxlint'), ['--deny-warnings', 'renderers', 'presets', 'builder', 'console', 'server', 'tests', 'scripts']],
  ['format', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
  ['import boundaries', bin('tsx'), ['scripts/check-boundaries.ts']],
].map(([title, command, args]) => {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  return {
    title,
    child,
    result: new Promise((resolve) => {
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('error', (error) => resolve({ status: 1, output: Buffer.from(`${error.message}\n`) }));
      child.on('close', (status) => resolve({ status: status ?? 1, output: Buffer.concat(output) }));
    }),
  };
});
for (const { title, result } of checks) {
  const { status, output } = await result;
  console.log(`\n▶ ${title}`);
  process.stdout.write(output);
  if (status !== 0) {
    for (const { child } of checks) child.kill();
    fail(`${title}: failed`);
  }
  passed++;
}

// Unit tests.
const vitestJson = join(root, '.cache', 'vitest-results.json');
rmSync(vitestJson, { force: true });
console.log('\n▶ unit tests');
const unitStatus = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
const unit = readJson(vitestJson);
passed += unit?.numPassedTests ?? 0;
failed += unit?.numFailedTests ?? 0;
if (unitStatus !== 0) fail('unit tests');

// Browser tests against the real server and a fresh database.
step('build', () => ensureBuild());
const e2eJson = join(root, '.cache', 'playwright-results.json');
rmSync(e2eJson, { force: true });
console.log('\n▶ browser tests');
// two workers, each with its own server and database (playwright.config.ts)
const e2eStatus = run(bin('playwright'), ['test'], { env: { ...process.env, E2E_WORKERS: process.env.E2E_WORKERS ?? '2' } });
const e2e = readJson(e2eJson);
passed += (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
failed += e2e?.stats?.unexpected ?? 0;
if (e2eStatus !== 0) fail('browser tests');
finish();
