/**
 * The shared runtime (DESIGN.md §2): one ES module per bare specifier of shared-modules.mjs,
 * under /common/plugins/common-ph/{version}/js/, with the heavy code in content-hashed chunks
 * (cached for good) and the entry files as stable names the import map points at. Also emitted:
 * the runtime stylesheet, the shared language file of spec §7 (`lang/en-ph.json`), the theme
 * stylesheets of spec §7 (`css/{name}.css`), the import map itself, and the viewport page.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { RUNTIME_BASE, importMap, runtimePageHtml, sharedModules } from './shared-modules.mjs';

const root = import.meta.dirname;
const require = createRequire(import.meta.url);
const VIRTUAL_PREFIX = '\0campus-runtime:';
/** Output paths are relative to dist/, which the server serves at the site root. */
const base = RUNTIME_BASE.slice(1);

/** An identifier that may be exported by name (drops `default` and interop markers). */
const exportable = (key: string) =>
  /^[A-Za-z_$][\w$]*$/.test(key) && key !== 'default' && key !== '__esModule';

/** The ES source of a shared third-party package's entry, naming every export. */
async function packageEntrySource(
  specifier: string,
  format: 'cjs' | 'esm',
  only?: readonly string[],
): Promise<string> {
  if (format === 'cjs') {
    const keys = Object.keys(require(specifier) as object).filter(exportable);
    return `import M from ${JSON.stringify(specifier)};\nexport default M;\nexport const { ${keys.join(', ')} } = M;\n`;
  }
  const all = Object.keys((await import(specifier)) as object).filter(exportable);
  const missing = (only ?? []).filter((name) => !all.includes(name));
  if (missing.length) throw new Error(`${specifier} has no export ${missing.join(', ')}`);
  const keys = only ?? all;
  return `export { ${keys.join(', ')} } from ${JSON.stringify(specifier)};\n`;
}

function runtimeEntries(): Plugin {
  const modules = sharedModules();
  return {
    name: 'campus-runtime-entries',
    resolveId(id) {
      return id.startsWith(VIRTUAL_PREFIX) ? id : null;
    },
    async load(id) {
      if (!id.startsWith(VIRTUAL_PREFIX)) return null;
      const specifier = id.slice(VIRTUAL_PREFIX.length);
      const entry = modules.find((m) => m.specifier === specifier);
      if (!entry || entry.source.kind !== 'package') return null;
      return packageEntrySource(specifier, entry.source.format, entry.source.exports);
    },
    generateBundle() {
      const emit = (fileName: string, source: string) =>
        this.emitFile({ type: 'asset', fileName, source });
      emit(`${base}/importmap.json`, `${JSON.stringify(importMap(), null, 2)}\n`);
      for (const file of fs.readdirSync(path.join(root, 'src', 'lang'))) {
        emit(`${base}/lang/${file}`, fs.readFileSync(path.join(root, 'src', 'lang', file), 'utf8'));
      }
      for (const file of fs.readdirSync(path.join(root, 'src', 'themes'))) {
        emit(
          `${base}/css/${file}`,
          fs.readFileSync(path.join(root, 'src', 'themes', file), 'utf8'),
        );
      }
      // The viewport page (spec §2): sub-apps by `?app=…&fileId=…`, switched without a reload.
      emit('viewport.html', runtimePageHtml({ title: 'Campus Portal' }));
    },
  };
}

const input = Object.fromEntries(
  sharedModules().map((m) => [
    m.name,
    m.source.kind === 'file' ? m.source.file : `${VIRTUAL_PREFIX}${m.specifier}`,
  ]),
);

/**
 * react-router's package exports point every condition at its development build; the
 * production build beside it drops the dev-only warnings (smaller, same API).
 */
const reactRouterProduction = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist',
  'production',
  'index.mjs',
);

export default defineConfig({
  root,
  base: '/',
  publicDir: false,
  resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] },
  plugins: [react(), runtimeEntries()],
  // The uploader's md5 Worker beside the runtime's chunks: the server serves the runtime under
  // /common/ only, so Vite's default /assets/ would answer 404 and hashing fall back to the page.
  worker: {
    rolldownOptions: { output: { entryFileNames: `${base}/js/chunks/[name]-[hash].js` } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    cssCodeSplit: false,
    rolldownOptions: {
      input,
      // Every export of every entry stays: sub-apps may import any of them by name.
      preserveEntrySignatures: 'strict',
      treeshake: { manualPureFunctions: ['Type', 'EnvelopeSchema'] },
      output: {
        entryFileNames: `${base}/js/[name].js`,
        chunkFileNames: `${base}/js/chunks/[name]-[hash].js`,
        assetFileNames: (asset) =>
          asset.names.some((n) => n.endsWith('.css'))
            ? `${base}/css/ph-ui.css`
            : `${base}/assets/[name]-[hash][extname]`,
      },
    },
  },
});
