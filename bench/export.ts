/**
 * bench/export (issue 11): 50,000 rows × 20 columns of HTML to .xlsx through our server route
 * (`POST table2xls`, the portal as production runs it, bench/lib/production-portal.mjs, on a
 * fresh SQLite data folder, signed in as the teacher),
 * against SheetJS in the same run: the same HTML parsed with jsdom, `XLSX.utils.table_to_book`
 * and `XLSX.write` (the peer the issue names), each peer in a child process of its own. Also
 * shown, for context: SheetJS's own HTML reader (`XLSX.read(html, { type: 'string' })`), the
 * fastest way SheetJS has from HTML to a workbook, with no DOM.
 * Goals: our rows/s at least 1.0× the table_to_book peer's; our server's peak RSS under 300 MB.
 *
 * Our time runs from the POST to the last byte of the answer (form body upload and parsing
 * included); the peers' from the HTML string in memory to the .xlsx bytes in memory. Our peak RSS
 * is the child server's VmHWM (/proc/<pid>/status) over its whole life, start-up included.
 *
 *   npm run export -w @campus/bench      or      npx tsx bench/export.ts
 *   BENCH_EXPORT_ROWS=50000 BENCH_ROUNDS=3 BENCH_EXPORT_PEER_TIMEOUT=600 (seconds per peer run)
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import XLSX from 'xlsx';
import { exportEndpoints } from '@campus/contracts/export';
import {
  describeMachine,
  median,
  portalEnv,
  printTable,
  repoRoot,
  settings,
  signIn,
  tempDataDir,
  type ChildServer,
} from './lib/harness.ts';
import { startProductionPortal } from './lib/production-portal.mjs';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 50_000);
const COLUMNS = 20;
const PEER_TIMEOUT_S = Number(process.env.BENCH_EXPORT_PEER_TIMEOUT ?? 600);
/** When the peer cannot do the full table, the sizes it is also measured at. */
const PEER_FALLBACK_ROWS = [2_000, 5_000, 10_000];
const GOAL_RATIO = 1.0;
const GOAL_RSS_MB = 300;

type PeerMode = 'table_to_book' | 'read_html';

interface PeerResult {
  ok: boolean;
  seconds: number;
  bytes: number;
  /** The peer process's VmHWM, MB. */
  peakMb: number;
  error?: string;
}

/**
 * A table like the ones schools export (spec §3 Table export): a two-row thead with colspan and
 * rowspan; body cells mixing integers, decimals, leading-zero codes and Chinese text.
 */
function tableHtml(rows: number): string {
  const parts: string[] = [
    '<table><thead><tr><th rowspan="2">学号</th><th rowspan="2">姓名</th>',
    `<th colspan="${COLUMNS - 2}">成绩 Scores</th></tr><tr>`,
  ];
  for (let c = 2; c < COLUMNS; c += 1) parts.push(`<th>科目 ${c - 1}</th>`);
  parts.push('</tr></thead><tbody>');
  for (let r = 0; r < rows; r += 1) {
    let row = `<tr><td>${String(r).padStart(6, '0')}</td><td>学生 ${r}</td>`;
    for (let c = 2; c < COLUMNS; c += 1) {
      const v = (r * 31 + c * 17) % 1000;
      row +=
        c % 3 === 0
          ? `<td>${v}</td>`
          : c % 3 === 1
            ? `<td>${(v / 7).toFixed(2)}</td>`
            : `<td>备注 ${v}</td>`;
    }
    parts.push(`${row}</tr>`);
  }
  parts.push('</tbody></table>');
  return parts.join('');
}

function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

// ---------------------------------------------------------------------------------------------
// Peer side (this file run as a child with `--peer <mode> <html file>`).

