import { describe, expect, it } from 'vitest';
import { nonFiniteAt } from './finite-numbers.ts';

describe('nonFiniteAt', () => {
  it('finds an infinite or NaN number anywhere, by its path', () => {
    expect(nonFiniteAt({ start: Infinity })).toBe('/start');
    expect(nonFiniteAt({ a: [1, { b: Number.NaN }] })).toBe('/a/1/b');
    expect(nonFiniteAt(-Infinity)).toBe('');
  });

  it('passes finite numbers, strings and nulls, and any depth without a stack overflow', () => {
    expect(nonFiniteAt({ a: 1, b: 'Infinity', c: null, d: [2.5] })).toBeUndefined();
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(nonFiniteAt(deep)).toBeUndefined();
  });
});
