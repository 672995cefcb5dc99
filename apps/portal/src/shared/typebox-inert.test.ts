/**
 * The portal's build replaces TypeBox with `typebox-inert.ts` (issue 10 §2 weight), which is
 * right only while the code a page runs reads no schema: the contracts may take only `Type`
 * from TypeBox as a value (types are free), and the SDK, ui and the portal nothing at all.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Type } from './typebox-inert.ts';

const repo = path.resolve(import.meta.dirname, '../../../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The value imports (not `import type`, not `type X` members) each file takes from TypeBox. */
function typeboxValueImports(dir: string): string[] {
  const found: string[] = [];
  for (const file of sources(dir)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(
      /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'(typebox[^']*)'/g,
    )) {
      if (match[1]) continue;
      const names = (match[2] ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name && !name.startsWith('type '));
      for (const name of names)
        found.push(`${path.relative(repo, file)}: ${name} from ${match[3]}`);
    }
    if (/import\s+\w+\s+from\s+'typebox|import\s+\*\s+as\s+\w+\s+from\s+'typebox/.test(text)) {
      found.push(`${path.relative(repo, file)}: a default or namespace import`);
    }
  }
  return found;
}

describe('the portal build without TypeBox (typebox-inert.ts)', () => {
  it('the contracts take only Type from TypeBox as a value', () => {
    const names = typeboxValueImports(path.join(repo, 'packages/contracts/src'));
    expect(names.filter((line) => !line.endsWith(': Type from typebox'))).toEqual([]);
  });

  it('the SDK, ui and the portal take nothing from TypeBox as a value', () => {
    const dirs = ['packages/sdk/src', 'packages/ui/src', 'apps/portal/src'];
    expect(dirs.flatMap((dir) => typeboxValueImports(path.join(repo, dir)))).toEqual([]);
  });

  it('every builder gives an inert empty schema', () => {
    expect(Type.Object?.({ a: Type.String?.() })).toEqual({});
    expect(Type.Cyclic?.({}, 'X')).toEqual({});
  });
});
