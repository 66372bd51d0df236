/**
 * Build of the storefront embed: `vite build -c renderers/embed/vite.config.ts` → `dist/embed/`.
 * 1. the widget panel module (`panel-[hash].js`, ES module, React aliased to preact/compat),
 *    fetched by the loader on the first open of the widget;
 * 2. then the loader (`loader.js`, a classic-script IIFE, stable name), which learns the panel's
 *    hashed file name at build time. `manifest.json` names both for the server and the bench.
 * No source maps, so the files measured are the files served.
 */
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, type Alias, type Plugin } from 'vite';
import { pureModuleConstants } from './pure-annotations.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
/** dist/embed, or `EMBED_DIR` (the folder the server serves the embed from) */
export const EMBED_OUT_DIR = resolve(root, process.env.EMBED_DIR ?? 'dist/embed');

const ALIASES: Alias[] = [
  { find: /^zod$/, replacement: resolve(here, 'zod-stub.ts') },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/** The renderers' modules have no side effects at load: a module nothing uses drops out. */
const treeshake = { moduleSideEffects: (id: string) => !id.startsWith(resolve(root, 'renderers')), propertyReadSideEffects: false as const };
/** The loader draws with plain DOM: Preact, imported beside helpers it uses, must not come along. */
const loaderTreeshake = {
  ...treeshake,
  moduleSideEffects: (id: string) => !id.startsWith(resolve(root, 'renderers')) && !id.includes('/node_modules/preact/'),
};

const shared = {
  root,
  logLevel: 'warn' as const,
  resolve: { alias: ALIASES },
  plugins: [pureModuleConstants(resolve(root, 'renderers'))],
  define: { 'process.env.NODE_ENV': '"production"' },
};

/**
 * Builds `loader.js` (IIFE) into `outDir`, pointing it at the panel module `panelFile`. It holds
 * code only: its stylesheet travels in the bootstrap answer.
 */
export async function buildLoader(options: { outDir: string; panelFile: string }): Promise<void> {
  await build({
    ...shared,
    configFile: false,
    define: {
      ...shared.define,
      LS_EMBED_PANEL_FILE: JSON.stringify(options.panelFile),
    },
    build: {
      outDir: options.outDir,
      emptyOutDir: false,
      sourcemap: false,
      target: 'es2020',
      copyPublicDir: false,
      lib: { entry: resolve(here, 'loader-entry.ts'), formats: ['iife'], name: 'LoyaltyStudioEmbed', fileName: () => 'loader.js' },
      rollupOptions: { treeshake: loaderTreeshake },
    },
  });
}

/** After the panel build: builds the loader with the panel's file name and writes the manifest. */
function loaderBuild(): Plugin {
  let panelFile = '';
  return {
    name: 'loyalty-studio-embed-loader',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
      if (entry) panelFile = entry.fileName;
    },
    async closeBundle() {
      if (!panelFile) throw new Error('embed build: no panel entry was produced');
      await buildLoader({ outDir: EMBED_OUT_DIR, panelFile });
      writeFileSync(resolve(EMBED_OUT_DIR, 'manifest.json'), `${JSON.stringify({ loader: 'loader.js', panel: panelFile }, null, 2)}\n`);
    },
  };
}

export default defineConfig({
  ...shared,
  plugins: [...shared.plugins, loaderBuild()],
  build: {
    outDir: EMBED_OUT_DIR,
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2020',
    copyPublicDir: false,
    modulePreload: false,
    rollupOptions: {
      input: { panel: resolve(here, 'panel.tsx') },
      preserveEntrySignatures: 'exports-only',
      treeshake,
      output: { format: 'es', entryFileNames: '[name]-[hash].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
