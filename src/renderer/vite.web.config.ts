import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { viteAliases } from '../../scripts/lib/path-aliases';

// Web edition: the same renderer as the desktop app, served by the CRM server from out/web.
// The renderer picks its bridge at runtime (window.crm present → desktop, otherwise → web).
const rendererRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = resolve(rendererRoot, '../..');

export default defineConfig({
  root: rendererRoot,
  base: '/',
  plugins: [react()],
  resolve: { alias: viteAliases(repoRoot) },
  build: {
    outDir: resolve(repoRoot, 'out/web'),
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      input: { index: resolve(rendererRoot, 'index.html') },
    },
  },
});
