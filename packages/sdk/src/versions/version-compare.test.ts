import { describe, expect, it } from 'vitest';
import { compareVersions, padVersion } from './version-compare.ts';

describe('padVersion (spec §5: each segment padded to 4 digits)', () => {
  it.each([
    ['1.10.0', 0, '000100100000'],
    ['1.9.9', 0, '000100090009'],
    ['1.2', 3, '000100020000'],
    ['1.2.0', 2, '000100020000'],
    ['v2.0', 0, '00020000'],
    ['1.2.0-beta', 0, '000100020000'],
    ['', 0, '0000'],
    [undefined, 2, '00000000'],
    ['12345.1', 0, '123450001'],
  ] as const)('spec §5: %j (at least %i segments) → %s', (version, count, expected) => {
    expect(padVersion(version, count)).toBe(expected);
  });
});

describe('compareVersions (spec §5: dotted versions compared as numbers after padding)', () => {
  it.each([
    ['1.10.0', '1.9.9', 1],
    ['1.9.9', '1.10.0', -1],
    ['1.0.0', '1.0.0', 0],
    ['2.0.0', '1.99.9999', 1],
    ['0.0.1', '0.0.0', 1],
    ['1.2.10', '1.2.9', 1],
    ['v1.2.3', '1.2.3', 0],
    [' 1.2.3 ', '1.2.3', 0],
  ] as const)('spec §5: %j vs %j → %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });

  it('spec §5: missing trailing segments count as 0, so 1.2 equals 1.2.0', () => {
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareVersions('1.2.0.0', '1.2')).toBe(0);
    expect(compareVersions('1.2', '1.2.1')).toBe(-1);
    // The literal reading (unequal lengths as plain numbers) would call 2.0 older than 1.0.0.
    expect(compareVersions('2.0', '1.0.0')).toBe(1);
  });

  it('spec §5: agrees with comparing the 4-digit padded strings at equal length', () => {
    const samples = ['0.1', '1.0.0', '1.2', '1.2.9', '1.10', '2.0.0.1', '9999.9999', '10.0'];
    for (const a of samples) {
      for (const b of samples) {
        const n = Math.max(a.split('.').length, b.split('.').length);
        const x = padVersion(a, n);
        const y = padVersion(b, n);
        const padded = x === y ? 0 : x < y ? -1 : 1;
        expect(compareVersions(a, b), `${a} vs ${b}`).toBe(padded);
      }
    }
  });

  it('spec §5: a segment wider than 4 digits still orders by value', () => {
    expect(compareVersions('1.10000', '1.9999')).toBe(1);
  });

  it('spec §5: non-numeric parts and empty versions count as 0', () => {
    expect(compareVersions('1.x', '1.0')).toBe(0);
    expect(compareVersions('', '0')).toBe(0);
    expect(compareVersions(null, '0.0.1')).toBe(-1);
    expect(compareVersions('1.0.0-rc.1', '1.0.0')).toBe(0);
  });
});
