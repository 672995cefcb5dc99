#!/usr/bin/env node
/**
 * md5 throughput in Chromium (issue 11 "bench/md5"): the SDK's Worker hasher (`computeMd5`:
 * hash-wasm in a Web Worker, the file read as a stream with progress per 2 MB, spec §9; the
 * 2 MB sliced read beside it) against spark-md5, the long-standing
 * JavaScript peer, used as its README shows (`SparkMD5.ArrayBuffer`, `append` per 2 MB slice
 * read with FileReader, on the page's thread), over the same 1 GiB of pseudo-random bytes
 * generated in the page (kept as a file of the origin-private file system), in the same run. Both digests must agree. Goal: at least 5×.
 *
 * The page is built with Vite exactly as the apps build the SDK (default worker options), so
 * the run also proves the Worker is bundled and loads: the script fails if the hasher fell back
 * to the main thread or to JavaScript.
 *
 *   npm run md5 -w @campus/bench      or      node bench/md5.mjs [--mib 1024]
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/fixtures/chromium-flags.mjs';
import { repoRoot } from '../scripts/ensure.mjs';

const require = createRequire(import.meta.url);
const argMib = process.argv.indexOf('--mib');
const MIB = argMib > 0 ? Number(process.argv[argMib + 1]) : 1024;
const GOAL = 5;

/** The benchmark page: its HTML and the module that exposes both hashers to the test. */
function writePage(dir) {
  const md5Module = path.join(repoRoot, 'packages', 'sdk', 'src', 'upload', 'md5.ts');
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><meta charset="utf-8"><title>md5 bench</title><script type="module" src="./main.js"></script>',
  );
  fs.writeFileSync(
    path.join(dir, 'main.js'),
    `import SparkMD5 from 'spark-md5';
import { computeMd5 } from ${JSON.stringify(md5Module)};

const SLICE = 2 * 1024 * 1024;

/** spark-md5 as its README shows: FileReader over 2 MB slices, SparkMD5.ArrayBuffer#append. */
function sparkMd5(blob) {
  return new Promise((resolve, reject) => {
    const spark = new SparkMD5.ArrayBuffer();
    const reader = new FileReader();
    const chunks = Math.ceil(blob.size / SLICE);
    let current = 0;
    reader.onload = (e) => {
      spark.append(e.target.result);
      current++;
      if (current < chunks) loadNext();
      else resolve(spark.end());
    };
    reader.onerror = () => reject(reader.error);
    function loadNext() {
      const start = current * SLICE;
      reader.readAsArrayBuffer(blob.slice(start, Math.min(blob.size, start + SLICE)));
    }
    loadNext();
  });
}

/**
 * 1 GiB of pseudo-random bytes (xorshift32), generated here and written to the origin-private
 * file system, read back as a File: a disk-backed Blob like a file the user picks. (A Blob held
 * in memory stops being readable above about 512 MiB in this Chromium: NotReadableError.)
 */
async function randomFile(mib) {
  const root = await navigator.storage.getDirectory();
  const handle = await root.getFileHandle('md5-bench.bin', { create: true });
  const writable = await handle.createWritable();
  const PART = 16 * 1024 * 1024;
  let x = 0x9e3779b9;
  for (let left = mib * 1024 * 1024; left > 0; left -= PART) {
    const words = new Uint32Array(Math.min(PART, left) / 4);
    for (let i = 0; i < words.length; i++) {
      x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
      words[i] = x >>> 0;
    }
    await writable.write(words);
  }
  await writable.close();
  return handle.getFile();
}

let blob = null;
window.bench = {
  async make(mib) { blob = await randomFile(mib); return blob.size; },
  async clean() { await (await navigator.storage.getDirectory()).removeEntry('md5-bench.bin'); },
  async ours() {
    const t0 = performance.now();
    let progress = 0;
    const md5 = await computeMd5(blob, { onProgress: (done) => { progress = done; } });
    return { md5, ms: performance.now() - t0, progress };
  },
  async oursSlices() {
    const t0 = performance.now();
    const md5 = await computeMd5(blob, { read: 'slices' });
    return { md5, ms: performance.now() - t0 };
  },
  async spark() {
    const t0 = performance.now();
    const md5 = await sparkMd5(blob);
    return { md5, ms: performance.now() - t0 };
  },
};
`,
  );
}

