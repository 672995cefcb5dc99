/**
 * Two pages, built as separate entries so the login page carries no desktop code
 * (DESIGN.md §1 weight budget). The server serves dist/login.html and dist/desktop.html at
 * the paths of @campus/contracts/pages and the hashed files under /assets/.
 */
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = import.meta.dirname;

export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // The contracts build TypeBox schemas at module level for the server; the pages use
        // only their constants and types. Marking the schema builders pure lets unused
        // schemas, and TypeBox itself, drop out of the browser bundles.
        manualPureFunctions: ['Type', 'EnvelopeSchema'],
      },
      input: {
        login: path.join(root, 'login.html'),
        desktop: path.join(root, 'desktop.html'),
      },
    },
  },
});
