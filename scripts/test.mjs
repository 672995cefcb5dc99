#!/usr/bin/env node
/**
 * `npm test`: every check, each stage in its own child process. All stages run even when one
 * fails; the last line printed is `N passed, N failed` and the exit code is nonzero when
 * anything failed.
 *
 * Counting: each Vitest or Playwright test counts once, read from the stage's JSON report in
 * .reports/ (a test file that fails to load counts as one failure; a stage that crashed without
 * a report, or exited nonzero with no failure in its report, counts as one failure). Typecheck
 * and lint count as one check each. A setup step (install, build, Chromium) counts only when it
 * fails, and the stages that need it are then reported as blocked.
 *
 *   npm test                              everything
 *   npm test -- --only unit,api           just those stages (typecheck, lint, unit, api,
 *                                         api-sqlite, api-postgres, fuzz, fuzz-sqlite,
 *                                         fuzz-postgres, e2e)
 *   npm test -- --skip e2e                everything but those
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  CHROMIUM_HEADLESS_SHELL_PATH as CHROMIUM_HEADLESS_SHELL,
  CHROMIUM_PATH as CHROMIUM,
} from '../e2e/fixtures/chromium-flags.mjs';
import { checkNode, ensureBuild, ensureInstall, isMain, repoRoot } from './ensure.mjs';

const REPORTS_DIR = path.join(repoRoot, '.reports');
// A hung stage's stop, not the budget: the e2e stage took 14.5 min on a quiet 2-core machine, the rest about 9.
const STAGE_TIMEOUT_MS = 45 * 60_000;

/**
 * @typedef {{
 *   id: string, group?: string, title: string, files?: string[],
 *   kind: 'check' | 'vitest' | 'playwright',
 *   commands?: [string, string[]][], project?: string, report?: string, exclude?: string[],
 *   env?: Record<string, string>, needs?: string[], skipReason?: () => string | undefined,
 *   optIn?: boolean, besideNext?: boolean, concurrent?: boolean,
 * }} Stage
 * @typedef {{
 *   title: string, status: 'ok' | 'FAILED' | 'skipped' | 'blocked',
 *   passed: number, failed: number, seconds?: number, note?: string,
 * }} Row
 */