async function buildPage() {
  const { build } = await import('vite');
  const src = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-bench-md5-src-'));
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-bench-md5-'));
  writePage(src);
  await build({
    configFile: false,
    root: src,
    logLevel: 'warn',
    resolve: { alias: { 'spark-md5': require.resolve('spark-md5') } },
    build: { outDir, emptyOutDir: true },
  });
  fs.rmSync(src, { recursive: true, force: true });
  return outDir;
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };

/** Serves the built page on loopback, recording which files were asked for. */
async function serve(dir) {
  const asked = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    asked.push(url.pathname);
    const file = path.join(dir, url.pathname === '/' ? 'index.html' : url.pathname);
    if (!file.startsWith(dir) || !fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { base: `http://127.0.0.1:${port}`, asked, close: () => server.close() };
}

const mibPerSecond = (ms) => (MIB / (ms / 1000)).toFixed(0);

if (!fs.existsSync(CHROMIUM_PATH)) {
  console.log(`skipped: ${CHROMIUM_PATH} is not installed (apt-get install -y chromium)`);
  process.exit(0);
}
const dir = await buildPage();
const site = await serve(dir);
const { chromium } = await import('@playwright/test');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(site.base);
  await page.waitForFunction(() => 'bench' in window);
  const size = await page.evaluate((mib) => window.bench.make(mib), MIB);
  console.log(`md5 of ${MIB} MiB (${size} bytes) of pseudo-random bytes in Chromium, 2 MB slices`);
  console.log(
    `load average before: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );

  const ours = await page.evaluate(() => window.bench.ours());
  const workerFile = site.asked.find((p) => /md5\.worker.*\.js$/.test(p));
  if (!workerFile) throw new Error('the md5 Worker was not loaded: the hasher fell back');
  const spark = await page.evaluate(() => window.bench.spark());
  const stream = await page.evaluate(() => window.bench.oursSlices());
  if (stream.md5 !== spark.md5) throw new Error(`digests differ: ${stream.md5} vs ${spark.md5}`);
  if (ours.md5 !== spark.md5) throw new Error(`digests differ: ${ours.md5} vs ${spark.md5}`);
  if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);

  await page.evaluate(() => window.bench.clean());
  const ratio = spark.ms / ours.ms;
  console.log('');
  console.log('| hasher | time | throughput |');
  console.log('|---|---:|---:|');
  console.log(
    `| ours: hash-wasm in a Worker (${workerFile}) | ${(ours.ms / 1000).toFixed(2)} s | ${mibPerSecond(ours.ms)} MiB/s |`,
  );
  console.log(
    `| ours, read in 2 MB slices, 3 in flight (read: 'slices') | ${(stream.ms / 1000).toFixed(2)} s | ${mibPerSecond(stream.ms)} MiB/s |`,
  );
  console.log(
    `| peer: spark-md5 ArrayBuffer, FileReader | ${(spark.ms / 1000).toFixed(2)} s | ${mibPerSecond(spark.ms)} MiB/s |`,
  );
  console.log('');
  console.log(`md5 ${ours.md5} (both)`);
  console.log(
    `ratio ours / spark-md5: ${ratio.toFixed(2)}x (goal >= ${GOAL}x) ${ratio >= GOAL ? 'PASS' : 'MISS'}`,
  );
  console.log(`ratio ours (2 MB slices) / spark-md5: ${(spark.ms / stream.ms).toFixed(2)}x`);
} finally {
  await browser.close();
  site.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
