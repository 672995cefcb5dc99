/**
 * The desktop is grouped by feature (issue 10 §2), and its folders import one another in one
 * direction only (docs/ARCHITECTURE.md):
 * - `common/` imports no other folder of the desktop;
 * - a feature folder (messages, todos, apps, accounts, footer) imports `common/` and other
 *   features, never `pages/` or `shell/`, and the features never import one another in a cycle;
 * - `pages/` imports features and `common/`, and only `shell/` imports it;
 * - only the entry (`main.tsx`) imports `shell/`.
 * Every import counts, type-only and on-demand ones too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = import.meta.dirname;
const FEATURES = ['messages', 'todos', 'apps', 'accounts', 'footer'];
const FOLDERS = ['common', ...FEATURES, 'pages', 'shell'];

/** The desktop's source files, relative to this folder. */
function sources(dir = root): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [path.relative(root, full)] : [];
  });
}

/** The folder of the desktop a file is in ('' for the entry files at the top). */
function folderOf(file: string): string {
  const parts = file.split(path.sep);
  return parts.length > 1 ? (parts[0] ?? '') : '';
}

/** Every edge folder → folder (different folders only), with the files that make it. */
function folderImports(): Map<string, Map<string, string[]>> {
  const edges = new Map<string, Map<string, string[]>>();
  for (const file of sources()) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = path.relative(root, path.resolve(root, path.dirname(file), match[1] ?? ''));
      if (target.startsWith('..')) continue; // outside the desktop (shared, i18n, …)
      const from = folderOf(file);
      const to = folderOf(target);
      if (from === to) continue;
      const byTarget = edges.get(from) ?? new Map<string, string[]>();
      byTarget.set(to, [...(byTarget.get(to) ?? []), `${file} → ${target}`]);
      edges.set(from, byTarget);
    }
  }
  return edges;
}

const edges = folderImports();
const importersOf = (folder: string) =>
  [...edges].filter(([, targets]) => targets.has(folder)).map(([from]) => from);

describe('the desktop folders (issue 10 §2: grouped by feature)', () => {
  it('has only the known folders and the entry at the top', () => {
    const folders = new Set(sources().map(folderOf));
    folders.delete('');
    expect([...folders].sort()).toEqual([...FOLDERS].sort());
  });

  it('common imports no other folder of the desktop', () => {
    expect([...(edges.get('common')?.values() ?? [])].flat()).toEqual([]);
  });

  it('features import neither pages nor shell', () => {
    const wrong = FEATURES.flatMap((feature) =>
      ['pages', 'shell', ''].flatMap((target) => edges.get(feature)?.get(target) ?? []),
    );
    expect(wrong).toEqual([]);
  });

  it('only shell imports pages, and only the entry imports shell', () => {
    expect(importersOf('pages')).toEqual(['shell']);
    expect(importersOf('shell')).toEqual(['']);
  });

  it('the features never import one another in a cycle', () => {
    const cycles: string[] = [];
    const walk = (folder: string, trail: string[]) => {
      if (trail.includes(folder)) {
        cycles.push([...trail.slice(trail.indexOf(folder)), folder].join(' → '));
        return;
      }
      for (const next of edges.get(folder)?.keys() ?? []) {
        if (FEATURES.includes(next)) walk(next, [...trail, folder]);
      }
    };
    for (const feature of FEATURES) walk(feature, []);
    expect(cycles).toEqual([]);
  });
});
