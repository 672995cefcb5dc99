import { describe, expect, it } from 'vitest';
import type { UploadSnapshot } from '@campus/sdk/uploader';
import {
  formatBytes,
  formatEta,
  formatSpeed,
  hashedPercent,
  sentPercent,
} from './upload-format.ts';

const MiB = 1024 * 1024;

describe('upload figures (issue 11 §4: bytes, speed and time left per file)', () => {
  it('sizes count in 1024s with at most one decimal, in the language in force', () => {
    expect(formatBytes(0, 'en')).toBe('0B');
    expect(formatBytes(1023, 'en')).toBe('1,023B');
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
    expect(formatBytes(50 * MiB, 'en')).toBe('50 MB');
    expect(formatBytes(150 * MiB, 'en')).toBe('150 MB');
    expect(formatBytes(2 * 1024 * MiB, 'zh-CN')).toBe('2 GB');
    expect(formatSpeed(3.25 * MiB, 'en')).toBe('3.3 MB/s');
    expect(formatSpeed(3.25 * MiB, 'zh-CN')).toBe('3.3 MB/秒');
  });

  it('time left rounds up to the second and reads as seconds, minutes or hours', () => {
    expect(formatEta(0, 'en')).toBe('1 s left');
    expect(formatEta(12_300, 'en')).toBe('13 s left');
    expect(formatEta(65_000, 'en')).toBe('1 min 5 s left');
    expect(formatEta(65_000, 'zh-CN')).toBe('剩余 1 分 5 秒');
    expect(formatEta(4_830_000, 'en')).toBe('1 h 20 min left');
    expect(formatEta(4_830_000, 'zh-CN')).toBe('剩余 1 小时 20 分');
  });

  it('percentages: whole, never above 100, and 100 once done (an instant upload too)', () => {
    const at = (patch: Partial<UploadSnapshot>) =>
      ({
        status: 'uploading',
        sentBytes: 0,
        hashedBytes: 0,
        totalBytes: 10,
        ...patch,
      }) as UploadSnapshot;
    expect(sentPercent(at({ sentBytes: 3 }))).toBe(30);
    expect(sentPercent(at({ sentBytes: 9.99 }))).toBe(99);
    expect(sentPercent(at({ sentBytes: 12 }))).toBe(100);
    expect(sentPercent(at({ status: 'done', sentBytes: 0 }))).toBe(100);
    expect(sentPercent(at({ totalBytes: 0 }))).toBe(0);
    expect(hashedPercent(at({ hashedBytes: 5 }))).toBe(50);
  });
});
