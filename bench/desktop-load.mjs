#!/usr/bin/env node
/**
 * Sign-in to a usable desktop, in Chromium against the real portal (issue 4 performance):
 * - the time from pressing "sign in" until the desktop shows the welcome line and the app icons;
 * - the bytes transferred (JS and CSS gzipped as served, and everything else);
 * - the depth of the API waterfall after the desktop's HTML: the longest chain of calls where
 *   each starts only after the one before it has answered (goal: at most 2, the desktop's calls
 *   made in parallel rather than one after another);
 * - goal: at most 300 kB gz of JS and CSS for the desktop's first load.
 *
 * Peer, in the same run and the same browser: a bare React 19 page (bench/fixtures/react-only)
 * served from a local static server; the desktop's time and bytes are shown as multiples of it.
 *
 *   npm run desktop-load -w @campus/bench      or      node bench/desktop-load.mjs
 *   BENCH_ROUNDS (default 3): cold loads per subject, the median is reported.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/fixtures/chromium-flags.mjs';
import { ensure } from '../scripts/ensure.mjs';
import { buildBareReactPage } from './lib/bare-react.mjs';
import { startPortalProcess } from './lib/portal-process.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const JS_CSS_BUDGET = 300_000;
const ROUND_TRIP_GOAL = 2;
/** What "usable" means: the welcome line and at least one app icon on screen. */
const USABLE = ['[data-testid="header.welcome"]', '[data-testid="menu.icon"]'];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const kB = (bytes) => (bytes / 1000).toFixed(1);

/** A static server for the peer page, gzipping as the portal compresses its own files. */
async function serveStatic(dir) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    const file = path.join(dir, rel === '/' ? 'index.html' : rel);
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    const type = types[path.extname(file)] ?? 'application/octet-stream';
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      res.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip' });
      fs.createReadStream(file).pipe(zlib.createGzip()).pipe(res);
    } else {
      res.writeHead(200, { 'content-type': type });
      fs.createReadStream(file).pipe(res);
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

/**
 * Records every response of a page: URL, type, bytes on the wire, start and end times.
 * @param {import('@playwright/test').Page} page
 */
function recordTraffic(page) {
  /** @type {{ url: string, type: string, bytes: number, start: number, end: number }[]} */
  const entries = [];
  page.on('requestfinished', async (request) => {
    const timing = request.timing();
    const sizes = await request.sizes().catch(() => null);
    entries.push({
      url: request.url(),
      type: request.resourceType(),
      bytes: (sizes?.responseBodySize ?? 0) + (sizes?.responseHeadersSize ?? 0),
      start: timing.startTime,
      end: timing.startTime + Math.max(timing.responseEnd, 0),
    });
  });
  return entries;
}

/** The longest chain of API calls each started after the previous one had answered. */
function waterfallDepth(calls) {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const depth = sorted.map(() => 1);
  sorted.forEach((call, i) => {
    for (let j = 0; j < i; j += 1) {
      if (sorted[j].end <= call.start) depth[i] = Math.max(depth[i], depth[j] + 1);
    }
  });
  return Math.max(0, ...depth);
}

async function desktopRound(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  try {
    await page.goto(`${base}/login`);
    await page.getByTestId('login.username').fill('teacher');
    await page.getByTestId('login.password').fill('Teacher@2026');
    const traffic = recordTraffic(page);
    const started = Date.now();
    await page.getByTestId('login.submit').click();
    await page.waitForURL((u) => u.pathname === '/desktop/home');
    for (const selector of USABLE) await page.locator(selector).first().waitFor();
    const ms = Date.now() - started;
    await page.waitForLoadState('networkidle');
    const html = traffic.find((e) => e.type === 'document' && e.url.includes('/desktop/home'));
    const after = traffic.filter((e) => html && e.start >= html.start);
    const jsCss = after.filter((e) => e.type === 'script' || e.type === 'stylesheet');
    const api = after.filter((e) => new URL(e.url).pathname.startsWith('/api/'));
    return {
      ms,
      jsCssBytes: jsCss.reduce((n, e) => n + e.bytes, 0),
      allBytes: after.reduce((n, e) => n + e.bytes, 0),
      apiCalls: api.length,
      depth: waterfallDepth(api),
    };
  } finally {
    await context.close();
  }
}

async function peerRound(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  try {
    const traffic = recordTraffic(page);
    const started = Date.now();
    await page.goto(`${base}/`);
    await page.locator('#root').getByText(/\S/).first().waitFor();
    const ms = Date.now() - started;
    await page.waitForLoadState('networkidle');
    return { ms, allBytes: traffic.reduce((n, e) => n + e.bytes, 0) };
  } finally {
    await context.close();
  }
}

if (!fs.existsSync(CHROMIUM_PATH)) {
  console.error(`desktop-load: ${CHROMIUM_PATH} is not installed (npm test installs it)`);
  process.exit(1);
}
await ensure({ build: true });
const { chromium } = await import('@playwright/test');
const peerPage = await buildBareReactPage();
const peer = await serveStatic(peerPage.dir);
const portal = await startPortalProcess();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const desktop = [];
  const bare = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    desktop.push(await desktopRound(browser, portal.base));
    bare.push(await peerRound(browser, peer.base));
  }
  const d = {
    ms: median(desktop.map((r) => r.ms)),
    jsCss: median(desktop.map((r) => r.jsCssBytes)),
    all: median(desktop.map((r) => r.allBytes)),
    calls: median(desktop.map((r) => r.apiCalls)),
    depth: Math.max(...desktop.map((r) => r.depth)),
  };
  const p = { ms: median(bare.map((r) => r.ms)), all: median(bare.map((r) => r.allBytes)) };
  console.log('');
  console.log(
    `desktop-load: sign-in to a usable desktop in Chromium, median of ${ROUNDS} cold loads`,
  );
  console.log(
    `  time:  ${d.ms} ms (bare React page ${p.ms} ms) = ${(d.ms / Math.max(p.ms, 1)).toFixed(2)} x bare React`,
  );
  console.log(
    `  bytes: ${kB(d.all)} kB transferred in all (bare React ${kB(p.all)} kB) = ${(d.all / Math.max(p.all, 1)).toFixed(2)} x bare React`,
  );
  console.log(
    `  JS + CSS: ${kB(d.jsCss)} kB as served = ${(d.jsCss / JS_CSS_BUDGET).toFixed(2)} of the 300 kB budget: ${d.jsCss <= JS_CSS_BUDGET ? 'within' : 'OVER'}`,
  );
  console.log(
    `  API: ${d.calls} calls after the HTML, waterfall depth ${d.depth} (goal <= ${ROUND_TRIP_GOAL}): ${d.depth <= ROUND_TRIP_GOAL ? 'within' : 'OVER'}`,
  );
} finally {
  await browser.close();
  await portal.stop();
  await peer.close();
  peerPage.remove();
}
