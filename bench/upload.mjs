#!/usr/bin/env node
/**
 * Upload throughput (issue 11 benchmarks, `bench/upload`): a 1 GiB file of pseudo-random bytes
 * picked in a Chromium page, uploaded through our uploader (`@campus/sdk/uploader`: md5 in its
 * Worker, `second_upload_check`, chunks of 2 MiB with 3 in flight, `merge_file`) to the real
 * portal, and in the same run the same file, picked in the same page served by the peer, through
 * tus-js-client to @tus/server with @tus/file-store: both servers on loopback, both stores and the
 * file on the same disk. (The file is written to disk and picked: a 1 GiB Blob made inside a page
 * is past Chromium's in-memory Blob limit and cannot be read back.)
 *
 * Printed: MB/s of each (the file's bytes over the time from the call to the answer that the file
 * is stored, md5 included for ours), the ratio (goal >= 1.0 x tus), where our time went (the
 * uploader's phases, the servers' CPU in user and kernel time, and Chromium's), and the instant upload: the
 * same file again, finished by `second_upload_check`, beside the time its md5 alone takes.
 *
 * - The ratio's peer is tus with 2 MiB PATCHes, our chunk size (one at a time: FileStore has no
 *   concatenation extension, so tus-js-client cannot send in parallel); tus's own default, the
 *   whole file in one PATCH, is printed beside it.
 * - Ours is measured as the portal serves the page. Its Content-Security-Policy decides the md5's
 *   engine (hash-wasm needs 'wasm-unsafe-eval' in script-src, else the Worker falls back to
 *   spark-md5), so the engine is printed; where the policy refuses WebAssembly, lines with it
 *   allowed (the page's policy bypassed, the md5 by hash-wasm on the page's thread, since a bypass
 *   does not reach the Worker) show what the policy costs. A line with 16 MiB chunks (the
 *   server's largest) shows what the chunk size costs.
 *
 *   npm run upload -w @campus/bench      or      npx tsx bench/upload.mjs
 *   BENCH_UPLOAD_MB (default 1024): the file's size in MiB; BENCH_ROUNDS (default 1): rounds, the
 *   peers alternating which goes first, the median reported.
 */
import { randomFillSync } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { ACCESS_COOKIE, DEVICE_HEADER, uaaEndpoints } from '@campus/contracts/uaa';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/fixtures/chromium-flags.mjs';
import { ensure } from '../scripts/ensure.mjs';
import { buildUploadPage, startPortal, startTus, tempDir } from './lib/upload-servers.mjs';
import { cpuSecondsOfCommands, cpuTimesOf } from './lib/proc-cpu.mjs';

const MiB = 1024 * 1024;
const SIZE = Math.round(Number(process.env.BENCH_UPLOAD_MB ?? 1024) * MiB);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const CHUNK = 2 * MiB;
const LARGE_CHUNK = 16 * MiB;
const PAGE = 'bench-upload';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const mbps = (ms) => SIZE / 1e6 / (ms / 1000);
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;

if (!fs.existsSync(CHROMIUM_PATH)) {
  console.error(`upload: ${CHROMIUM_PATH} is not installed (npm test installs it)`);
  process.exit(1);
}
await ensure();
const { chromium } = await import('@playwright/test');
const page = await buildUploadPage();
const portal = await startPortal({
  pages: { [PAGE]: page.dir },
  // e.g. BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to see where the server's time goes
  nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
});
const tus = await startTus({ pageDir: page.dir });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const context = await browser.newContext();
// The same page with its Content-Security-Policy bypassed, so it may compile WebAssembly.
const wasmContext = await browser.newContext({ bypassCSP: true });
// The files picked in the pages, on the same disk as both stores; new bytes for every run of
// ours (or it would find the file stored already), tus sending the first one.
const files = tempDir('campus-bench-upload-files-');
const [fileA, fileB, fileC, fileD] = ['a', 'b', 'c', 'd'].map((n) =>
  path.join(files.dir, `lesson-${n}.bin`),
);

/** Writes `SIZE` pseudo-random bytes (incompressible, new every call) to `file`. */
async function writeRandomFile(file) {
  const out = fs.createWriteStream(file);
  for (let written = 0; written < SIZE; written += 16 * MiB) {
    const part = randomFillSync(Buffer.alloc(Math.min(16 * MiB, SIZE - written)));
    if (!out.write(part)) await once(out, 'drain');
  }
  out.end();
  await finished(out);
}

