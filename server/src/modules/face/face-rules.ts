/**
 * The face decisions as pure functions (DESIGN.md §9), so the thresholds are tested with fixed
 * numbers: which face of a photo counts, and whether a 1:N search found someone.
 */
import {
  FACE_MATCH_MAX_DISTANCE,
  FACE_MATCH_MIN_MARGIN,
  FACE_MIN_SIZE_PX,
  FACE_SECOND_FACE_MIN_RATIO,
} from '@campus/contracts/face';

export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Why a decoded photo has no usable face. */
export type PhotoProblem = 'no-face' | 'several-faces' | 'face-too-small';

export interface PhotoRules {
  minFaceSizePx: number;
  secondFaceMinRatio: number;
}

export const DEFAULT_PHOTO_RULES: PhotoRules = {
  minFaceSizePx: FACE_MIN_SIZE_PX,
  secondFaceMinRatio: FACE_SECOND_FACE_MIN_RATIO,
};

/**
 * The one face a photo is about, or why there is none: no face; a second face at least
 * `secondFaceMinRatio` as wide as the largest (two people in view: whose photo is it?); or the
 * largest face narrower than `minFaceSizePx`. Smaller faces behind are people queueing.
 *
 * @example
 * choosePhotoFace([{ box: { x: 0, y: 0, width: 200, height: 220 } }]) // { face: … }
 */
export function choosePhotoFace<F extends { box: FaceBox }>(
  faces: readonly F[],
  rules: PhotoRules = DEFAULT_PHOTO_RULES,
): { face: F } | { problem: PhotoProblem } {
  const bySize = [...faces].sort((a, b) => b.box.width - a.box.width);
  const largest = bySize[0];
  if (!largest) return { problem: 'no-face' };
  const second = bySize[1];
  if (second && second.box.width >= largest.box.width * rules.secondFaceMinRatio) {
    return { problem: 'several-faces' };
  }
  if (largest.box.width < rules.minFaceSizePx) return { problem: 'face-too-small' };
  return { face: largest };
}

export interface EnrolledFace {
  userId: string;
  descriptor: Float32Array;
}

export interface MatchRules {
  maxDistance: number;
  minMargin: number;
}

export const DEFAULT_MATCH_RULES: MatchRules = {
  maxDistance: FACE_MATCH_MAX_DISTANCE,
  minMargin: FACE_MATCH_MIN_MARGIN,
};

export type MatchOutcome =
  | { kind: 'match'; userId: string; distance: number; runnerUp: number | null }
  /** Nobody within the threshold (or nobody enrolled: `nearest` null). */
  | { kind: 'none'; nearest: number | null }
  /** Someone within the threshold, but another person almost as near. */
  | { kind: 'ambiguous'; userId: string; distance: number; runnerUp: number };

/** Euclidean distance of two descriptors of the same length (face-api's measure). */
export function descriptorDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error('descriptors differ in length');
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] as number) - (b[i] as number);
    sum += d * d;
  }
  return Math.sqrt(sum);
}

/**
 * 1:N search (DESIGN.md §9): the nearest enrolled person counts when their distance is below
 * `maxDistance` and the second nearest person is at least `minMargin` further away; one record
 * per person, so the runner-up is always someone else.
 *
 * @example
 * findMatch(probe, [{ userId: 'a', descriptor: a }, { userId: 'b', descriptor: b }])
 * // { kind: 'match', userId: 'a', distance: 0.31, runnerUp: 0.74 }
 */
export function findMatch(
  probe: ArrayLike<number>,
  gallery: readonly EnrolledFace[],
  rules: MatchRules = DEFAULT_MATCH_RULES,
): MatchOutcome {
  let best: { userId: string; distance: number } | undefined;
  let runnerUp = Infinity;
  for (const enrolled of gallery) {
    const distance = descriptorDistance(probe, enrolled.descriptor);
    if (!best || distance < best.distance) {
      if (best) runnerUp = best.distance;
      best = { userId: enrolled.userId, distance };
    } else if (distance < runnerUp) {
      runnerUp = distance;
    }
  }
  if (!best) return { kind: 'none', nearest: null };
  if (!(best.distance < rules.maxDistance)) return { kind: 'none', nearest: best.distance };
  const second = Number.isFinite(runnerUp) ? runnerUp : null;
  if (second !== null && second - best.distance < rules.minMargin) {
    return { kind: 'ambiguous', userId: best.userId, distance: best.distance, runnerUp: second };
  }
  return { kind: 'match', userId: best.userId, distance: best.distance, runnerUp: second };
}

/** A descriptor as stored: base64 of its little-endian float32 values (0015-face.ts). */
export function encodeDescriptor(descriptor: ArrayLike<number>): string {
  const buffer = Buffer.alloc(descriptor.length * 4);
  for (let i = 0; i < descriptor.length; i++) buffer.writeFloatLE(descriptor[i] as number, i * 4);
  return buffer.toString('base64');
}

export function decodeDescriptor(text: string): Float32Array {
  const buffer = Buffer.from(text, 'base64');
  const out = new Float32Array(buffer.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = buffer.readFloatLE(i * 4);
  return out;
}

/** The photo's bytes from `faceImage`: base64 with or without a `data:image/…;base64,` prefix. */
export type PhotoBytes =
  { bytes: Buffer } | { problem: 'empty' | 'not-base64' | 'too-large' | 'not-an-image' };

const DATA_URL = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)?(;[a-z0-9=.+-]+)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function photoBytes(faceImage: string | undefined, maxBytes: number): PhotoBytes {
  // Spaces are kept for now: at either end they may be '+' signs a form post turned into spaces.
  let text = faceImage ?? '';
  if (text.trim() === '') return { problem: 'empty' };
  const prefix = DATA_URL.exec(text);
  if (prefix) text = text.slice(prefix[0].length);
  else if (/^data:/i.test(text)) return { problem: 'not-base64' };
  // A form post may turn '+' into a space when the client forgot to encode it.
  text = text.replace(/ /g, '+');
  if (text === '' || text.length % 4 === 1 || !BASE64.test(text)) return { problem: 'not-base64' };
  if (
    Math.floor((text.length * 3) / 4) - (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0) >
    maxBytes
  ) {
    return { problem: 'too-large' };
  }
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0) return { problem: 'not-base64' };
  if (!looksLikeImage(bytes)) return { problem: 'not-an-image' };
  return { bytes };
}

/** JPEG, PNG or WebP by their signatures: anything else is refused before a decoder sees it. */
function looksLikeImage(bytes: Buffer): boolean {
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png = bytes
    .subarray(0, 8)
    .equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const webp =
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP';
  return jpeg || png || webp;
}
