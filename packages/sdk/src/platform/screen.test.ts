import { describe, expect, it } from 'vitest';
import { screenClassOf } from './screen.ts';

describe('screenClassOf (spec §4: pc above 1024, ipad above 400, mobile otherwise)', () => {
  it.each([
    [1920, 'pc'],
    [1025, 'pc'],
    [1024, 'ipad'],
    [401, 'ipad'],
    [400, 'mobile'],
    [390, 'mobile'],
    [0, 'mobile'],
  ] as const)('%i px is %s', (width, expected) => {
    expect(screenClassOf(width)).toBe(expected);
  });
});
