#!/usr/bin/env node
/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of a build, so
 * the server sends pages and modules compressed without compressing them on every request
 * (@fastify/static's `preCompressed`). At the first bell a school's server sends the desktop's
 * and the shared runtime's modules to every user: compressing them per request cost about a
 * tenth of a second of CPU per page load (docs/decisions.md). A file whose copies would not be
 * smaller is left alone, and the server sends it as it is.
 *
 *   node scripts/precompress.mjs <folder> [<folder> …]
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** What compresses well: text. Images, fonts, WebAssembly and model weights are left alone. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt)$/;
/** Below this, the headers cost more than the bytes saved (as @fastify/compress's threshold). */
const MIN_BYTES = 1024;
/**
 * Brotli quality 10: measured on the whole build (7.3 MB), 1.86 MB in 5 s of CPU, against
 * 1.83 MB in 12 s at 11 and 2.02 MB in 0.3 s at the quality 4 a per-request compressor uses.
 */
const BROTLI_QUALITY = 10;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function* compressibleFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* compressibleFiles(file);
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) yield file;
  }
}

async function precompressFile(file) {
  const bytes = await fs.promises.readFile(file);
  if (bytes.length < MIN_BYTES) return 0;
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: 9 }),
  ]);
  let written = 0;
  for (const [suffix, copy] of [
    ['.br', br],
    ['.gz', gz],
  ]) {
    if (copy.length >= bytes.length) continue;
    await fs.promises.writeFile(file + suffix, copy);
    written += 1;
  }
  return written;
}

/**
 * Precompresses every compressible file under `dir` (the zlib work runs on libuv's threads, a
 * few files at once). Answers how many copies were written.
 */
export async function precompressDir(dir) {
  const files = [...compressibleFiles(dir)];
  let written = 0;
  const next = async () => {
    for (let file = files.pop(); file; file = files.pop()) {
      const copies = await precompressFile(file);
      written += copies;
    }
  };
  await Promise.all(Array.from({ length: 4 }, next));
  return written;
}

// Run as a script (ensure.mjs imports this module, so it takes nothing from there).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  for (const dir of process.argv.slice(2)) {
    const written = await precompressDir(path.resolve(dir));
    console.log(`[precompress] ${dir}: ${written} compressed copies`);
  }
}
