#!/usr/bin/env node
/**
 * Brings a checkout up to date before anything runs: the right Node, installed dependencies,
 * and built front ends. Plain Node with no dependencies, because it runs on a fresh clone
 * before node_modules exists.
 *
 *   node scripts/ensure.mjs            check Node, install dependencies when missing or stale
 *   node scripts/ensure.mjs --build    ... and build every front end (apps/*) when missing or stale
 *   node scripts/ensure.mjs --force    ... redo both even when the stamps say they are fresh
 *
 * Staleness is decided by content hashes, not timestamps, so a `git checkout` that restores
 * old files, or a clock skew, never fools it:
 *   - install: node_modules/.campus-install-stamp holds a hash of package-lock.json, .npmrc
 *     and every workspace package.json;
 *   - build: apps/<app>/dist/.build-stamp holds a hash of that app's sources, the shared
 *     packages' sources and package-lock.json.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { precompressDir } from './precompress.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const MIN_NODE = [20, 19, 0];
const INSTALL_STAMP = path.join(repoRoot, 'node_modules', '.campus-install-stamp');
const BUILD_STAMP_NAME = '.build-stamp';
/** Folders never part of a build's inputs. */
const SKIP_DIRS = new Set(['node_modules', 'dist', '.vite', 'coverage', 'test-results']);

/** Prints one short progress line. */
export function log(message) {
  console.log(`[ensure] ${message}`);
}

/** Exits with a clear message when Node is older than the engines field allows. */
export function checkNode(version = process.versions.node) {
  const have = version.split('.').map(Number);
  for (let i = 0; i < MIN_NODE.length; i += 1) {
    const a = have[i] ?? 0;
    const b = MIN_NODE[i] ?? 0;
    if (a > b) return;
    if (a < b) {
      console.error(
        `[ensure] Node.js ${MIN_NODE.join('.')} or newer is needed; this is ${version}.\n` +
          '[ensure] Install a current Node.js 20 LTS (or 22+) from https://nodejs.org and run the command again.',
      );
      process.exit(1);
    }
  }
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The workspace folders of the root package.json, relative to the root ("apps/*" expanded). */
export function workspaceDirs() {
  const patterns = readJson(path.join(repoRoot, 'package.json')).workspaces ?? [];
  const dirs = [];
  for (const pattern of patterns) {
    if (pattern.endsWith('/*')) {
      const parent = pattern.slice(0, -2);
      const abs = path.join(repoRoot, parent);
      if (!fs.existsSync(abs)) continue;
      for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
        if (entry.isDirectory()) dirs.push(`${parent}/${entry.name}`);
      }
    } else {
      dirs.push(pattern);
    }
  }
  return dirs
    .filter((dir) => fs.existsSync(path.join(repoRoot, dir, 'package.json')))
    .sort((a, b) => a.localeCompare(b));
}

/** Hashes files (relative to the root) by name and content; missing files hash as absent. */
function hashFiles(relativeFiles) {
  const hash = createHash('sha256');
  for (const rel of [...new Set(relativeFiles)].sort((a, b) => a.localeCompare(b))) {
    const abs = path.join(repoRoot, rel);
    hash.update(`${rel}\0`);
    hash.update(fs.existsSync(abs) ? fs.readFileSync(abs) : '<absent>');
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Every file under a folder (relative to the root), skipping build output and dependencies. */
function listFiles(relDir) {
  const out = [];
  const walk = (rel) => {
    const abs = path.join(repoRoot, rel);
    if (!fs.existsSync(abs)) return;
    for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(child);
      } else if (entry.isFile() && !entry.name.endsWith('.tsbuildinfo')) {
        out.push(child);
      }
    }
  };
  walk(relDir);
  return out;
}

