import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Web edition: the same renderer as the desktop app, served by the CRM server from out/web.
// The renderer picks its bridge at runtime (window.crm present → desktop, otherwise → web).
const rendererRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = resolve(rendererRoot, '../..');

export default defineConfig({
  root: rendererRoot,
  base: '/',
  plugins: [react()],
  build: {
    outDir: resolve(repoRoot, 'out/web'),
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      input: { index: resolve(rendererRoot, 'index.html') },
    },
  },
});
