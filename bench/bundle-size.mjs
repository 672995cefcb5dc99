#!/usr/bin/env node
/**
 * Gzipped JS and CSS of every portal page, from the Vite manifest of apps/portal/dist: a page's
 * entry chunk, every chunk it imports statically (transitively) and their CSS, plus any local
 * script or stylesheet its HTML loads outside the graph (an import-mapped shared runtime).
 * Dynamic imports are left out: they load later, on demand.
 *
 * Peer, built in the same run: a bare React 19 "hello" page (bench/fixtures/react-only) built
 * with Vite into a temporary folder; every page is also shown as a multiple of it.
 * Budget (issue 2): the login page at most 100 kB gz of JS + CSS.
 *
 * Sub-apps (issue 3): the shared runtime a sub-app page loads (the boot module's static import
 * graph plus the runtime stylesheet), and each sub-app file's own JS + CSS on top of it (goal:
 * at most 25 kB gz each), read from the built files. Then, in Chromium against the real server,
 * how many times each runtime file is fetched while the viewport switches sub-apps (goal: once).
 *
 *   npm run bundle-size -w @campus/bench      or      node bench/bundle-size.mjs
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ensure, repoRoot } from '../scripts/ensure.mjs';
import { subAppBuilds } from '../scripts/deploy-subapps.mjs';
import { gzipSize as gz, servedFrom, staticGraph } from './lib/module-graph.mjs';
import { buildBareReactPage } from './lib/bare-react.mjs';
import { countRuntimeRequests } from './lib/runtime-requests.mjs';
import { RUNTIME_BASE, RUNTIME_BOOT, RUNTIME_STYLESHEET } from '../apps/runtime/shared-modules.mjs';

const LOGIN_BUDGET = 100_000;
const SUBAPP_BUDGET = 25_000;
const runtimeDist = path.join(repoRoot, 'apps', 'runtime', 'dist');
const portalDist = path.join(repoRoot, 'apps', 'portal', 'dist');

/** gzip at zlib's default level, as a server compressing on the fly would. */
function gzipSize(file) {
  return zlib.gzipSync(fs.readFileSync(file)).length;
}

function kB(bytes) {
  return (bytes / 1000).toFixed(1);
}

/**
 * JS and CSS files each HTML entry of a built Vite app loads up front.
 * @param {string} dist
 * @returns {Map<string, { js: Set<string>, css: Set<string> }>}
 */
function pagesOf(dist) {
  /** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[], css?: string[] }>} */
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  const keyByFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const pages = new Map();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry || !key.endsWith('.html')) continue;
    const js = new Set();
    const css = new Set();
    const visit = (chunkKey) => {
      const c = manifest[chunkKey];
      if (!c || js.has(c.file)) return;
      if (c.file.endsWith('.js')) js.add(c.file);
      for (const file of c.css ?? []) css.add(file);
      for (const imported of c.imports ?? []) visit(imported);
    };
    visit(key);
    // Files the built HTML itself loads (script src, stylesheets, modulepreload, import map).
    const htmlFile = path.join(dist, key);
    if (fs.existsSync(htmlFile)) {
      const html = fs.readFileSync(htmlFile, 'utf8');
      const refs = [
        ...[...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]),
        ...[...html.matchAll(/<link[^>]*\shref="([^"]+)"[^>]*>/g)]
          .filter((m) => /rel="(stylesheet|modulepreload)"/.test(m[0]))
          .map((m) => m[1]),
      ];
      const importMap = html.match(/<script type="importmap"[^>]*>([\s\S]*?)<\/script>/);
      if (importMap?.[1]) {
        try {
          refs.push(...Object.values(JSON.parse(importMap[1]).imports ?? {}));
        } catch {
          // Not JSON: nothing to add.
        }
      }
      for (const ref of refs) {
        if (typeof ref !== 'string' || /^(https?:)?\/\//.test(ref)) continue;
        const file = ref.replace(/^\//, '').replace(/[?#].*$/, '');
        if (!fs.existsSync(path.join(dist, file))) continue;
        const chunkKey = keyByFile.get(file);
        if (chunkKey) visit(chunkKey);
        else if (file.endsWith('.css')) css.add(file);
        else if (file.endsWith('.js') || file.endsWith('.mjs')) js.add(file);
      }
    }
    pages.set(key, { js, css });
  }
  return pages;
}

function measure(dist) {
  const rows = [];
  for (const [page, { js, css }] of pagesOf(dist)) {
    const jsGz = [...js].reduce((n, f) => n + gzipSize(path.join(dist, f)), 0);
    const cssGz = [...css].reduce((n, f) => n + gzipSize(path.join(dist, f)), 0);
    rows.push({ page, files: js.size + css.size, jsGz, cssGz, total: jsGz + cssGz });
  }
  return rows.sort((a, b) => a.page.localeCompare(b.page));
}

async function buildBareReact() {
  const built = await buildBareReactPage();
  try {
    const [row] = measure(built.dir);
    if (!row) throw new Error('the bare React fixture produced no page');
    return row;
  } finally {
    built.remove();
  }
}