function readStamp(file) {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Hash of everything that decides what `npm install` puts into node_modules. */
export function installHash() {
  return hashFiles([
    'package.json',
    'package-lock.json',
    '.npmrc',
    ...workspaceDirs().map((dir) => `${dir}/package.json`),
  ]);
}

/**
 * Runs a command with inherited stdio and resolves with its exit code.
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 * @returns {Promise<number>}
 */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs npm: the same npm that started us when there is one, so versions never mix. */
function runNpm(args) {
  const npmCli = process.env.npm_execpath;
  if (npmCli && /npm-cli\.js$/.test(npmCli)) return run(process.execPath, [npmCli, ...args]);
  return run(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, {
    shell: process.platform === 'win32',
  });
}

/** Installs dependencies when node_modules is missing or its stamp differs from the lock's hash. */
export async function ensureInstall({ force = false } = {}) {
  const hasModules = fs.existsSync(path.join(repoRoot, 'node_modules'));
  const stamp = readStamp(INSTALL_STAMP);
  if (!force && hasModules && stamp === installHash()) {
    log('dependencies up to date');
    return;
  }
  const why = force
    ? 'forced'
    : !hasModules
      ? 'node_modules is missing'
      : stamp
        ? 'package files changed since the last install'
        : 'no install stamp yet';
  log(`installing dependencies (${why}): npm install --no-audit --no-fund`);
  const started = Date.now();
  const code = await runNpm(['install', '--no-audit', '--no-fund']);
  if (code !== 0) throw new Error(`npm install failed with exit code ${code}`);
  // Hash after installing: npm may have updated package-lock.json itself.
  fs.writeFileSync(INSTALL_STAMP, `${installHash()}\n`);
  log(`dependencies installed in ${seconds(started)}`);
}

/**
 * The front ends: workspaces under apps/ that have a build script.
 * @returns {{ name: string, dir: string }[]}
 */
export function frontEnds() {
  return workspaceDirs()
    .filter((dir) => dir.startsWith('apps/'))
    .map((dir) => ({ dir, pkg: readJson(path.join(repoRoot, dir, 'package.json')) }))
    .filter(({ pkg }) => typeof pkg.scripts?.build === 'string')
    .map(({ dir, pkg }) => ({ name: pkg.name, dir }));
}

/** Hash of a front end's build inputs: its own files, the shared packages and the lock file. */
export function buildHash(appDir) {
  const shared = workspaceDirs()
    .filter((dir) => dir.startsWith('packages/'))
    .flatMap((dir) => [`${dir}/package.json`, ...listFiles(`${dir}/src`)]);
  // Every sub-app's pages carry the runtime's import map, made by shared-modules.mjs.
  const importMapSource = 'apps/runtime/shared-modules.mjs';
  return hashFiles([
    ...listFiles(appDir),
    ...shared,
    importMapSource,
    // Its .br and .gz copies are part of the build.
    'scripts/precompress.mjs',
    'package-lock.json',
    'tsconfig.json',
  ]);
}

/** Builds every front end whose dist is missing or whose stamp differs from its sources' hash. */
export async function ensureBuild({ force = false } = {}) {
  for (const app of frontEnds()) {
    const stampFile = path.join(repoRoot, app.dir, 'dist', BUILD_STAMP_NAME);
    const stamp = readStamp(stampFile);
    const hash = buildHash(app.dir);
    if (!force && stamp === hash) {
      log(`${app.name} build up to date`);
      continue;
    }
    const why = force ? 'forced' : stamp ? 'sources changed' : 'no build yet';
    log(`building ${app.name} (${why})`);
    const started = Date.now();
    const code = await runNpm(['run', 'build', '-w', app.name]);
    if (code !== 0) throw new Error(`building ${app.name} failed with exit code ${code}`);
    // Served as they are, not compressed per request (scripts/precompress.mjs).
    await precompressDir(path.join(repoRoot, app.dir, 'dist'));
    fs.mkdirSync(path.dirname(stampFile), { recursive: true });
    fs.writeFileSync(stampFile, `${hash}\n`);
    log(`${app.name} built in ${seconds(started)}`);
  }
}

/** Node check, install, and (with build: true) the front-end builds. */
export async function ensure({ build = false, force = false } = {}) {
  checkNode();
  await ensureInstall({ force });
  if (build) await ensureBuild({ force });
}

function seconds(started) {
  return `${((Date.now() - started) / 1000).toFixed(1)} s`;
}

/** True when the module at `url` is the script Node was started with. */
export function isMain(url) {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return pathToFileURL(fs.realpathSync(entry)).href === url;
  } catch {
    return false;
  }
}

if (isMain(import.meta.url)) {
  const args = new Set(process.argv.slice(2));
  if (args.has('--help') || args.has('-h')) {
    console.log('usage: node scripts/ensure.mjs [--build] [--force]');
    process.exit(0);
  }
  try {
    await ensure({ build: args.has('--build'), force: args.has('--force') });
  } catch (error) {
    console.error(`[ensure] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
