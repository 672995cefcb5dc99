#!/usr/bin/env node
/**
 * The server's production build (issue 15 §4): server/src/main.ts and the workspace packages it
 * imports (@campus/contracts, @campus/sdk: TypeScript sources) bundled by esbuild into one
 * ES module, `server/dist/main.mjs`, which plain `node` runs with no transpiler at run time
 * (`npm run start:prod`). Every other package stays an import of node_modules, resolved from
 * server/ as in development. The files the server reads beside its modules are copied along.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { isMain, repoRoot } from './ensure.mjs';

export const SERVER_BUNDLE = path.join(repoRoot, 'server', 'dist', 'main.mjs');

/** Files read at run time from the folder of the module that reads them. */
const BESIDE_MODULES = ['server/src/modules/pages/dead-end.css'];

/**
 * @param {string} [outfile] where the bundle goes (default {@link SERVER_BUNDLE}); it must stay
 *   inside the repository, where its package imports resolve to node_modules.
 */
export async function buildServer(outfile = SERVER_BUNDLE) {
  const outdir = path.dirname(outfile);
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(repoRoot, 'server', 'src', 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    // Bundled: our own sources and workspace packages. External: every installed package.
    plugins: [
      {
        name: 'node-modules-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@campus/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  for (const file of BESIDE_MODULES) {
    fs.copyFileSync(path.join(repoRoot, file), path.join(outdir, path.basename(file)));
  }
  return outfile;
}

if (isMain(import.meta.url)) {
  const started = performance.now();
  const bundle = await buildServer();
  const kb = Math.round(fs.statSync(bundle).size / 1024);
  console.log(
    `[build-server] ${path.relative(repoRoot, bundle)} (${kb} kB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