/** A tab on the benchmark page, once its script is ready. */
async function openPage(ctx, url) {
  const tab = await ctx.newPage();
  tab.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await tab.goto(url);
  await tab.waitForFunction(() => 'uploadBench' in window);
  return tab;
}

/** Picks `file` in the tab's file input, as a person choosing it would. */
async function pick(tab, file) {
  await tab.setInputFiles('#file', file);
  await tab.evaluate(() => window.uploadBench.pick());
}

/** Chromium's processes (browser, renderers and their Workers, GPU, network service). */
// (/proc's comm is cut at 15 characters: chromium-headless-shell shows as 'chromium-headle'.)
const CHROMIUM_COMMANDS = ['chromium', 'chrome', 'chromium-headle', 'headless_shell'];

/**
 * Runs `fn` and adds the CPU (user and kernel seconds) the server `pid` spent meanwhile, and
 * Chromium's (every process of the machine's Chromium: nothing else runs one during the bench).
 */
async function measured(pid, fn) {
  const before = cpuTimesOf(pid);
  const browserBefore = cpuSecondsOfCommands(CHROMIUM_COMMANDS);
  const result = await fn();
  const after = cpuTimesOf(pid);
  return {
    ...result,
    user: after.user - before.user,
    system: after.system - before.system,
    browser: cpuSecondsOfCommands(CHROMIUM_COMMANDS) - browserBefore,
  };
}

/** tus-js-client in `tab` (on tus's origin), `chunkSize` bytes per PATCH. */
function runTus(tab, chunkSize) {
  return measured(tus.pid, () =>
    tab.evaluate(([endpoint, c]) => window.uploadBench.tus(endpoint, c), [tus.endpoint, chunkSize]),
  );
}

/** Our uploader in `tab` (on the portal's origin). */
function runOurs(tab, options) {
  return measured(portal.pid, () => tab.evaluate((o) => window.uploadBench.ours(o), options));
}

/** Signs `ctx` in through the API, as the login page does (the cookie lands in the context). */
async function signIn(ctx) {
  const login = await ctx.request.post(`${portal.base}${uaaEndpoints.login.path}`, {
    form: { username: 'teacher', password: 'Teacher@2026' },
    headers: { [DEVICE_HEADER]: 'pc:desktop' },
  });
  const body = await login.json();
  const cookies = await ctx.cookies(portal.base);
  if (body.status !== 200 || !cookies.some((c) => c.name === ACCESS_COOKIE))
    throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
}

