import { describe, expect, it } from 'vitest';
import { sizeInMb } from './download-links.ts';

describe('download-client sizes (spec §2 download-client dialog, issue 10 §4: read from the files)', () => {
  it('shows whole MB from 10 MB up, one decimal below, and never 0 for a file with bytes', () => {
    expect(sizeInMb(86 * 1024 * 1024)).toBe('86');
    expect(sizeInMb(92.4 * 1024 * 1024)).toBe('92');
    expect(sizeInMb(3 * 1024 * 1024 + 17)).toBe('3.0');
    expect(sizeInMb(1536 * 1024)).toBe('1.5');
    expect(sizeInMb(12)).toBe('0.1');
    expect(sizeInMb(0)).toBe('0.0');
  });
});
