// `npm start`: install what is missing, build what changed, serve everything from this process.
import { rmSync } from 'node:fs';
import { ensureBuild, ensureDependencies } from './ensure.mjs';

try {
  ensureDependencies();
  // CONSOLE_DIR: the caller serves a console it built itself (parallel e2e runs); dist/ stays as it is
  if (!process.env.CONSOLE_DIR) ensureBuild();
} catch (error) {
  console.error(`npm start: ${error.message}`);
  process.exit(1);
}
if (process.env.FRESH_DATA && process.env.DATA_DIR) rmSync(process.env.DATA_DIR, { recursive: true, force: true });

const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');
