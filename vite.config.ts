import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The console (and the builder, code-split from it) is the one browser app Vite builds.
// Unit tests run under Vitest with the same config: Node by default, jsdom per file
// (`// @vitest-environment jsdom`).
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/console', emptyOutDir: true, sourcemap: true },
  server: { port: 5173, proxy: { '/api': 'http://localhost:4000', '/data': 'http://localhost:4000', '/auth': 'http://localhost:4000' } },
  test: {
    include: ['{renderers,presets,builder,src,server,scripts,tests}/**/*.test.{ts,tsx}'],
    exclude: ['node_modules', 'dist', 'tests/e2e/**'],
    // migrated database templates every suite's database starts from
    globalSetup: ['tests/helpers/db-templates.ts'],
    environment: 'node',
    // a worker's files share its modules (transformed and imported once, not per file) and its
    // databases (tests/helpers/db.ts empties them for each file): the files keep no state of their own
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
