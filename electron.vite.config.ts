import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { viteAliases } from './scripts/lib/path-aliases';
import { contentSecurityPolicy } from './src/main/security-policy';

/**
 * The packaged renderer is a file:// page, where response headers cannot carry a CSP: the built
 * index.html gets it as a meta tag instead (not in dev, where Vite injects an inline preamble).
 */
function cspMeta(): Plugin {
  return {
    name: 'crm-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy(null) },
        injectTo: 'head-prepend',
      },
    ],
  };
}

const root = fileURLToPath(new URL('.', import.meta.url));

const alias = viteAliases(root);

export default defineConfig({
  main: {
    resolve: { alias },
    build: {
      outDir: resolve(root, 'out/main'),
      // Dependencies (keytar, argon2, electron-store, electron-updater, ...) stay external and are
      // loaded from node_modules at runtime, so native modules are never bundled.
      externalizeDeps: true,
      rollupOptions: {
        // The embedded CRM server is its own runtime: the main process forks it as a utility process.
        input: {
          index: resolve(root, 'src/main/index.ts'),
          embedded: resolve(root, 'src/server/cli/embedded.ts'),
          // The importer parses a chosen file in a worker thread of the main process.
          'import-parse-worker': resolve(root, 'src/main/import-parse-worker.ts'),
        },
      },
    },
  },
  preload: {
    resolve: { alias },
    build: {
      outDir: resolve(root, 'out/preload'),
      // A sandboxed preload can only require('electron') and a few built-ins, so everything it
      // imports (including src/shared) is bundled into a single CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(root, 'src/preload/index.ts') },
        output: {
          format: 'cjs',
          entryFileNames: '[name].cjs',
          inlineDynamicImports: true,
        },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src/renderer'),
    plugins: [react(), cspMeta()],
    resolve: { alias },
    build: {
      outDir: resolve(root, 'out/renderer'),
      rollupOptions: {
        input: { index: resolve(root, 'src/renderer/index.html') },
      },
    },
  },
});
