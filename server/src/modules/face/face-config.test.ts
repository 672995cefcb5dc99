import { describe, expect, it } from 'vitest';
import { FACE_LIVENESS_MIN_SCORE } from '@campus/contracts/face';
import { loadFaceConfig } from './face-config.ts';

describe('loadFaceConfig (DESIGN.md §9: FACE_LIVENESS on by default)', () => {
  it('defaults: liveness on at the shipped score, models loaded on first use, the tiny detector', () => {
    expect(loadFaceConfig({})).toEqual({
      liveness: true,
      livenessMinScore: FACE_LIVENESS_MIN_SCORE,
      preload: false,
      detector: 'tiny',
    });
  });

  it('reads the variables', () => {
    expect(
      loadFaceConfig({
        FACE_LIVENESS: '0',
        FACE_LIVENESS_MIN_SCORE: '0.6',
        FACE_PRELOAD: '1',
        FACE_DETECTOR: 'ssd',
      }),
    ).toEqual({ liveness: false, livenessMinScore: 0.6, preload: true, detector: 'ssd' });
  });

  it('stops the start-up on a malformed value, naming the variable', () => {
    expect(() => loadFaceConfig({ FACE_LIVENESS_MIN_SCORE: '2' })).toThrow(
      /FACE_LIVENESS_MIN_SCORE/,
    );
    expect(() => loadFaceConfig({ FACE_LIVENESS_MIN_SCORE: 'high' })).toThrow(
      /FACE_LIVENESS_MIN_SCORE/,
    );
    expect(() => loadFaceConfig({ FACE_DETECTOR: 'mtcnn' })).toThrow(/FACE_DETECTOR/);
  });
});