/** @type {Stage[]} */
const STAGES = [
  // tsc, eslint and prettier each use one core: typecheck runs beside lint, and lint's two
  // commands beside each other, so both cores work (npm test's time budget).
  {
    id: 'typecheck',
    title: 'typecheck',
    kind: 'check',
    commands: [['tsc', ['-p', 'tsconfig.json']]],
    besideNext: true,
  },
  {
    id: 'lint',
    title: 'lint',
    kind: 'check',
    concurrent: true,
    commands: [
      ['eslint', ['.', '--max-warnings=0']],
      ['prettier', ['--check', '.']],
    ],
  },
  { id: 'unit', title: 'unit', kind: 'vitest', project: 'unit', report: 'unit.json' },
  {
    id: 'api-sqlite',
    group: 'api',
    title: 'api (SQLite)',
    kind: 'vitest',
    project: 'api',
    report: 'api-sqlite.json',
    env: { API_DB: 'sqlite' },
  },
  {
    id: 'api-postgres',
    group: 'api',
    title: 'api (PostgreSQL)',
    kind: 'vitest',
    project: 'api',
    report: 'api-postgres.json',
    env: { API_DB: 'postgres' },
    // Files that reach no database behaviour: the process tests start their servers on the
    // embedded database whatever API_DB says, and the table export reads none. The SQLite stage
    // runs them; here they would only run the same thing twice (npm test's time budget).
    exclude: [
      'server/test/api/process.api.test.ts',
      'server/test/api/production-start.api.test.ts',
      'server/test/api/fresh-deployment.api.test.ts',
      'server/test/api/export.api.test.ts',
    ],
    skipReason: () => (process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is not set'),
  },
  // DESIGN.md §7 "Stores": the storage calls again on the S3-compatible store, a real s3rver on
  // loopback (the files' own API tests only; everything else is the same code on either store).
  {
    id: 'api-s3',
    group: 'api',
    title: 'api (S3 store)',
    kind: 'vitest',
    project: 'api',
    files: ['server/test/api/storage.api.test.ts', 'server/test/api/cms-attachments.api.test.ts'],
    report: 'api-s3.json',
    env: { API_DB: 'sqlite', TEST_FILE_STORE: 's3rver' },
  },
  // Malformed requests generated from the OpenAPI document (server/test/fuzz): no 5xx, the
  // envelope on every /api answer. About 2,500 requests, under a minute per database.
  {
    id: 'fuzz-sqlite',
    group: 'fuzz',
    title: 'fuzz (SQLite)',
    kind: 'vitest',
    project: 'fuzz',
    report: 'fuzz-sqlite.json',
    env: { API_DB: 'sqlite' },
  },
  {
    id: 'fuzz-postgres',
    group: 'fuzz',
    title: 'fuzz (PostgreSQL)',
    kind: 'vitest',
    project: 'fuzz',
    report: 'fuzz-postgres.json',
    env: { API_DB: 'postgres' },
    skipReason: () => (process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is not set'),
  },
  {
    id: 'e2e',
    title: 'e2e (Chromium)',
    kind: 'playwright',
    report: 'e2e.json',
    needs: ['build', 'chromium'],
  },
  // `npm run test:scale` (issue 15 §2), not part of `npm test`'s budget: the whole e2e suite
  // again, each worker's server being two instances behind nginx on PostgreSQL, Redis and an
  // S3 bucket (e2e/fixtures/cluster.mjs), plus e2e/specs/scale.spec.ts.
  {
    id: 'e2e-scale',
    title: 'e2e through nginx (2 instances)',
    kind: 'playwright',
    report: 'e2e-scale.json',
    env: { E2E_SCALE: '1' },
    needs: ['build', 'chromium', 'nginx'],
    optIn: true,
    skipReason: () =>
      process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL
        ? undefined
        : 'TEST_DATABASE_URL and TEST_REDIS_URL must both be set',
  },
];

function say(message) {
  console.log(`[test] ${message}`);
}

function bin(name) {
  return path.join(repoRoot, 'node_modules', '.bin', name);
}

/** Parses --only/--skip lists into the stages to run. */
function selectStages(argv) {
  const listArg = (name) => {
    const values = [];
    for (let i = 0; i < argv.length; i += 1) {
      const arg = argv[i] ?? '';
      if (arg === name) values.push(argv[(i += 1)] ?? '');
      else if (arg.startsWith(`${name}=`)) values.push(arg.slice(name.length + 1));
    }
    return values
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean);
  };
  const only = listArg('--only');
  const skip = listArg('--skip');
  const known = new Set(STAGES.flatMap((s) => [s.id, s.group].filter(Boolean)));
  for (const name of [...only, ...skip]) {
    if (!known.has(name)) {
      throw new Error(`unknown stage "${name}"; stages are: ${[...known].join(', ')}`);
    }
  }
  const matches = (stage, names) =>
    names.includes(stage.id) || (stage.group !== undefined && names.includes(stage.group));
  // An opt-in stage runs only when --only names it.
  return STAGES.filter(
    (stage) => (only.length === 0 ? !stage.optIn : matches(stage, only)) && !matches(stage, skip),
  );
}

/** Runs one command; resolves with its exit code (1 when it could not start or timed out). */
function runCommand(command, args, env, { timeoutMs = STAGE_TIMEOUT_MS } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [command, ...args], {
      cwd: repoRoot,
      // The AWS SDK warns, once per process, that it will soon want Node 22: every server of
      // the S3 runs printed it, burying the output a failure needs (docs/decisions.md).
      env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`[test] ${path.basename(command)} timed out after ${timeoutMs / 1000} s`);
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      console.error(`[test] could not run ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(timedOut ? 1 : (code ?? 1));
    });
  });
}

function readReport(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Vitest JSON: each test once; a file that failed with no failed test (load error, hook) once. */
export function countVitest(report) {
  let passed = 0;
  let failed = 0;
  for (const file of report.testResults ?? []) {
    const tests = file.assertionResults ?? [];
    const filePassed = tests.filter((t) => t.status === 'passed').length;
    const fileFailed = tests.filter((t) => t.status === 'failed').length;
    passed += filePassed;
    failed += fileFailed;
    if (file.status === 'failed' && fileFailed === 0) failed += 1;
  }
  return { passed, failed };
}

/** Playwright JSON: expected (and flaky, which retried to a pass) pass; unexpected and errors fail. */
export function countPlaywright(report) {
  const stats = report.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + (report.errors?.length ?? 0),
  };
}

/** Runs one stage and returns its summary row. */
async function runStage(stage, extraEnv) {
  const started = Date.now();
  const done = (/** @type {Omit<Row, 'title' | 'seconds'>} */ row) => ({
    title: stage.title,
    seconds: (Date.now() - started) / 1000,
    ...row,
  });
  const env = { ...stage.env, ...extraEnv };

  if (stage.kind === 'check') {
    const failures = [];
    const run = async ([name, args]) => {
      say(`$ ${name} ${args.join(' ')}`);
      const code = await runCommand(bin(name), args, env);
      if (code !== 0) failures.push(`${name} exited with code ${code}`);
    };
    if (stage.concurrent) await Promise.all((stage.commands ?? []).map(run));
    else for (const command of stage.commands ?? []) await run(command);
    return failures.length > 0
      ? done({ status: 'FAILED', passed: 0, failed: 1, note: failures.join('; ') })
      : done({ status: 'ok', passed: 1, failed: 0 });
  }

  const reportFile = path.join(REPORTS_DIR, stage.report ?? `${stage.id}.json`);
  fs.rmSync(reportFile, { force: true });
  let command;
  let args;
  if (stage.kind === 'vitest') {
    command = 'vitest';
    args = [
      'run',
      '--project',
      stage.project ?? stage.id,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportFile}`,
      ...(stage.files ?? []),
      ...(stage.exclude ?? []).flatMap((file) => ['--exclude', file]),
    ];
  } else {
    // The JSON reporter's file is set in e2e/playwright.config.ts (.reports/e2e.json).
    command = 'playwright';
    args = ['test', '-c', 'e2e/playwright.config.ts'];
  }
  say(
    `$ ${Object.entries(stage.env ?? {})
      .map(([k, v]) => `${k}=${v} `)
      .join('')}${command} ${args.join(' ')}`,
  );
  const code = await runCommand(bin(command), args, env);
  const report = readReport(reportFile);
  if (!report) {
    return done({
      status: 'FAILED',
      passed: 0,
      failed: 1,
      note: `no report (exit code ${code})`,
    });
  }
  const counts = stage.kind === 'vitest' ? countVitest(report) : countPlaywright(report);
  // Cases that passed only when retried (the two-instance run retries once): named in the
  // summary, so a race is seen and fixed rather than hidden by the retry.
  const flaky = stage.kind === 'vitest' ? 0 : (report.stats?.flaky ?? 0);
  let note = flaky > 0 ? `${flaky} flaky (passed on the retry)` : undefined;
  if (code !== 0 && counts.failed === 0) {
    counts.failed = 1;
    note = `exited with code ${code}`;
  }
  return done({ status: counts.failed > 0 ? 'FAILED' : 'ok', ...counts, note });
}

