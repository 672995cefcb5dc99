/**
 * Three pages, built as separate entries so the login page carries no desktop code (DESIGN.md §1
 * weight budget). The server serves dist/login.html, dist/desktop.html and dist/admin.html at the
 * paths of @campus/contracts/pages and the hashed files under /assets/.
 *
 * The admin console (issue 13 §1) is a second build into the same folder (`--mode admin`,
 * package.json): built beside the other two, the chunks it shares with the desktop split the
 * desktop's own into more, smaller ones and made the desktop 5 kB gz heavier and the login page
 * 0.25 kB (measured); built apart, the login and desktop pages come out as they were. The
 * console then carries its own copy of React and antd, which only administrators download.
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

const pageInputs = {
  login: path.join(root, 'login.html'),
  desktop: path.join(root, 'desktop.html'),
};
const adminInputs = { admin: path.join(root, 'admin.html') };

export default defineConfig(({ mode }) => {
  const admin = mode === 'admin';
  return {
    root,
    base: '/',
    plugins: admin ? [react()] : [react(), desktopVersionFiles()],
    resolve: {
      // The contracts' TypeBox schemas are for the server; the pages get inert ones
      // (src/shared/typebox-inert.ts, docs/decisions.md), which keeps TypeBox's type engine,
      // about 12 kB gz, out of every page.
      alias: [
        { find: /^typebox$/, replacement: path.join(root, 'src', 'shared', 'typebox-inert.ts') },
      ],
    },
    build: {
      outDir: 'dist',
      // The admin build runs second and adds to what the first wrote.
      emptyOutDir: !admin,
      // bench/bundle-size.mjs reads the login and desktop pages from the first manifest.
      manifest: admin ? '.vite/admin-manifest.json' : true,
      rolldownOptions: {
        treeshake: {
          // The contracts build TypeBox schemas at module level for the server; the pages use
          // only their constants and types. Marking the schema builders pure lets unused
          // schemas, and TypeBox itself, drop out of the browser bundles.
          manualPureFunctions: ['Type', 'EnvelopeSchema'],
        },
        input: admin ? adminInputs : pageInputs,
      },
    },
  };
});