async function runPeer(mode: PeerMode, htmlFile: string): Promise<void> {
  const html = fs.readFileSync(htmlFile, 'utf8');
  const started = performance.now();
  let workbook: XLSX.WorkBook;
  if (mode === 'table_to_book') {
    const dom = new JSDOM(`<!doctype html><html><body>${html}</body></html>`);
    const table = dom.window.document.querySelector('table');
    if (!table) throw new Error('no table');
    workbook = XLSX.utils.table_to_book(table);
  } else {
    workbook = XLSX.read(html, { type: 'string' });
  }
  const bytes = XLSX.write(workbook, {
    type: 'buffer',
    bookType: 'xlsx',
    compression: true,
  }) as Buffer;
  const result: PeerResult = {
    ok: true,
    seconds: (performance.now() - started) / 1000,
    bytes: bytes.length,
    peakMb: peakRssMb(process.pid),
  };
  process.send?.(result, () => process.exit(0));
}

/** Runs one peer measurement in a child process with a time limit and a 4 GB heap. */
function measurePeer(mode: PeerMode, htmlFile: string): Promise<PeerResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = fork(import.meta.filename, ['--peer', mode, htmlFile], {
      cwd: repoRoot,
      execArgv: ['--import', 'tsx', '--max-old-space-size=4096'],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let result: PeerResult | undefined;
    let stderr = '';
    let peakMb = 0;
    const sampler = setInterval(() => {
      try {
        // A process being killed has no VmHWM line any more: NaN, left out.
        const now = peakRssMb(child.pid ?? 0);
        if (Number.isFinite(now)) peakMb = Math.max(peakMb, now);
      } catch {
        // gone
      }
    }, 500);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on('message', (message: PeerResult) => {
      result = message;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), PEER_TIMEOUT_S * 1000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      clearInterval(sampler);
      const seconds = (performance.now() - started) / 1000;
      if (result) resolve(result);
      else {
        const why =
          signal === 'SIGKILL'
            ? `did not finish in ${PEER_TIMEOUT_S} s`
            : /heap out of memory/i.test(stderr)
              ? 'ran out of memory (4 GB heap)'
              : `exited with ${code ?? signal}: ${stderr.trim().split('\n').slice(-1)[0] ?? ''}`;
        resolve({ ok: false, seconds, bytes: 0, peakMb, error: why });
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Our side.

async function measureOurs(
  server: ChildServer,
  cookie: string,
  body: string,
): Promise<{ seconds: number; bytes: Buffer }> {
  const started = performance.now();
  const response = await fetch(`${server.url}${exportEndpoints.table2xls.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body,
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const seconds = (performance.now() - started) / 1000;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('spreadsheetml')) {
    throw new Error(`the export did not answer a spreadsheet: ${bytes.toString('utf8', 0, 300)}`);
  }
  return { seconds, bytes };
}

async function main(): Promise<void> {
  console.log(`export: ${describeMachine()}`);
  console.log(
    `  ${ROWS.toLocaleString('en-US')} rows × ${COLUMNS} columns, ${settings.rounds} rounds of ours, peers once each (limit ${PEER_TIMEOUT_S} s, 4 GB heap)`,
  );
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-bench-export-'));
  const data = tempDataDir();
  let server: ChildServer | undefined;
  try {
    const html = tableHtml(ROWS);
    const htmlFile = path.join(work, 'table.html');
    fs.writeFileSync(htmlFile, html);
    const body = new URLSearchParams({ title: '期中成绩 bench', data: html }).toString();
    console.log(
      `  HTML ${(Buffer.byteLength(html) / 1e6).toFixed(1)} MB, form body ${(body.length / 1e6).toFixed(1)} MB`,
    );

    server = await startProductionPortal({ env: portalEnv(data.dir) });
    const { pid } = server;
    const cookie = await signIn(server.url, 'teacher', 'Teacher@2026');
    const idleMb = peakRssMb(pid);

    const rows: (string | number)[][] = [];
    const ourSeconds: number[] = [];
    let lastBytes: Buffer = Buffer.alloc(0);
    for (let round = 1; round <= settings.rounds; round += 1) {
      const { seconds, bytes } = await measureOurs(server, cookie, body);
      ourSeconds.push(seconds);
      lastBytes = bytes;
      rows.push([
        `ours (server route), round ${round}`,
        ROWS,
        seconds,
        ROWS / seconds,
        bytes.length / 1e6,
      ]);
    }
    const ourPeakMb = peakRssMb(pid);
    // Read back with the peer's library: every row is there (title + 2 header rows + the body).
    const check = XLSX.read(lastBytes, { type: 'buffer', sheetRows: 0 });
    const ref = check.Sheets[check.SheetNames[0] ?? '']?.['!ref'];
    const expectedRef = `A1:${XLSX.utils.encode_col(COLUMNS - 1)}${ROWS + 3}`;
    if (ref !== expectedRef) throw new Error(`our workbook spans ${ref}, expected ${expectedRef}`);

    const ourRate = ROWS / median(ourSeconds);
    const peers: { label: string; rows: number; result: PeerResult }[] = [];
    const toBook = await measurePeer('table_to_book', htmlFile);
    peers.push({ label: 'SheetJS jsdom + table_to_book + write', rows: ROWS, result: toBook });
    if (!toBook.ok) {
      for (const n of PEER_FALLBACK_ROWS.filter((n) => n < ROWS)) {
        const file = path.join(work, `table-${n}.html`);
        fs.writeFileSync(file, tableHtml(n));
        peers.push({
          label: 'SheetJS jsdom + table_to_book + write',
          rows: n,
          result: await measurePeer('table_to_book', file),
        });
      }
    }
    const readHtml = await measurePeer('read_html', htmlFile);
    peers.push({
      label: 'SheetJS XLSX.read(html) + write (context)',
      rows: ROWS,
      result: readHtml,
    });

    for (const peer of peers) {
      const r = peer.result;
      rows.push([
        r.ok ? peer.label : `${peer.label}: ${r.error ?? 'failed'}`,
        peer.rows,
        r.seconds,
        r.ok ? peer.rows / r.seconds : 0,
        r.bytes / 1e6,
      ]);
    }
    console.log('');
    printTable(['run', 'rows', 'seconds', 'rows/s', 'xlsx MB'], rows);
    console.log('');
    console.log(
      `peak RSS: our server ${ourPeakMb.toFixed(0)} MB (VmHWM; ${idleMb.toFixed(0)} MB after start-up and sign-in); ` +
        peers
          .filter((p) => p.rows === ROWS)
          .map((p) => `${p.label.split(' (')[0]} ${p.result.peakMb.toFixed(0)} MB`)
          .join('; '),
    );
    console.log(`ours: ${ourRate.toFixed(0)} rows/s (median of ${settings.rounds})`);
    let ratioLine: string;
    if (toBook.ok) {
      const ratio = ourRate / (ROWS / toBook.seconds);
      ratioLine = `ours/table_to_book = ${ratio.toFixed(2)} (goal >= ${GOAL_RATIO.toFixed(2)}): ${ratio >= GOAL_RATIO ? 'met' : 'NOT met'}`;
    } else {
      // It did not finish the table in toBook.seconds: its rate was below ROWS / toBook.seconds.
      const bound = ourRate / (ROWS / toBook.seconds);
      const best = Math.max(
        0,
        ...peers.filter((p) => p.rows < ROWS && p.result.ok).map((p) => p.rows / p.result.seconds),
      );
      ratioLine =
        `ours/table_to_book > ${bound.toFixed(2)} at ${ROWS.toLocaleString('en-US')} rows (the peer ${toBook.error}); ` +
        (best > 0
          ? `against its best rate at a smaller table (${best.toFixed(0)} rows/s) ours is ${(ourRate / best).toFixed(2)}×`
          : 'it finished no smaller table either') +
        ` (goal >= ${GOAL_RATIO.toFixed(2)}): ${bound >= GOAL_RATIO ? 'met' : 'NOT met'}`;
    }
    console.log(ratioLine);
    if (readHtml.ok) {
      console.log(
        `ours/XLSX.read(html) = ${(ourRate / (ROWS / readHtml.seconds)).toFixed(2)} (context, no goal)`,
      );
    }
    console.log(
      `our peak RSS ${ourPeakMb.toFixed(0)} MB (goal < ${GOAL_RSS_MB} MB): ${ourPeakMb < GOAL_RSS_MB ? 'met' : 'NOT met'}`,
    );
  } finally {
    await server?.stop();
    data.remove();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--peer') {
  await runPeer(process.argv[3] as PeerMode, process.argv[4] ?? '');
} else {
  await main();
}
