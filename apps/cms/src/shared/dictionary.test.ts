import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { zh } from './zh.ts';

/** Dotted keys of a nested dictionary. */
function keys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('cms dictionaries (spec §4: zh-CN built in, en from lang/en-cms.json)', () => {
  it('the English file has exactly the built-in keys', () => {
    const file = path.join(import.meta.dirname, '..', 'lang', 'en-cms.json');
    const en: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(keys(en).sort()).toEqual(keys(zh).sort());
  });
});
