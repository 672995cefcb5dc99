/**
 * Two pages, built as separate entries so the login page carries no desktop code
 * (DESIGN.md §1 weight budget). The server serves dist/login.html and dist/desktop.html at
 * the paths of @campus/contracts/pages and the hashed files under /assets/.
 *
 * Built with `--configLoader runner` (package.json): this file imports @campus/contracts, whose
 * TypeScript sources Node cannot load as they are.
 */
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { DESKTOP_VERSION_FILES } from '@campus/contracts/pages';

const root = import.meta.dirname;

/**
 * Writes the desktop's spec §7 version files (package info and release notes) from the one
 * list the About dialog also carries built in (src/desktop/footer/desktop-version.json), so a
 * deployment serves them at the spec's paths and the two never disagree.
 */
function desktopVersionFiles(): Plugin {
  return {
    name: 'campus-desktop-version-files',
    apply: 'build',
    generateBundle() {
      const source = path.join(root, 'src', 'desktop', 'footer', 'desktop-version.json');
      const versions = JSON.parse(fs.readFileSync(source, 'utf8')) as {
        package: unknown;
        releases: unknown;
      };
      const [packageFile, releasesFile] = DESKTOP_VERSION_FILES;
      for (const [file, data] of [
        [packageFile.file, versions.package],
        [releasesFile.file, versions.releases],
      ] as const) {
        this.emitFile({
          type: 'asset',
          fileName: file,
          source: `${JSON.stringify(data, null, 2)}\n`,
        });
      }
    },
  };
}

export default defineConfig({
  root,
  base: '/',
  plugins: [react(), desktopVersionFiles()],
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
