import { describe, expect, it } from 'vitest';
import { createSpeedMeter, etaMs } from './speed-meter.ts';

describe('speed over a moving window', () => {
  it('is the bytes moved across the window over its span', () => {
    const meter = createSpeedMeter(5000);
    meter.record(0, 0);
    meter.record(1_000_000, 1000);
    expect(meter.speed()).toBe(1_000_000);
  });

  it('forgets samples older than the window, so a slow start does not weigh for ever', () => {
    const meter = createSpeedMeter(5000);
    meter.record(0, 0);
    meter.record(100, 10_000); // ten slow seconds
    meter.record(10_000_100, 15_000); // then 2 MB/s for five seconds
    expect(meter.speed()).toBe(2_000_000);
  });

  it('says 0 until two samples are a moment apart, and after a reset', () => {
    const meter = createSpeedMeter();
    meter.record(0, 0);
    expect(meter.speed()).toBe(0);
    meter.record(500, 100);
    expect(meter.speed()).toBe(0);
    meter.record(5000, 1000);
    expect(meter.speed()).toBe(5000);
    meter.reset();
    expect(meter.speed()).toBe(0);
  });
});

describe('ETA', () => {
  it('is the remaining bytes at the speed, in ms; unknown at speed 0; 0 when nothing is left', () => {
    expect(etaMs(4_000_000, 2_000_000)).toBe(2000);
    expect(etaMs(10, 0)).toBeNull();
    expect(etaMs(0, 0)).toBe(0);
  });
});
