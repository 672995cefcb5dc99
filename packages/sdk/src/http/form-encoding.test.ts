import { stringify } from 'qs';
import { describe, expect, it } from 'vitest';
import { encodeFormLite } from './form-encoding.ts';

describe('encodeFormLite writes what qs.stringify(…, { allowDots: true }) writes (spec §7)', () => {
  it.each([
    {},
    { username: 'teacher', password: 'Teacher@2026' },
    { rememberMe: true, n: 0, f: 1.5, neg: -2 },
    { text: "a b&c=d/é 中文 !'()*~-_." },
    { nested: { deep: { key: 'v' } }, list: [1, 2, 3] },
    { list: [{ a: 1 }, { b: [true, null] }] },
    { empty: '', nothing: null, skipped: undefined },
    { 'key with space': 'v', 'a.b': 'dotted key' },
    { when: new Date(Date.UTC(2026, 10, 22, 8, 30)) },
    { emptyList: [], emptyObject: {} },
  ])('%j', (payload) => {
    expect(encodeFormLite(payload)).toBe(stringify(payload, { allowDots: true }));
  });
});
