import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const TEST_FOLDERS = ['renderers', 'presets', 'builder', 'console', 'server', 'scripts', 'tests'];
const TESTS = '{renderers,presets,builder,console,server,scripts,tests}/**/*.test.{ts,tsx}';

/**
 * Test files that keep state outside a database: a browser environment (`// @vitest-environment
 * jsdom`: its document, storage and the console's stores) or mocked modules (`vi.mock`). They run
 * isolated, each with fresh modules; every other file shares its worker's modules and databases.
 */
function statefulTestFiles(): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && path !== join('tests', 'e2e')) walk(path);
      } else if (/\.test\.tsx?$/.test(entry.name) && /@vitest-environment jsdom|vi\.mock\(/.test(readFileSync(path, 'utf8'))) files.push(path);
    }
  };
  for (const folder of TEST_FOLDERS) walk(folder);
  return files;
}

// The console (and the builder, code-split from it) is the one browser app Vite builds.
// Unit tests run under Vitest with the same config: Node by default, jsdom per file
// (`// @vitest-environment jsdom`).
export default defineConfig(({ mode }) => {
  const stateful = mode === 'test' ? statefulTestFiles() : [];
  return {
    plugins: [react()],
    build: { outDir: 'dist/console', emptyOutDir: true, sourcemap: true },
    server: { port: 5173, proxy: { '/api': 'http://localhost:4000', '/data': 'http://localhost:4000', '/auth': 'http://localhost:4000' } },
    test: {
      exclude: ['node_modules', 'dist', 'tests/e2e/**'],
      // migrated database templates every suite's database starts from
      globalSetup: ['tests/helpers/db-templates.ts'],
      // each source file's transform is kept on disk (node_modules/.experimental-vitest-cache, by
      // file content and config) for the next run: a single route test file takes a quarter less CPU
      experimental: { fsModuleCache: true },
      environment: 'node',
      // PGlite's PostgreSQL is WebAssembly: by default V8 compiles each of its busy functions a
      // second time with its optimizing compiler, on background threads, and a test process is
      // over before that pays back. Its baseline code only: a route test file's fixture seed 2.1 →
      // 0.4 s CPU, the file 11.8 → 9.5 s CPU, and 40 rounds of empty-and-seed take the same time
      execArgv: ['--liftoff-only'],
      // one worker per core (Vitest's default leaves one core idle: on 2 cores, one worker)
      maxWorkers: availableParallelism(),
      // budgets that only catch a hang: tests wait on state, and a busy machine (CI beside other
      // work) can take many times an idle one's time for a PGlite load or a seeded store
      testTimeout: 120_000,
      hookTimeout: 300_000,
      projects: [
        // a worker's files share its modules (transformed and imported once, not per file) and its
        // databases (tests/helpers/db.ts empties them for each file): these files keep no other state
        { extends: true, test: { name: 'shared', include: [TESTS], exclude: ['node_modules', 'dist', 'tests/e2e/**', ...stateful], isolate: false } },
        { extends: true, test: { name: 'isolated', include: stateful.length > 0 ? stateful : ['no-stateful-tests'], isolate: true } },
      ],
    },
  };
});
