import { describe, expect, it } from 'vitest';
import { IMAGE_EXTENSIONS } from '@campus/contracts/upload-rules';
import { isImageOfType } from './image-signature.ts';

const SAMPLES: Record<string, Buffer> = {
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  jpg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]),
  gif: Buffer.from('GIF89a\u0001\u0000'),
  bmp: Buffer.from('BM\u0000\u0000\u0000\u0000'),
  tif: Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0]),
};

describe('image signatures (spec §5 image extensions, the base64 image call)', () => {
  it('knows a signature for every image extension of spec §5', () => {
    for (const extension of IMAGE_EXTENSIONS) {
      const sample = SAMPLES[extension === 'jpeg' ? 'jpg' : extension];
      expect(sample, extension).toBeDefined();
      expect(isImageOfType(sample!, extension), extension).toBe(true);
      expect(isImageOfType(sample!, extension.toUpperCase()), extension).toBe(true);
    }
  });

  it('refuses another kind, a page or a script named as an image, and non-image types', () => {
    expect(isImageOfType(SAMPLES.png!, 'jpg')).toBe(false);
    expect(isImageOfType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'png')).toBe(
      false,
    );
    expect(isImageOfType(Buffer.from('<?php echo 1; ?>'), 'gif')).toBe(false);
    expect(isImageOfType(SAMPLES.png!, 'svg')).toBe(false);
    expect(isImageOfType(SAMPLES.png!, 'php')).toBe(false);
    // A signature alone, with nothing after it, is no image.
    expect(isImageOfType(Buffer.from([0xff, 0xd8, 0xff]), 'jpg')).toBe(false);
  });
});
