// Shared by `npm start` and `npm test`: plain Node, no dependencies (it runs before any install).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, dirname, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const installStamp = join(root, 'node_modules', '.loyalty-studio-install');

const hashFiles = (paths) => {
  const hash = createHash('sha256');
  // paths relative to the checkout: the stamp holds wherever the checkout (or a copy of node_modules) lives
  for (const path of paths) {
    hash.update(relative(root, path));
    hash.update(readFileSync(path));
  }
  return hash.digest('hex');
};

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status ?? 1;
}

const manifests = () => hashFiles([join(root, 'package.json'), join(root, 'package-lock.json')].filter(existsSync));

/** Installs npm packages only when package-lock.json changed since the last install. */
export function ensureDependencies() {
  if (existsSync(installStamp) && readFileSync(installStamp, 'utf8') === manifests()) return;
  console.log('Installing npm packages…');
  // `npm install` (not `npm ci`): npm 11 rejects this lock file's optional native bindings in `ci`.
  const status = run('npm', ['install', '--no-audit', '--no-fund']);
  if (status !== 0) throw new Error('npm install failed');
  writeFileSync(installStamp, manifests());
}

/** Debian's chromium for browser tests: installed with apt as root, otherwise a clear stop. */
export function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  if (process.getuid?.() !== 0) {
    throw new Error('Browser tests need Debian\'s "chromium" package: run `sudo apt-get install -y chromium`.');
  }
  console.log('Installing Debian package chromium…');
  run('apt-get', ['update', '-qq']);
  if (
    run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }) !== 0 ||
    !existsSync('/usr/bin/chromium')
  ) {
    throw new Error('apt-get could not install the "chromium" package');
  }
}

const BUILD_INPUTS = ['index.html', 'vite.config.ts', 'package-lock.json', 'console', 'builder', 'renderers', 'presets', 'public'];
const buildStamp = join(root, 'dist', '.build-stamp');

function* walk(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) if (!entry.includes('.test.')) yield* walk(join(path, entry));
  } else yield path;
}

/** Builds the browser bundles only when one of their inputs changed. */
export function ensureBuild({ force = false } = {}) {
  const wanted = hashFiles(BUILD_INPUTS.flatMap((p) => [...walk(join(root, p))]));
  if (!force && existsSync(buildStamp) && readFileSync(buildStamp, 'utf8') === wanted) return;
  console.log('Building…');
  if (run('npm', ['run', '--silent', 'build']) !== 0) throw new Error('build failed');
  mkdirSync(dirname(buildStamp), { recursive: true });
  writeFileSync(buildStamp, wanted);
}
