/**
 * The benchmarks' peer front end: a bare React 19 "hello" page (bench/fixtures/react-only),
 * built with Vite into a temporary folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../scripts/ensure.mjs';

const fixtureRoot = path.join(repoRoot, 'bench', 'fixtures', 'react-only');

/** Builds the bare React page; returns its folder and a remover. */
export async function buildBareReactPage() {
  const { build } = await import('vite');
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-bench-react-'));
  await build({
    configFile: false,
    root: fixtureRoot,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  return { dir: outDir, remove: () => fs.rmSync(outDir, { recursive: true, force: true }) };
}
