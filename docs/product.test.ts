/**
 * Keeps the "spec §N" citations resolvable inside the repository: every citation in the code,
 * tests, scripts and docs must name a numbered section of docs/product.md, and product.md must
 * keep the nine sections (with their titles) that the code cites.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const productPath = join(root, 'docs', 'product.md');

/** The nine sections, numbered and titled as the code cites them. */
const SECTIONS = [
  'What the product does and for whom',
  'Screens and routes',
  'Entities and their fields',
  'States and transitions',
  'Validation rules',
  'Roles and permissions',
  'The calls it makes',
  'Error catalogue',
  'Business constants and limits',
] as const;

/** Sub-headings the code names after a section number ("spec §2 Header"), by section. */
const CITED_SUBHEADINGS: Readonly<Record<number, readonly string[]>> = {
  2: [
    'App pages',
    'Redirect path that names an app',
    'Sub-application routing',
    'Page viewport',
    'Header',
    'Top app-icon menu',
    'Left layout',
    'Theme dialog',
    'Other dialogs',
    'Login box',
    'Footer',
    'About dialog',
    'No-data placeholder',
    'Face component',
    'Draggable dialog and colour picker',
  ],
  3: ['App icon', 'Message', 'Child', 'Menu entry', 'Version record', 'Manifest', 'Dialog props'],
  4: [
    'Login result',
    'Redirect order after login',
    'Login state',
    'Session expiry',
    'Auto-login',
    'Logout',
    'Module status by end time',
    'To-do popup',
    'Layout',
    'Screen class',
    'Licence',
    'Chunked upload',
    'Sub-app start-up',
    'Face component',
    'Dialog',
    'Colour picker',
    'Language switching',
  ],
  8: ['Login box failure', 'Licence expired', 'Zoom warning', 'Options errors', 'Version mismatch'],
};

const SCANNED_FOLDERS = ['packages', 'server', 'apps', 'e2e', 'bench', 'scripts', 'docs'];
const SCANNED_FILES = ['README.md'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);
const TEXT_EXTENSIONS = new Set([
  '.ts',
  '.tsx',
  '.mts',
  '.cts',
  '.js',
  '.mjs',
  '.cjs',
  '.css',
  '.html',
  '.md',
]);

/**
 * "spec §2", and the sections chained after it: "spec §5/§8", "spec §2, §4, §8",
 * "spec §7 and §8", "spec §2–§4".
 */
const CITATION = /\bspec §(\d+)((?:\s*(?:[/,–-]|and|or|to)\s*§\d+)*)/g;

interface Citation {
  file: string;
  line: number;
  section: number;
}

function* sourceFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (entry.isFile() && TEXT_EXTENSIONS.has(extname(entry.name))) yield path;
  }
}

/** Every section number cited in `text`, with its line. */
function citationsIn(text: string, file: string): Citation[] {
  const found: Citation[] = [];
  for (const match of text.matchAll(CITATION)) {
    const line = text.slice(0, match.index).split('\n').length;
    const chained = [...(match[2] ?? '').matchAll(/§(\d+)/g)].map((m) => m[1]);
    const numbers = [match[1], ...chained];
    for (const n of numbers) found.push({ file, line, section: Number(n) });
  }
  return found;
}

/** The numbered `## N. Title` sections of a markdown text, in order. */
function numberedSections(markdown: string): { number: number; title: string }[] {
  return [...markdown.matchAll(/^## (\d+)\. (.+)$/gm)].map((m) => ({
    number: Number(m[1]),
    title: (m[2] ?? '').trim(),
  }));
}

/** The `###` headings of one numbered section. */
function subheadingsOf(markdown: string, section: number): string[] {
  const start = markdown.search(new RegExp(`^## ${section}\\. `, 'm'));
  if (start < 0) return [];
  const rest = markdown.slice(start + 1);
  const end = rest.search(/^## /m);
  const body = end < 0 ? rest : rest.slice(0, end);
  return [...body.matchAll(/^### (.+)$/gm)].map((m) => (m[1] ?? '').trim());
}

const product = readFileSync(productPath, 'utf8');

function allCitations(): Citation[] {
  const files = [
    ...SCANNED_FOLDERS.flatMap((folder) => [...sourceFiles(join(root, folder))]),
    ...SCANNED_FILES.map((file) => join(root, file)),
  ];
  return files.flatMap((file) => citationsIn(readFileSync(file, 'utf8'), relative(root, file)));
}

describe('docs/product.md', () => {
  it('has the nine sections, in order, with their titles', () => {
    expect(numberedSections(product)).toEqual(
      SECTIONS.map((title, i) => ({ number: i + 1, title })),
    );
  });

  it.each(Object.entries(CITED_SUBHEADINGS))(
    'section %s keeps the sub-headings the code names',
    (section, titles) => {
      expect(subheadingsOf(product, Number(section))).toEqual(expect.arrayContaining([...titles]));
    },
  );
});

describe('"spec §N" citations', () => {
  it('finds citations alone and chained', () => {
    const text = 'x // spec §2\n/* spec §5/§8, spec §2, §4 and §9; spec §2–§4 */ §7 alone';
    expect(citationsIn(text, 'f.ts').map((c) => [c.line, c.section])).toEqual([
      [1, 2],
      [2, 5],
      [2, 8],
      [2, 2],
      [2, 4],
      [2, 9],
      [2, 2],
      [2, 4],
    ]);
  });

  it('are many (the scan reaches the source tree)', () => {
    expect(allCitations().length).toBeGreaterThan(1000);
  });

  it('each name a section of docs/product.md', () => {
    const sections = new Set(numberedSections(product).map((s) => s.number));
    const unresolved = allCitations()
      .filter((c) => !sections.has(c.section))
      .map((c) => `${c.file}:${c.line} cites spec §${c.section}`);
    expect(unresolved).toEqual([]);
  });
});
