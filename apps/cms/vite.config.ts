/**
 * The cms sub-app, built on its own (DESIGN.md §2) into the folder layout deployed under
 * `pages/` (spec §2, §7):
 *
 *   cms/manifest.json                '{fileId}.js' / '{fileId}.css' → asset URLs (spec §3)
 *   cms/pc_cms_tm/index.html         the teacher app page; pc_cms_spm the parent one (spec §2)
 *   cms/mobile_cms_tm/index.html     their phone equivalents, mobile_cms_tm and mobile_cms_spm
 *                                    (spec §2 "the mobile equivalent exists")
 *   cms/assets/…                     the hashed scripts and stylesheets
 *   cms/package.json                 name, appVersion, serverVersion, packageDate (spec §3, §7)
 *   cms/lang/en-cms.json             the English language file (spec §7)
 *   cms-version/version.json         the release notes (spec §7)
 *
 * Every shared specifier (React, react-router, the SDK, the ui package) becomes the URL of the
 * runtime module the portal serves, and stays external (DESIGN.md §2: loaded once per page).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { runtimePageHtml, sharedRuntimePlugin } from '../runtime/shared-modules.mjs';

const root = import.meta.dirname;
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  version: string;
  campus: { code: string; serverVersion: string };
};
const CODE = pkg.campus.code;
/**
 * The files of this app: one per page variant (spec §2 pc_{code}_tm / pc_{code}_spm, and the
 * mobile_ pages the mobile desktop opens, app-paths.ts).
 */
const FILES: Record<string, { entry: string; title: string }> = {
  [`pc_${CODE}_tm`]: { entry: 'src/tm/main.tsx', title: '信息发布 · 教师' },
  [`pc_${CODE}_spm`]: { entry: 'src/spm/main.tsx', title: '信息发布 · 家长' },
  [`mobile_${CODE}_tm`]: { entry: 'src/mobile-tm/main.tsx', title: '信息发布 · 教师' },
  [`mobile_${CODE}_spm`]: { entry: 'src/mobile-spm/main.tsx', title: '信息发布 · 家长' },
};
const PAGES_ROOT = 'pages';

/** The release notes shown by the About dialog (spec §3 version record). */
const RELEASES = [
  {
    version: pkg.version,
    date: '2026-11-22',
    metto: [
      { cn: '教师发布通知，查看阅读统计', en: 'Teachers publish notices and see read counts' },
      { cn: '家长按孩子查看并签收通知', en: 'Parents read notices for the chosen child' },
    ],
  },
];

function deployLayout(): Plugin {
  return {
    name: 'campus-subapp-layout',
    generateBundle(_options, bundle) {
      /** The stylesheets an entry needs: its own and those of the chunks it imports. */
      const cssOf = (fileName: string, seen = new Set<string>()): string[] => {
        const chunk = bundle[fileName];
        if (!chunk || chunk.type !== 'chunk' || seen.has(fileName)) return [];
        seen.add(fileName);
        return [
          ...chunk.imports.flatMap((imported) => cssOf(imported, seen)),
          ...(chunk.viteMetadata?.importedCss ?? []),
        ];
      };
      /** Joined sheets by content hash: files that need the same sheets share one. */
      const joined = new Map<string, string>();
      /** One stylesheet made of several, emitted as `joined-{hash}.css`; returns its name. */
      const joinSheets = (fileId: string, sheets: string[]): string => {
        const source = sheets
          .map((name) => {
            const asset = bundle[name];
            if (!asset || asset.type !== 'asset') this.error(`${fileId}: no stylesheet ${name}`);
            return typeof asset.source === 'string'
              ? asset.source
              : new TextDecoder().decode(asset.source);
          })
          .join('\n');
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        const known = joined.get(hash);
        if (known) return known;
        const fileName = `${CODE}/assets/joined-${hash}.css`;
        this.emitFile({ type: 'asset', fileName, source });
        joined.set(hash, fileName);
        return fileName;
      };
      const manifest: Record<string, string> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry || !(chunk.name in FILES)) continue;
        manifest[`${chunk.name}.js`] = `/${PAGES_ROOT}/${chunk.fileName}`;
        // Spec §3 gives one stylesheet per file. The pc files need only the shared sheet; a
        // phone file needs the phone sheet on top of it, so the two are joined, in import order.
        const css = [...new Set(cssOf(chunk.fileName))];
        const sheet = css.length > 1 ? joinSheets(chunk.name, css) : css[0];
        if (sheet) manifest[`${chunk.name}.css`] = `/${PAGES_ROOT}/${sheet}`;
      }
      const emit = (fileName: string, source: string) =>
        this.emitFile({ type: 'asset', fileName, source });
      emit(`${CODE}/manifest.json`, `${JSON.stringify(manifest, null, 2)}\n`);
      for (const [fileId, file] of Object.entries(FILES)) {
        emit(`${CODE}/${fileId}/index.html`, runtimePageHtml({ title: file.title }));
      }
      emit(
        `${CODE}/package.json`,
        `${JSON.stringify(
          {
            name: CODE,
            appVersion: pkg.version,
            serverVersion: pkg.campus.serverVersion,
            packageDate: RELEASES[0]?.date ?? '',
          },
          null,
          2,
        )}\n`,
      );
      emit(
        `${CODE}/lang/en-${CODE}.json`,
        fs.readFileSync(path.join(root, 'src', 'lang', `en-${CODE}.json`), 'utf8'),
      );
      emit(`${CODE}-version/version.json`, `${JSON.stringify(RELEASES, null, 2)}\n`);
    },
  };
}

export default defineConfig({
  root,
  base: `/${PAGES_ROOT}/`,
  publicDir: false,
  plugins: [sharedRuntimePlugin(), react(), deployLayout()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      input: Object.fromEntries(
        Object.entries(FILES).map(([fileId, file]) => [fileId, path.join(root, file.entry)]),
      ),
      // The entries are modules the viewport imports: keep their `mount` export.
      preserveEntrySignatures: 'exports-only',
      treeshake: { manualPureFunctions: ['Type', 'EnvelopeSchema'] },
      output: {
        entryFileNames: `${CODE}/assets/[name]-[hash].js`,
        chunkFileNames: `${CODE}/assets/[name]-[hash].js`,
        assetFileNames: `${CODE}/assets/[name]-[hash][extname]`,
      },
    },
  },
});
