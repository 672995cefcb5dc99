/**
 * Images (spec §5 resize keeping the aspect ratio within 500 × 500, §9 quality 0.8, §3 base64
 * payload): the drawing size and encoding handed to the canvas, the payload's fields, and the
 * base64 call against the local storage-protocol server. Node has no canvas, so
 * `createImageBitmap` and `OffscreenCanvas` are stand-ins that record what they were asked;
 * real decoding and drawing are the browser's (Chromium in e2e).
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fitWithin, IMAGE_MAX_SIZE, IMAGE_QUALITY } from '@campus/contracts/upload-rules';
import { createHttpClient } from '../http/client.ts';
import type { Notice } from '../http/http-core.ts';
import {
  base64ImagePayload,
  baseNameWithoutExtension,
  compressImage,
  uploadBase64Image,
} from './image-upload.ts';
import {
  startStorageProtocolServer,
  type StorageProtocolServer,
} from './test-support/storage-protocol-server.ts';

interface Drawn {
  canvas: [number, number];
  drawn: [number, number];
  encoded: { type: string; quality: number };
}
let drawn: Drawn[] = [];

function fakeCanvas(decoded: { width: number; height: number }) {
  drawn = [];
  vi.stubGlobal('createImageBitmap', async () => ({ ...decoded, close: () => undefined }));
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      constructor(
        public width: number,
        public height: number,
      ) {}
      getContext() {
        return {
          drawImage: (_image: unknown, _x: number, _y: number, w: number, h: number) => {
            drawn.push({
              canvas: [this.width, this.height],
              drawn: [w, h],
              encoded: { type: '', quality: 0 },
            });
          },
        };
      }
      async convertToBlob(options: { type: string; quality: number }) {
        const last = drawn.at(-1);
        if (last) last.encoded = options;
        return new Blob([new Uint8Array([1, 2, 3])], { type: options.type });
      }
    },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('compressImage (spec §5, §9)', () => {
  it('fits a 4000 × 3000 photo into 500 × 500 keeping 4:3, as JPEG at 0.8', async () => {
    fakeCanvas({ width: 4000, height: 3000 });
    const out = await compressImage(new Blob([], { type: 'image/jpeg' }));
    expect(drawn).toEqual([
      { canvas: [500, 375], drawn: [500, 375], encoded: { type: 'image/jpeg', quality: 0.8 } },
    ]);
    expect(out.type).toBe('image/jpeg');
    expect(IMAGE_QUALITY).toBe(0.8);
    expect(IMAGE_MAX_SIZE).toEqual({ width: 500, height: 500 });
  });

  it('fits a tall image by its height, never enlarges a small one, and keeps PNG as PNG', async () => {
    fakeCanvas({ width: 600, height: 1200 });
    await compressImage(new Blob([], { type: 'image/png' }));
    expect(drawn[0]?.canvas).toEqual([250, 500]);
    expect(drawn[0]?.encoded.type).toBe('image/png');
    fakeCanvas({ width: 120, height: 80 });
    await compressImage(new Blob([], { type: 'image/gif' }));
    expect(drawn[0]).toMatchObject({ canvas: [120, 80], encoded: { type: 'image/jpeg' } });
  });

  it('takes its own box and quality', async () => {
    fakeCanvas({ width: 1000, height: 1000 });
    await compressImage(new Blob([]), { maxWidth: 200, maxHeight: 100, quality: 0.5 });
    expect(drawn[0]).toMatchObject({ canvas: [100, 100], encoded: { quality: 0.5 } });
  });
});

describe('fitWithin (contracts, spec §5)', () => {
  it.each([
    [
      { width: 2000, height: 1000 },
      { width: 500, height: 250 },
    ],
    [
      { width: 1000, height: 2000 },
      { width: 250, height: 500 },
    ],
    [
      { width: 500, height: 500 },
      { width: 500, height: 500 },
    ],
    [
      { width: 300, height: 100 },
      { width: 300, height: 100 },
    ],
    [
      { width: 5000, height: 1 },
      { width: 500, height: 1 },
    ],
  ])('%o → %o', (image, fitted) => {
    expect(fitWithin(image)).toEqual(fitted);
  });
});

describe('the base64 payload of spec §3', () => {
  it('fileName without its extension, base64Str without the data prefix, type the extension', async () => {
    const payload = await base64ImagePayload(
      new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
      'class photo.2024.JPEG',
    );
    expect(payload).toEqual({
      fileName: 'class photo.2024',
      base64Str: '/9j/',
      type: 'jpg',
      serverid: 'base',
    });
    expect(baseNameWithoutExtension('face')).toBe('face');
    expect(baseNameWithoutExtension('dir/.png')).toBe('.png');
  });
});

describe('uploadBase64Image against the storage protocol', () => {
  let server: StorageProtocolServer;
  beforeAll(async () => {
    server = await startStorageProtocolServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const http = () => createHttpClient({ baseURL: server.base, device: 'pc', appCode: 'face' });

  it('posts the compressed image as base64 and answers the descriptor', async () => {
    fakeCanvas({ width: 1000, height: 800 });
    const descriptor = await uploadBase64Image(
      new Blob([new Uint8Array(10)], { type: 'image/jpeg' }),
      {
        http: http(),
        name: 'face.jpg',
      },
    );
    const request = server.requests.at(-1);
    expect(request?.call).toBe('base64Image');
    expect(request?.fields).toEqual({
      fileName: 'face',
      base64Str: 'AQID',
      type: 'jpg',
      serverid: 'base',
    });
    expect(descriptor.md5).toBe(
      createHash('md5')
        .update(Buffer.from([1, 2, 3]))
        .digest('hex'),
    );
    expect(drawn[0]?.canvas).toEqual([500, 400]);
  });

  it('notifies status：message and rejects with uploaderror on a refusal', async () => {
    server.setFault(() => ({
      kind: 'envelope',
      envelope: { status: 400, message: '图片过大|||image too large' },
    }));
    const notices: Notice[] = [];
    await expect(
      uploadBase64Image(new Blob([new Uint8Array(3)], { type: 'image/png' }), {
        http: http(),
        compress: false,
        notify: (n) => notices.push(n),
        language: () => 'en',
      }),
    ).rejects.toMatchObject({ type: 'uploaderror', status: 400 });
    expect(notices).toEqual([{ type: 'error', message: '400：image too large' }]);
    server.setFault(null);
  });
});
