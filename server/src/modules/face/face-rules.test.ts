import { describe, expect, it } from 'vitest';
import {
  FACE_IMAGE_MAX_BYTES,
  FACE_MATCH_MAX_DISTANCE,
  FACE_MATCH_MIN_MARGIN,
} from '@campus/contracts/face';
import {
  choosePhotoFace,
  decodeDescriptor,
  descriptorDistance,
  encodeDescriptor,
  findMatch,
  photoBytes,
  type EnrolledFace,
} from './face-rules.ts';

/** A 128-d descriptor at `distance` from the zero vector along axis `axis`. */
function at(distance: number, axis = 0): Float32Array {
  const d = new Float32Array(128);
  d[axis] = distance;
  return d;
}
const probe = at(0);
const person = (userId: string, distance: number, axis = 0): EnrolledFace => ({
  userId,
  descriptor: at(distance, axis),
});

describe('findMatch (DESIGN.md §9: within the threshold, clearly ahead of the runner-up)', () => {
  it('uses the shipped numbers', () => {
    expect(FACE_MATCH_MAX_DISTANCE).toBe(0.5);
    expect(FACE_MATCH_MIN_MARGIN).toBe(0.1);
  });

  it('matches the nearest person within the threshold', () => {
    const outcome = findMatch(probe, [person('far', 0.9), person('near', 0.3, 1)]);
    expect(outcome).toMatchObject({ kind: 'match', userId: 'near' });
    if (outcome.kind !== 'match') throw new Error('no match');
    expect(outcome.distance).toBeCloseTo(0.3);
    expect(outcome.runnerUp).toBeCloseTo(0.9);
  });

  it('matches a lone enrolled person with no runner-up', () => {
    expect(findMatch(probe, [person('only', 0.2)])).toMatchObject({
      kind: 'match',
      userId: 'only',
      runnerUp: null,
    });
  });

  it('refuses at and beyond the threshold', () => {
    expect(findMatch(probe, [person('edge', 0.5)])).toMatchObject({ kind: 'none' });
    expect(findMatch(probe, [person('edge', 0.49)])).toMatchObject({ kind: 'match' });
    const none = findMatch(probe, [person('a', 0.7), person('b', 0.55, 1)]);
    expect(none.kind).toBe('none');
    if (none.kind === 'none') expect(none.nearest).toBeCloseTo(0.55);
  });

  it('refuses when the runner-up is within the margin, whichever order they come in', () => {
    const gallery = [person('a', 0.3), person('b', 0.38, 1)];
    expect(findMatch(probe, gallery)).toMatchObject({ kind: 'ambiguous', userId: 'a' });
    expect(findMatch(probe, [...gallery].reverse())).toMatchObject({
      kind: 'ambiguous',
      userId: 'a',
    });
    // 0.11 ahead: clear enough.
    expect(findMatch(probe, [person('a', 0.3), person('b', 0.41, 1)])).toMatchObject({
      kind: 'match',
      userId: 'a',
    });
  });

  it('compares with the second nearest even when it lies beyond the threshold', () => {
    expect(findMatch(probe, [person('a', 0.45), person('b', 0.53, 1)])).toMatchObject({
      kind: 'ambiguous',
    });
  });

  it('answers none with no nearest for an empty unit', () => {
    expect(findMatch(probe, [])).toEqual({ kind: 'none', nearest: null });
  });

  it('takes other rules when given', () => {
    expect(findMatch(probe, [person('a', 0.55)], { maxDistance: 0.6, minMargin: 0 })).toMatchObject(
      { kind: 'match' },
    );
  });
});

describe('descriptors', () => {
  it('measure the Euclidean distance', () => {
    expect(descriptorDistance([0, 3], [4, 0])).toBe(5);
    expect(() => descriptorDistance([0], [0, 1])).toThrow();
  });

  it('round-trip through their stored form exactly', () => {
    const d = Float32Array.from({ length: 128 }, (_, i) => Math.sin(i) / 7);
    const text = encodeDescriptor(d);
    expect(text).toHaveLength(684);
    expect(decodeDescriptor(text)).toEqual(d);
  });
});

describe('choosePhotoFace', () => {
  const face = (width: number) => ({ box: { x: 0, y: 0, width, height: width } });

  it('takes the largest face, ignoring small ones behind', () => {
    expect(choosePhotoFace([face(40), face(200)])).toEqual({ face: face(200) });
  });

  it('refuses no face, two comparable faces, and a face too small', () => {
    expect(choosePhotoFace([])).toEqual({ problem: 'no-face' });
    expect(choosePhotoFace([face(200), face(100)])).toEqual({ problem: 'several-faces' });
    expect(choosePhotoFace([face(50)])).toEqual({ problem: 'face-too-small' });
  });
});

describe('photoBytes', () => {
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

  it('reads plain base64 and a data URL', () => {
    expect(photoBytes(jpeg.toString('base64'), 100)).toEqual({ bytes: jpeg });
    expect(photoBytes(`data:image/jpeg;base64,${jpeg.toString('base64')}`, 100)).toEqual({
      bytes: jpeg,
    });
  });

  it('restores the plus signs a careless form post turned into spaces', () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xfb, 0xef, 0xbe]);
    const text = bytes.toString('base64');
    expect(text).toContain('+');
    expect(photoBytes(text.replace(/\+/g, ' '), 100)).toEqual({ bytes });
  });

  it('names each problem', () => {
    expect(photoBytes(undefined, 100)).toEqual({ problem: 'empty' });
    expect(photoBytes('  ', 100)).toEqual({ problem: 'empty' });
    expect(photoBytes('data:text/html,<b>', 100)).toEqual({ problem: 'not-base64' });
    expect(photoBytes('ab$d', 100)).toEqual({ problem: 'not-base64' });
    expect(photoBytes('abcde', 100)).toEqual({ problem: 'not-base64' });
    expect(photoBytes(Buffer.from('GIF89a-----').toString('base64'), 100)).toEqual({
      problem: 'not-an-image',
    });
    expect(photoBytes(Buffer.alloc(101, 0xff).toString('base64'), 100)).toEqual({
      problem: 'too-large',
    });
    expect(photoBytes(jpeg.toString('base64'), FACE_IMAGE_MAX_BYTES)).toEqual({ bytes: jpeg });
  });
});
