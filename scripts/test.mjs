// `npm test`: every check in order, stopping at the first failure, then one closing line
// `N passed, N failed` that counts checks, unit tests and browser tests.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuild, ensureChromium, ensureDependencies, root, run } from './ensure.mjs';

let passed = 0;
let failed = 0;

/**
 * CPU seconds of this process and of the processes it waited for (Linux's /proc/self/stat:
 * utime, stime, cutime, cstime in clock ticks of 1/100 s); null where there is no /proc.
 */
const cpuSeconds = () => {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
  } catch {
    return null;
  }
};
const mark = () => ({ wall: performance.now(), cpu: cpuSeconds() });
const runStarted = mark();
/**
 * One line with the wall and CPU time since `from`: what each stage of the loop costs on this
 * machine. Wall time only where processes outlive their parent's wait (the browser stage's
 * servers, which Playwright stops): their CPU would be missing.
 */
const timing = (title, from, { cpu: withCpu = true } = {}) => {
  const now = mark();
  const cpu = withCpu && now.cpu !== null && from.cpu !== null ? `, ${Math.round(now.cpu - from.cpu)} s CPU` : '';
  console.log(`⏱ ${title}: ${Math.round((now.wall - from.wall) / 1000)} s wall${cpu}`);
};
const finish = () => {
  timing('npm test', runStarted, { cpu: false });
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

let started = mark();
step('install', () => {
  ensureDependencies();
  ensureChromium();
});
timing('install', started);
mkdirSync(join(root, '.cache'), { recursive: true });

// The four checks are independent: they run side by side (each mostly on one core) and report
// in this order, each with its own output.
started = mark();
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
timing('checks', started);

// Unit tests.
const vitestJson = join(root, '.cache', 'vitest-results.json');
rmSync(vitestJson, { force: true });
console.log('\n▶ unit tests');
started = mark();
const unitStatus = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
const unit = readJson(vitestJson);
passed += unit?.numPassedTests ?? 0;
failed += unit?.numFailedTests ?? 0;
timing('unit tests', started);
if (unitStatus !== 0) fail('unit tests');

// Browser tests against the real server and a fresh database.
started = mark();
step('build', () => ensureBuild());
timing('build', started);
const e2eJson = join(root, '.cache', 'playwright-results.json');
rmSync(e2eJson, { force: true });
console.log('\n▶ browser tests');
started = mark();
// two workers, each with its own server and database (playwright.config.ts)
const e2eStatus = run(bin('playwright'), ['test'], { env: { ...process.env, E2E_WORKERS: process.env.E2E_WORKERS ?? '2' } });
const e2e = readJson(e2eJson);
passed += (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
failed += e2e?.stats?.unexpected ?? 0;
timing('browser tests', started, { cpu: false });
if (e2eStatus !== 0) fail('browser tests');
finish();
