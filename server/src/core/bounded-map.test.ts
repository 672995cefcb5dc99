import { describe, expect, it } from 'vitest';
import { makeRoomIn } from './bounded-map.ts';

describe('makeRoomIn', () => {
  it('leaves a map under its bound alone', () => {
    const map = new Map([...Array(19).keys()].map((n) => [n, n]));
    makeRoomIn(map, 20);
    expect(map.size).toBe(19);
  });

  it('drops the oldest tenth, in insertion order, of a map at its bound', () => {
    const map = new Map([...Array(20).keys()].map((n) => [n, n]));
    map.delete(0);
    map.set(0, 0);
    makeRoomIn(map, 20);
    expect([...map.keys()]).toEqual([
      3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 0,
    ]);
  });
});
