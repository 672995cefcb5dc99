#!/usr/bin/env node
/**
 * Face detection in the browser (issue 14 benchmarks, `bench/face-browser`): the face
 * component's own detector (`loadFaceDetector` of packages/ui/src/face/face-detector.ts:
 * face-api's tiny face detector, 128 px input, on tfjs's WebGL backend or, where WebGL is
 * software or missing, its WebAssembly backend) run in a loop on Chromium's fake camera (the .y4m of a
 * face the e2e specs use, e2e/fixtures/face-camera.y4m), in a page built with Vite
 * (bench/fixtures/face-page) and served on loopback. Peer, in the same run and the same page:
 * face-api's SsdMobilenetv1, its larger default detector, on the same backend.
 *
 * Printed: detections per second (goal >= 10 fps), p50/p90 ms per detection, the backend, the
 * share of detections that found a face, each with the ratio tiny / ssd; then the component's
 * download size: gzip of the built portal's lazily loaded face chunks (FaceCapture's JS + CSS,
 * the face-detector chunk that carries face-api and tfjs, the WebAssembly binary with SIMD that
 * a current browser fetches) and of the tiny detector's weights,
 * from apps/portal/dist, beside the same with the SSD's weights instead.
 *
 *   npm run face-browser -w @campus/bench      or      node bench/face-browser.mjs
 *   BENCH_FACE_SECONDS (default 10): measured seconds per detector, after 3 s of warm-up.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_HEADLESS_SHELL_PATH } from '../e2e/fixtures/chromium-flags.mjs';
import { ensure, repoRoot } from '../scripts/ensure.mjs';
import { buildFixturePage } from './lib/upload-servers.mjs';

const GOAL_FPS = 10;
const MEASURE_MS = Math.max(1, Number(process.env.BENCH_FACE_SECONDS ?? 10)) * 1000;
const WARMUP_MS = 3000;
const CAMERA = path.join(repoRoot, 'e2e', 'fixtures', 'face-camera.y4m');
const portalDist = path.join(repoRoot, 'apps', 'portal', 'dist');
const modelDir = path.join(repoRoot, 'node_modules', '@vladmandic', 'face-api', 'model');

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file)).length;
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const quantile = (values, q) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ??
  0;

if (!fs.existsSync(CHROMIUM_HEADLESS_SHELL_PATH)) {
  console.error(
    `face-browser: ${CHROMIUM_HEADLESS_SHELL_PATH} is not installed (npm test installs it)`,
  );
  process.exit(1);
}
await ensure({ build: true });

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
};

/** A static server of `dir` on a free loopback port. */
async function serve(dir) {
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(dir, name === '/' ? 'index.html' : name);
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { base: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

// face-api with tfjs is one chunk of about 1.3 MB, over Vite's warning size.
const page = await buildFixturePage('face-page', { chunkSizeWarningLimit: 4096 });
const server = await serve(page.dir);
const { chromium } = await import('@playwright/test');
const browser = await chromium.launch({
  executablePath: CHROMIUM_HEADLESS_SHELL_PATH,
  args: [
    ...CHROMIUM_ARGS,
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${CAMERA}`,
  ],
});

/** One detector in a fresh page (its own tfjs state), timed by the page itself. */
async function measure(detector) {
  const tab = await browser.newPage();
  try {
    await tab.goto(server.base);
    await tab.waitForFunction(() => document.getElementById('state')?.textContent === 'ready');
    const r = await tab.evaluate(
      ([d, w, m]) => window.faceBench.run(/** @type {'tiny' | 'ssd'} */ (d), w, m),
      /** @type {const} */ ([detector, WARMUP_MS, MEASURE_MS]),
    );
    return {
      ...r,
      fps: r.times.length / (r.ms / 1000),
      p50: quantile(r.times, 0.5),
      p90: quantile(r.times, 0.9),
      share: r.times.length ? r.found / r.times.length : 0,
    };
  } finally {
    await tab.close();
  }
}

let tiny;
let ssd;
try {
  tiny = await measure('tiny');
  ssd = await measure('ssd');
} finally {
  await browser.close();
  server.close();
  page.remove();
}

console.log(
  `\nFace detection in Chromium (${path.basename(CHROMIUM_HEADLESS_SHELL_PATH)}, fake camera ${path.basename(CAMERA)}), ${MEASURE_MS / 1000} s measured after ${WARMUP_MS / 1000} s warm-up`,
);
for (const r of [tiny, ssd]) {
  const name = r.detector === 'tiny' ? 'ours (tiny, 128 px)' : 'peer (SsdMobilenetv1)';
  console.log(
    `  ${name.padEnd(22)} ${r.fps.toFixed(1).padStart(5)} fps  p50 ${r.p50.toFixed(0).padStart(4)} ms  p90 ${r.p90.toFixed(0).padStart(4)} ms  backend ${r.backend}  face found ${(r.share * 100).toFixed(0)} % of ${r.times.length}  (load ${(r.loadMs / 1000).toFixed(1)} s)`,
  );
}
console.log(
  `  goal >= ${GOAL_FPS} fps: ${tiny.fps >= GOAL_FPS ? 'met' : 'NOT met'}; ratio tiny / ssd: ${(tiny.fps / ssd.fps).toFixed(2)} x the fps`,
);

// The component's download: what the portal fetches when the face component opens (from the
// portal's Vite manifest: FaceCapture's chunk and CSS, its dynamic face-detector chunk, the
// WebAssembly binary a SIMD browser fetches, and the tiny detector's weights, emitted as assets).
const manifest = JSON.parse(
  fs.readFileSync(path.join(portalDist, '.vite', 'manifest.json'), 'utf8'),
);
const entries = Object.values(manifest);
const byFile = (re) => entries.filter((e) => re.test(path.basename(e.file)));
const files = [
  ...byFile(/^FaceCapture-.*\.js$/).flatMap((e) => [e.file, ...(e.css ?? [])]),
  ...byFile(/^face-detector-.*\.js$/).map((e) => e.file),
  ...byFile(/^tfjs-backend-wasm-simd-.*\.wasm$/).map((e) => e.file),
];
const weights = byFile(/^tiny_face.*\.bin$/).map((e) => e.file);
console.log("\nThe face component's download (gzip, apps/portal/dist, loaded on demand)");
let code = 0;
for (const file of [...files, ...weights]) {
  const size = gzipSize(path.join(portalDist, file));
  if (!weights.includes(file)) code += size;
  console.log(`  ${path.basename(file).padEnd(42)} ${kB(size).padStart(10)}`);
}
const tinyWeights = weights.reduce((sum, f) => sum + gzipSize(path.join(portalDist, f)), 0);
const ssdWeights = gzipSize(path.join(modelDir, 'ssd_mobilenetv1_model.bin'));
const ours = code + tinyWeights;
const peer = code + ssdWeights;
console.log(`  ours: code ${kB(code)} + tiny weights ${kB(tinyWeights)} = ${kB(ours)}`);
console.log(`  peer: code ${kB(code)} + SSD weights ${kB(ssdWeights)} = ${kB(peer)}`);
console.log(`  ratio tiny / ssd: ${(ours / peer).toFixed(2)} x the bytes`);