try {
  await signIn(context);
  await signIn(wasmContext);
  /** @type {Record<string, any[]>} */
  const runs = {
    tus: [],
    tusWhole: [],
    ours: [],
    large: [],
    wasm: [],
    wasmLarge: [],
    instant: [],
    md5: [],
    md5Wasm: [],
    md5Parts: [],
    md5PartsWasm: [],
  };
  const portalPage = `${portal.base}/pages/${PAGE}/index.html`;
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const file of [fileA, fileB, fileC, fileD]) await writeRandomFile(file);
    const tusRuns = async () => {
      const tab = await openPage(context, `${tus.base}/page/index.html`);
      await pick(tab, fileA);
      runs.tus.push(await runTus(tab, CHUNK));
      runs.tusWhole.push(await runTus(tab, Number.POSITIVE_INFINITY));
      await tab.close();
    };
    const oursRuns = async () => {
      const tab = await openPage(context, portalPage);
      await pick(tab, fileA);
      runs.ours.push(await runOurs(tab, {}));
      // The same file again: the unit holds it now, so second_upload_check ends it.
      runs.instant.push(await runOurs(tab, {}));
      runs.md5.push(await tab.evaluate(() => window.uploadBench.md5()));
      runs.md5Parts.push(await tab.evaluate(() => window.uploadBench.md5Parts()));
      await tab.close();
    };
    // The peers take turns going first, round by round.
    if (round % 2 === 0) {
      await tusRuns();
      await oursRuns();
    } else {
      await oursRuns();
      await tusRuns();
    }
    const tab = await openPage(context, portalPage);
    await pick(tab, fileB);
    runs.large.push(await runOurs(tab, { chunkBytes: LARGE_CHUNK }));
    await tab.close();
    // Only where the served page may not compile WebAssembly: what allowing it would give.
    if (runs.md5Parts.at(-1)?.hashMs !== null) continue;
    const wasmTab = await openPage(wasmContext, portalPage);
    await pick(wasmTab, fileC);
    runs.wasm.push(await runOurs(wasmTab, { md5OnPage: true }));
    runs.md5Wasm.push(await wasmTab.evaluate(() => window.uploadBench.md5OnPage()));
    runs.md5PartsWasm.push(await wasmTab.evaluate(() => window.uploadBench.md5Parts()));
    await pick(wasmTab, fileD);
    runs.wasmLarge.push(await runOurs(wasmTab, { md5OnPage: true, chunkBytes: LARGE_CHUNK }));
    await wasmTab.close();
  }

  const mid = (list, key = 'ms') => median(list.map((r) => r[key]));
  const tusMs = mid(runs.tus);
  const tusWhole = mid(runs.tusWhole);
  const cpu = (list) =>
    `server CPU ${mid(list, 'user').toFixed(1)} s user + ${mid(list, 'system').toFixed(1)} s kernel, Chromium CPU ${mid(list, 'browser').toFixed(1)} s`;
  /** One line of ours: MB/s, both ratios, and where the time went. */
  const line = (label, list) => {
    const ms = mid(list);
    const phase = (name) => s(median(list.map((r) => r.phases[name] ?? 0)));
    console.log(
      `  ${label}: ${mbps(ms).toFixed(1)} MB/s (${s(ms)}) = ${(tusMs / ms).toFixed(2)} x tus 2 MiB, ${(tusWhole / ms).toFixed(2)} x tus one PATCH`,
    );
    console.log(
      `      md5 ${phase('hashing')}, checks ${phase('checking')}, chunks ${phase('uploading')}, merge ${phase('merging')}; ${cpu(list)}`,
    );
  };
  const ours = mid(runs.ours);
  const instant = mid(runs.instant);
  const md5 = mid(runs.md5);
  const hashed = [...runs.md5Parts, ...runs.md5PartsWasm].find((p) => p.hashMs !== null);
  console.log('');
  console.log(
    `upload: a ${(SIZE / MiB).toFixed(0)} MiB file of random bytes picked in Chromium, ${ROUNDS} round(s), median; MB/s = 10^6 bytes/s from the call to the answer that the file is stored`,
  );
  console.log(
    `  tus-js-client -> @tus/server FileStore, 2 MiB PATCHes one at a time: ${mbps(tusMs).toFixed(1)} MB/s (${s(tusMs)}); ${cpu(runs.tus)}`,
  );
  console.log(
    `  tus's default, the whole file in one PATCH: ${mbps(tusWhole).toFixed(1)} MB/s (${s(tusWhole)}); ${cpu(runs.tusWhole)}`,
  );
  const wasmServed = runs.md5Parts.every((p) => p.hashMs !== null);
  const engine = wasmServed
    ? 'hash-wasm'
    : "spark-md5: the page's policy refuses WebAssembly, so the Worker falls back";
  line(
    `ours, as the portal serves the page (2 MiB chunks, 3 in flight, md5 by ${engine})`,
    runs.ours,
  );
  console.log(
    `  ratio: ours = ${(tusMs / ours).toFixed(2)} x tus (goal >= 1.0): ${ours <= tusMs ? 'met' : 'NOT met'}`,
  );
  line('ours, 16 MiB chunks', runs.large);
  if (!wasmServed) {
    line('ours, WebAssembly allowed (md5 by hash-wasm)', runs.wasm);
    line('ours, WebAssembly allowed, 16 MiB chunks', runs.wasmLarge);
  }
  console.log(
    `  md5 alone in the uploader's Worker: ${s(md5)}${wasmServed ? '' : `; by hash-wasm with WebAssembly allowed ${s(mid(runs.md5Wasm))}`}; of which reading the file in 2 MiB slices alone ${s(mid(runs.md5Parts, 'readMs'))}${hashed ? `, hash-wasm over as many bytes ${s(hashed.hashMs)}` : ''}`,
  );
  const instantOk = runs.instant.every((r) => r.instant);
  console.log(
    `  instant upload of the same file: ${s(instant)}, its md5 alone ${s(md5)}: ${(instant / md5).toFixed(2)} x the md5 time${instantOk ? '' : ' (NOT instant: the file was sent again)'}`,
  );
} finally {
  await browser.close();
  await portal.stop();
  await tus.stop();
  files.remove();
  page.remove();
}
