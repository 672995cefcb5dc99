/**
 * The face settings (DESIGN.md §9), read from the environment like the rest of the
 * configuration: FACE_LIVENESS (on unless `0`), FACE_LIVENESS_MIN_SCORE (0..1), FACE_PRELOAD
 * (`1` loads the models at start instead of on the first photo) and FACE_DETECTOR (`tiny`, the
 * default: the tiny detector on the padded photo, about 16 times as fast as `ssd`, SSD MobileNet
 * v1, and as good on the shipped photos; docs/decisions.md).
 */
import { FACE_LIVENESS_MIN_SCORE } from '@campus/contracts/face';

export interface FaceConfig {
  liveness: boolean;
  livenessMinScore: number;
  preload: boolean;
  detector: 'tiny' | 'ssd';
}

export function loadFaceConfig(env: NodeJS.ProcessEnv = process.env): FaceConfig {
  const score = env.FACE_LIVENESS_MIN_SCORE?.trim();
  const livenessMinScore = score ? Number(score) : FACE_LIVENESS_MIN_SCORE;
  if (!Number.isFinite(livenessMinScore) || livenessMinScore < 0 || livenessMinScore > 1) {
    throw new Error(`FACE_LIVENESS_MIN_SCORE must be a number from 0 to 1, got "${score}"`);
  }
  const detector = env.FACE_DETECTOR?.trim() || 'tiny';
  if (detector !== 'tiny' && detector !== 'ssd') {
    throw new Error(`FACE_DETECTOR must be "tiny" or "ssd", got "${detector}"`);
  }
  return {
    liveness: env.FACE_LIVENESS?.trim() !== '0',
    livenessMinScore,
    preload: env.FACE_PRELOAD?.trim() === '1',
    detector,
  };
}
