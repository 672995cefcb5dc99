import { describe, expect, it } from 'vitest';
import {
  canOpenCamera,
  captureSize,
  collectButtons,
  countdownLeft,
  isWithinTarget,
  nextHits,
  shouldCapture,
  targetRegion,
} from './face-rules.ts';

const target = { x: 100, y: 100, width: 200, height: 200 }; // centre (200, 200)
const at = (cx: number, cy: number) => ({ x: cx - 40, y: cy - 40, width: 80, height: 80 });

describe('face component rules (spec §3, §4, §5, §9)', () => {
  it('§4: the camera only on localhost or https', () => {
    expect(canOpenCamera({ protocol: 'https:', hostname: 'school.example' })).toBe(true);
    expect(canOpenCamera({ protocol: 'http:', hostname: 'localhost' })).toBe(true);
    expect(canOpenCamera({ protocol: 'http:', hostname: '127.0.0.1' })).toBe(true);
    expect(canOpenCamera({ protocol: 'http:', hostname: '[::1]' })).toBe(true);
    expect(canOpenCamera({ protocol: 'http:', hostname: 'school.example' })).toBe(false);
    expect(canOpenCamera({ protocol: 'http:', hostname: '10.0.0.5' })).toBe(false);
  });

  it('§3/§9: 480×480 when the body is wider than 760, else the body size', () => {
    expect(captureSize(1366, 768)).toEqual({ width: 480, height: 480 });
    expect(captureSize(761, 500)).toEqual({ width: 480, height: 480 });
    expect(captureSize(760, 500)).toEqual({ width: 760, height: 500 });
    expect(captureSize(375, 812)).toEqual({ width: 375, height: 812 });
  });

  it('§4/§9: within 50 px of the target centre counts; further does not', () => {
    expect(isWithinTarget(at(200, 200), target)).toBe(true);
    expect(isWithinTarget(at(250, 200), target)).toBe(true);
    expect(isWithinTarget(at(230, 240), target)).toBe(true); // 50 px away exactly
    expect(isWithinTarget(at(251, 200), target)).toBe(false);
    expect(isWithinTarget(at(240, 240), target)).toBe(false); // 56.6 px
  });

  it('§4/§9: more than 8 consecutive hits take the photo; a miss starts again', () => {
    let hits = 0;
    for (let i = 0; i < 8; i += 1) hits = nextHits(hits, at(210, 190), target);
    expect(hits).toBe(8);
    expect(shouldCapture(hits)).toBe(false); // 8 is not more than 8
    expect(nextHits(hits, null, target)).toBe(0); // no face
    expect(nextHits(hits, at(400, 400), target)).toBe(0); // off target
    hits = nextHits(hits, at(200, 200), target);
    expect(shouldCapture(hits)).toBe(true);
  });

  it('§4/§9: the countdown of waitTime, default 3 s', () => {
    expect(countdownLeft(undefined, 0)).toBe(3);
    expect(countdownLeft(undefined, 1)).toBe(3);
    expect(countdownLeft(undefined, 1000)).toBe(2);
    expect(countdownLeft(undefined, 2999)).toBe(1);
    expect(countdownLeft(undefined, 3000)).toBe(0);
    expect(countdownLeft(5, 1000)).toBe(4);
    expect(countdownLeft(0, 0)).toBe(0);
    expect(countdownLeft(Number.NaN, 0)).toBe(3);
  });

  it('§5: Photograph disabled during the countdown, Save only after a photo', () => {
    expect(collectButtons('countdown')).toEqual({ photograph: false, save: false });
    expect(collectButtons('live')).toEqual({ photograph: true, save: false });
    expect(collectButtons('captured')).toEqual({ photograph: false, save: true });
  });

  it('the target region is a centred square of the video', () => {
    expect(targetRegion(400, 300)).toEqual({ x: 110, y: 60, width: 180, height: 180 });
  });
});