function hasCjkFont() {
  const result = spawnSync('fc-list', [], { encoding: 'utf8' });
  return result.status === 0 && /Noto Sans CJK/i.test(result.stdout);
}

function aptGet(args) {
  say(`$ apt-get ${args.join(' ')}`);
  const result = spawnSync('apt-get', args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

/**
 * Debian's Chromium at /usr/bin/chromium (Playwright cannot download its own browser here),
 * plus a CJK font so zh-CN screenshots are readable. Installs them when we are root.
 * @returns {string | undefined} why e2e cannot run, or undefined when it can
 */
function ensureChromium() {
  const haveChromium = fs.existsSync(CHROMIUM);
  const haveShell = fs.existsSync(CHROMIUM_HEADLESS_SHELL);
  const haveFonts = hasCjkFont();
  if (haveChromium && haveShell && haveFonts) {
    say(`Chromium at ${CHROMIUM} and ${CHROMIUM_HEADLESS_SHELL}, CJK fonts present`);
    return undefined;
  }
  const missing = [
    ...(haveChromium ? [] : ['chromium']),
    ...(haveShell ? [] : ['chromium-headless-shell']),
    ...(haveFonts ? [] : ['fonts-noto-cjk']),
  ];
  const howTo = `sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    if (!haveChromium && !haveShell) {
      return `Chromium is missing at ${CHROMIUM} and we are not root to install it. Run: ${howTo}`;
    }
    say(
      `warning: ${missing.join(' ')} missing, so e2e runs slower or zh-CN shows boxes. Run: ${howTo}`,
    );
    return undefined;
  }
  say(`installing ${missing.join(' ')} with apt-get`);
  const installed = aptGet(['update']) && aptGet(['install', '-y', ...missing]);
  if (!fs.existsSync(CHROMIUM)) {
    return `apt-get could not install Chromium (${CHROMIUM} is still missing). Try: ${howTo}`;
  }
  if (!installed)
    say(`warning: apt-get did not install all of ${missing.join(' ')}; e2e runs anyway`);
  return undefined;
}

const NGINX = '/usr/sbin/nginx';

/**
 * Debian's nginx, the proxy of the two-instance run (`npm run test:scale`), installed like
 * Chromium when we are root.
 * @returns {string | undefined} why nginx is missing, or undefined when it is there
 */
function ensureNginx() {
  if (fs.existsSync(NGINX)) {
    say(`nginx at ${NGINX}`);
    return undefined;
  }
  const howTo = 'sudo apt-get update && sudo apt-get install -y nginx';
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) return `nginx is missing at ${NGINX} and we are not root. Run: ${howTo}`;
  say('installing nginx with apt-get');
  if (aptGet(['update'])) aptGet(['install', '-y', 'nginx']);
  return fs.existsSync(NGINX)
    ? undefined
    : `apt-get could not install nginx (${NGINX} is still missing). Try: ${howTo}`;
}

const SOFFICE = '/usr/bin/soffice';

/**
 * LibreOffice (headless): the real peer that opens an exported .xlsx in the API tests
 * (server/test/api/export.api.test.ts, issue 11). Installed like Chromium when we are root.
 * Without it that test is skipped, so a missing LibreOffice fails this setup step instead (it
 * blocks no stage).
 * @returns {string | undefined} why LibreOffice is missing, or undefined when it is there
 */
function ensureLibreOffice() {
  if (fs.existsSync(SOFFICE)) {
    say(`LibreOffice at ${SOFFICE}`);
    return undefined;
  }
  const howTo = 'sudo apt-get update && sudo apt-get install -y libreoffice-calc-nogui';
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) return `LibreOffice is missing at ${SOFFICE} and we are not root. Run: ${howTo}`;
  say('installing libreoffice-calc-nogui with apt-get');
  if (aptGet(['update'])) aptGet(['install', '-y', 'libreoffice-calc-nogui']);
  return fs.existsSync(SOFFICE)
    ? undefined
    : `apt-get could not install LibreOffice (${SOFFICE} is still missing). Try: ${howTo}`;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function printSummary(rows) {
  const headers = ['stage', 'result', 'passed', 'failed', 'time', 'note'];
  const cells = rows.map((r) => [
    r.title,
    r.status,
    r.status === 'skipped' || r.status === 'blocked' ? '-' : String(r.passed),
    r.status === 'skipped' || r.status === 'blocked' ? '-' : String(r.failed),
    r.seconds === undefined ? '' : `${r.seconds.toFixed(1)} s`,
    r.note ?? '',
  ]);
  const widths = headers.map((h, i) =>
    Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)),
  );
  const line = (c) =>
    c
      .map((v, i) => (i >= 2 && i <= 4 ? v.padStart(widths[i] ?? 0) : v.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  console.log('');
  console.log('Summary');
  console.log(`  ${line(headers)}`);
  for (const c of cells) console.log(`  ${line(c)}`);
  console.log('');
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log('usage: npm test [-- --only a,b] [-- --skip a,b]');
    console.log(`stages: ${STAGES.map((s) => s.id).join(', ')} (api, fuzz = both stages of each)`);
    return 0;
  }
  checkNode();
  const runStarted = Date.now();
  const stages = selectStages(argv);
  /** @type {Row[]} */
  const rows = [];
  /** Setup steps that failed, by name, with why. */
  const broken = new Map();

  let interrupted = false;
  const onSignal = () => {
    if (!interrupted) say('interrupted: finishing the current stage, then stopping');
    interrupted = true;
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const setup = async (name, title, step) => {
    const started = Date.now();
    try {
      const why = await step();
      if (why) throw new Error(why);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`[test] ${title} failed: ${message}`);
      broken.set(name, message);
      rows.push({
        title,
        status: 'FAILED',
        passed: 0,
        failed: 1,
        seconds: (Date.now() - started) / 1000,
        note: message.length > 80 ? `${message.slice(0, 77)}...` : message,
      });
    }
  };

  await setup('install', 'setup: install', () => ensureInstall());
  const needs = new Set(stages.flatMap((s) => s.needs ?? []));
  if (!broken.has('install')) {
    if (needs.has('build')) {
      await setup('build', 'setup: build', async () => {
        await ensureBuild();
        // The e2e fixtures run the admin CLI from this bundle (scripts/admin-cli.mjs). Loaded
        // here, not at the top: esbuild is not installed yet when a fresh clone's run starts.
        const { CLI_BUNDLE, buildServer } = await import('./build-server.mjs');
        await buildServer();
        process.env.TEST_ADMIN_CLI = CLI_BUNDLE;
      });
    }
    if (needs.has('chromium')) await setup('chromium', 'setup: chromium', () => ensureChromium());
    if (needs.has('nginx')) await setup('nginx', 'setup: nginx', () => ensureNginx());
    if (stages.some((s) => s.group === 'api')) {
      await setup('libreoffice', 'setup: libreoffice', () => ensureLibreOffice());
    }
  }

  fs.mkdirSync(REPORTS_DIR, { recursive: true });
  const extraEnv = {};
  // The first e2e worker's port: worker n serves on E2E_PORT + n, skipping a port in use
  // (e2e/fixtures/test.ts). One worker per core by default (e2e/playwright.config.ts);
  // E2E_WORKERS overrides it.
  if (stages.some((s) => s.kind === 'playwright') && !process.env.E2E_PORT) {
    extraEnv.E2E_PORT = String(await freePort());
  }

  /** A stage started beside the next one (`besideNext`), with the place its row goes. */
  let beside;
  for (const [index, stage] of stages.entries()) {
    const blockedBy = ['install', ...(stage.needs ?? [])].find((n) => broken.has(n));
    if (blockedBy) {
      rows.push({
        title: stage.title,
        status: 'blocked',
        passed: 0,
        failed: 0,
        note: `${blockedBy} failed`,
      });
      continue;
    }
    if (interrupted) {
      rows.push({
        title: stage.title,
        status: 'FAILED',
        passed: 0,
        failed: 1,
        note: 'not run: interrupted',
      });
      continue;
    }
    const skipReason = stage.skipReason?.();
    if (skipReason) {
      say(`${stage.title}: skipped because ${skipReason}`);
      rows.push({ title: stage.title, status: 'skipped', passed: 0, failed: 0, note: skipReason });
      continue;
    }
    console.log('');
    say(`━━ [${index + 1}/${stages.length}] ${stage.title}`);
    const running = runStage(stage, extraEnv).then((row) => {
      say(
        `━━ ${stage.title}: ${row.passed} passed, ${row.failed} failed (${row.seconds?.toFixed(1)} s)`,
      );
      return row;
    });
    if (stage.besideNext && index + 1 < stages.length && !beside) {
      rows.push(/** @type {Row} */ ({}));
      beside = { at: rows.length - 1, running };
      continue;
    }
    rows.push(await running);
    if (beside) {
      rows[beside.at] = await beside.running;
      beside = undefined;
    }
  }
  if (beside) rows[beside.at] = await beside.running;

  printSummary(rows);
  const passed = rows.reduce((n, r) => n + r.passed, 0);
  const failed = rows.reduce((n, r) => n + r.failed, 0);
  const summary = { passed, failed, seconds: (Date.now() - runStarted) / 1000, stages: rows };
  try {
    fs.writeFileSync(
      path.join(REPORTS_DIR, 'summary.json'),
      `${JSON.stringify(summary, null, 2)}\n`,
    );
  } catch {
    // The summary file is a convenience; the printed line below is the contract.
  }
  say(`total time ${(summary.seconds / 60).toFixed(1)} min`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

if (isMain(import.meta.url)) {
  try {
    process.exitCode = await main();
  } catch (error) {
    console.error(`[test] ${error instanceof Error ? error.message : String(error)}`);
    console.log('0 passed, 1 failed');
    process.exitCode = 1;
  }
}
