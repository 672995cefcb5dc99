/**
 * The face component's pure rules (spec §3 capture size, §4 states, §5 validation, §9
 * constants), kept apart from the camera and the detector so they can be tested alone.
 * The numbers are the contracts' (`@campus/contracts/face`), shared with the server.
 */
import {
  FACE_CAPTURE_SIZE_PX,
  FACE_COUNTDOWN_SECONDS,
  FACE_POSITION_TOLERANCE_PX,
  FACE_TRACKER_HITS,
  FACE_WIDE_BODY_MIN_PX,
} from '@campus/contracts/face';

/** The three modes of spec §2: enrol a photo, face sign-in, face clock-in. */
export type FaceMode = 'collect' | 'login' | 'orther';

/** A box in CSS pixels of the shown video (a detection, or the target region). */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Spec §4: the camera opens only on localhost or https (browsers refuse `getUserMedia`
 * elsewhere, so the component says there is no camera instead of trying).
 *
 * @example canOpenCamera({ protocol: 'http:', hostname: 'localhost' }); // true
 */
export function canOpenCamera(location: { protocol: string; hostname: string }): boolean {
  if (location.protocol === 'https:') return true;
  const host = location.hostname.replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' || host === '127.0.0.1' || host === '::1' || host.endsWith('.localhost')
  );
}

/**
 * Spec §3, §9: the capture is 480×480 when the body is wider than 760 px, otherwise the
 * body's own size.
 *
 * @example captureSize(1366, 768); // { width: 480, height: 480 }
 * @example captureSize(375, 812); // { width: 375, height: 812 }
 */
export function captureSize(
  bodyWidth: number,
  bodyHeight: number,
): { width: number; height: number } {
  if (bodyWidth > FACE_WIDE_BODY_MIN_PX) {
    return { width: FACE_CAPTURE_SIZE_PX, height: FACE_CAPTURE_SIZE_PX };
  }
  return { width: Math.max(1, Math.round(bodyWidth)), height: Math.max(1, Math.round(bodyHeight)) };
}

/**
 * Spec §4, §9: a face is on target when its centre is within 50 px of the target's centre.
 */
export function isWithinTarget(
  face: FaceBox,
  target: FaceBox,
  tolerance: number = FACE_POSITION_TOLERANCE_PX,
): boolean {
  const dx = face.x + face.width / 2 - (target.x + target.width / 2);
  const dy = face.y + face.height / 2 - (target.y + target.height / 2);
  return Math.hypot(dx, dy) <= tolerance;
}

/**
 * The tracker's count after one detection (spec §4, §9: 8 consecutive hits): a face on
 * target adds one, anything else (no face, or a face off target) starts again from zero.
 */
export function nextHits(hits: number, face: FaceBox | null, target: FaceBox): number {
  return face && isWithinTarget(face, target) ? hits + 1 : 0;
}

/** Spec §4: the photo is taken automatically once the hits are more than 8. */
export function shouldCapture(hits: number, needed: number = FACE_TRACKER_HITS): boolean {
  return hits > needed;
}

/**
 * The countdown shown after the camera opens (spec §4, §9: waitTime, default 3 s): the
 * seconds left after `elapsedMs`, 0 once over. A waitTime that is not a positive number
 * falls back to the default.
 *
 * @example countdownLeft(3, 1200); // 2
 */
export function countdownLeft(waitTime: number | undefined, elapsedMs: number): number {
  const total =
    waitTime !== undefined && Number.isFinite(waitTime) && waitTime >= 0
      ? waitTime
      : FACE_COUNTDOWN_SECONDS;
  return Math.max(0, Math.ceil(total - elapsedMs / 1000));
}

/** The component's phases (spec §4). */
export type FacePhase =
  | 'initialising'
  | 'noCamera'
  | 'ready'
  | 'countdown'
  | 'live'
  | 'captured'
  | 'sending'
  | 'timeout'
  | 'failed'
  | 'done';

/**
 * Which buttons collect mode enables (spec §5: Photograph disabled during the countdown; Save
 * only after a photo).
 */
export function collectButtons(phase: FacePhase): { photograph: boolean; save: boolean } {
  return { photograph: phase === 'live', save: phase === 'captured' };
}

/**
 * The target region: a centred square of the shown video, 60 % of its shorter side.
 */
export function targetRegion(width: number, height: number): FaceBox {
  const side = Math.round(Math.min(width, height) * 0.6);
  return {
    x: Math.round((width - side) / 2),
    y: Math.round((height - side) / 2),
    width: side,
    height: side,
  };
}