await ensure({ build: true });
if (!fs.existsSync(path.join(portalDist, '.vite', 'manifest.json'))) {
  console.error(
    'bundle-size: apps/portal/dist/.vite/manifest.json is missing; the portal build needs build.manifest: true',
  );
  process.exit(1);
}
const pages = measure(portalDist);
const bare = await buildBareReact();

console.log('');
console.log('bundle-size: gzipped JS + CSS loaded up front by each page (1 kB = 1000 bytes)');
const headers = ['page', 'files', 'JS kB gz', 'CSS kB gz', 'total kB gz', 'x bare React'];
const table = [
  ...pages.map((r) => [
    r.page,
    String(r.files),
    kB(r.jsGz),
    kB(r.cssGz),
    kB(r.total),
    (r.total / bare.total).toFixed(2),
  ]),
  [
    'bare React 19 (peer)',
    String(bare.files),
    kB(bare.jsGz),
    kB(bare.cssGz),
    kB(bare.total),
    '1.00',
  ],
];
const widths = headers.map((h, i) => Math.max(h.length, ...table.map((r) => (r[i] ?? '').length)));
const line = (r) =>
  r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
console.log(`  ${line(headers)}`);
for (const r of table) console.log(`  ${line(r)}`);
console.log('');

const login = pages.find((r) => r.page === 'login.html');
if (login) {
  const ratio = login.total / LOGIN_BUDGET;
  console.log(
    `login.html: ${kB(login.total)} kB gz = ${ratio.toFixed(2)} of the 100 kB budget: ${ratio <= 1 ? 'within' : 'OVER'}`,
  );
} else {
  console.log('login.html: not in the manifest');
}

// ── Sub-apps over the shared runtime (issue 3) ──────────────────────────────────────────────
const runtimeFile = servedFrom('/', runtimeDist);
const runtimeGraph = staticGraph(RUNTIME_BOOT, runtimeFile);
const runtimeGz =
  [...runtimeGraph].reduce((n, url) => n + gz(runtimeFile(url) ?? ''), 0) +
  gz(runtimeFile(RUNTIME_STYLESHEET) ?? '');
console.log('');
console.log(
  `shared runtime (React, react-router, SDK, ui; loaded once per page): ${runtimeGraph.size + 1} files, ` +
    `${kB(runtimeGz)} kB gz = ${(runtimeGz / bare.total).toFixed(2)} x bare React`,
);
const subRows = [];
for (const app of subAppBuilds()) {
  const manifestFile = path.join(app.dist, app.code, 'manifest.json');
  if (!fs.existsSync(manifestFile)) continue;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const own = servedFrom('/pages/', app.dist);
  for (const key of Object.keys(manifest).filter((k) => k.endsWith('.js'))) {
    const fileId = key.slice(0, -3);
    const graph = staticGraph(manifest[key], own);
    const jsGz = [...graph].reduce((n, url) => n + gz(own(url) ?? ''), 0);
    const css = manifest[`${fileId}.css`];
    const cssGz = css && own(css) ? gz(own(css)) : 0;
    subRows.push({ fileId, files: graph.size + (css ? 1 : 0), jsGz, cssGz, total: jsGz + cssGz });
  }
}
console.log(
  'sub-app files: their own gzipped JS + CSS on top of the shared runtime (goal <= 25 kB each)',
);
const subHeaders = ['file', 'files', 'JS kB gz', 'CSS kB gz', 'total kB gz', 'x 25 kB goal'];
const subTable = subRows.map((r) => [
  r.fileId,
  String(r.files),
  kB(r.jsGz),
  kB(r.cssGz),
  kB(r.total),
  (r.total / SUBAPP_BUDGET).toFixed(2),
]);
const subWidths = subHeaders.map((h, i) =>
  Math.max(h.length, ...subTable.map((r) => (r[i] ?? '').length)),
);
const subLine = (r) =>
  r.map((c, i) => (i === 0 ? c.padEnd(subWidths[i]) : c.padStart(subWidths[i]))).join('  ');
console.log(`  ${subLine(subHeaders)}`);
for (const r of subTable) console.log(`  ${subLine(r)}`);
const worst = subRows.reduce((m, r) => Math.max(m, r.total), 0);
console.log(
  `largest sub-app file: ${kB(worst)} kB gz = ${(worst / SUBAPP_BUDGET).toFixed(2)} of the 25 kB goal: ${worst <= SUBAPP_BUDGET ? 'within' : 'OVER'}`,
);

console.log('');
const counted = await countRuntimeRequests(`${RUNTIME_BASE}/`);
if ('skipped' in counted) {
  console.log(`runtime fetches across sub-app switches: skipped (${counted.skipped})`);
} else {
  const extra = [...counted.perFile].filter(([, n]) => n > 1).map(([url, n]) => `${url} x${n}`);
  console.log(
    `runtime fetches across ${counted.switches} sub-app switches in Chromium: ${counted.requests} requests for ` +
      `${counted.files} runtime files = ${(counted.requests / counted.files).toFixed(2)} per file (goal 1.00)` +
      (extra.length ? `; fetched more than once: ${extra.join(', ')}` : ''),
  );
}
