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

const CLI_NAME = 'cli.mjs';

/** The admin CLI's bundle, built beside the server's by {@link buildServer}. */
export const CLI_BUNDLE = path.join(repoRoot, 'server', 'dist', CLI_NAME);

/** Files read at run time from the folder of the module that reads them. */
const BESIDE_MODULES = [
  'server/src/modules/pages/dead-end.css',
  // Started as a Worker from new URL('./face-worker.mjs', import.meta.url), which esbuild leaves as it is.
  'server/src/modules/face/face-worker.mjs',
  // The same for the password threads (password-threads.ts).
  'server/src/modules/uaa/password-worker.mjs',
];

/**
 * @param {string} [outfile] where the bundle goes (default {@link SERVER_BUNDLE}); it must stay
 *   inside the repository, where its package imports resolve to node_modules.
 */
export async function buildServer(outfile = SERVER_BUNDLE) {
  const outdir = path.dirname(outfile);
  fs.rmSync(outdir, { recursive: true, force: true });
  await bundle(path.join(repoRoot, 'server', 'src', 'main.ts'), outfile);
  // The admin CLI beside it (`node server/dist/cli.mjs …`, what `npm run admin` runs through
  // tsx): a production machine needs no transpiler for it either, and it starts in about a
  // third of the CPU (the e2e fixtures run it dozens of times).
  await bundle(path.join(repoRoot, 'server', 'src', 'cli', 'main.ts'), path.join(outdir, CLI_NAME));
  for (const file of BESIDE_MODULES) {
    fs.copyFileSync(path.join(repoRoot, file), path.join(outdir, path.basename(file)));
  }
  return outfile;
}

/** One entry and the workspace packages it imports, as one ES module; installed packages external. */
async function bundle(entry, outfile) {
  await build({
    entryPoints: [entry],
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
}

if (isMain(import.meta.url)) {
  const started = performance.now();
  const bundle = await buildServer();
  const kb = Math.round(fs.statSync(bundle).size / 1024);
  console.log(
    `[build-server] ${path.relative(repoRoot, bundle)} (${kb} kB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
