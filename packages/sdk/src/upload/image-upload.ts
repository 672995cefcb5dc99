/**
 * Images (spec §5 image resizing, §9 quality 0.8 and 500 × 500, §3 base64 image payload, §7
 * `base64_convert_image`): a picture is drawn at the size that fits the box, keeping its aspect
 * ratio (contracts' `fitWithin`), and encoded again at quality 0.8; then it can be sent as the
 * base64 payload (the face photo of the face component goes this way). Decoding uses
 * `createImageBitmap`, drawing an `OffscreenCanvas` where there is one, else a `<canvas>`.
 */
import { uploadEndpoints, type FileDescriptor } from '@campus/contracts/storage';
import {
  DEFAULT_UPLOAD_SERVER_ID,
  fitWithin,
  IMAGE_MAX_SIZE,
  IMAGE_QUALITY,
  lastExtension,
} from '@campus/contracts/upload-rules';
import { callEndpoint } from '../http/endpoint-call.ts';
import type { HttpClient, Notice } from '../http/http-core.ts';
import { DEFAULT_LANGUAGE, type Language } from '../i18n/language.ts';
import { refusalError, uploadError, type UploadError } from './upload-errors.ts';

export interface ImageCompressOptions {
  /** Spec §5, §9: 500 × 500 by default. */
  maxWidth?: number;
  maxHeight?: number;
  /** Spec §9: 0.8. */
  quality?: number;
  /**
   * The encoding: PNG stays PNG (its transparency would turn black in JPEG; quality does not
   * apply to it), everything else becomes JPEG, which every browser encodes and the server's
   * image kinds (spec §5) include.
   */
  type?: 'image/jpeg' | 'image/png';
}

/** The encoding an image is written in (see `ImageCompressOptions.type`). */
export function outputTypeFor(input: Blob): 'image/jpeg' | 'image/png' {
  return input.type === 'image/png' ? 'image/png' : 'image/jpeg';
}

/** The extension the base64 call's `type` carries for an encoding (spec §3). */
export function extensionFor(type: string): string {
  return type === 'image/png' ? 'png' : 'jpg';
}

/** What the drawing needs of a canvas, either kind. */
interface DrawingSurface {
  width: number;
  height: number;
  getContext: (kind: '2d') => {
    drawImage: (image: ImageBitmap, x: number, y: number, w: number, h: number) => void;
  } | null;
}

async function encode(canvas: DrawingSurface, type: string, quality: number): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined' && canvas instanceof OffscreenCanvas) {
    return canvas.convertToBlob({ type, quality });
  }
  return new Promise((resolve, reject) => {
    (canvas as unknown as HTMLCanvasElement).toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the image could not be encoded'))),
      type,
      quality,
    );
  });
}

function surface(width: number, height: number): DrawingSurface {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/**
 * Resizes an image to fit within the box (aspect ratio kept, never enlarged) and encodes it at
 * quality 0.8.
 *
 * @example
 * const small = await compressImage(photo); // at most 500 × 500, JPEG at 0.8
 */
export async function compressImage(
  image: Blob,
  options: ImageCompressOptions = {},
): Promise<Blob> {
  const bitmap = await createImageBitmap(image);
  try {
    const { width, height } = fitWithin(
      { width: bitmap.width, height: bitmap.height },
      {
        width: options.maxWidth ?? IMAGE_MAX_SIZE.width,
        height: options.maxHeight ?? IMAGE_MAX_SIZE.height,
      },
    );
    const canvas = surface(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(bitmap, 0, 0, width, height);
    return await encode(
      canvas,
      options.type ?? outputTypeFor(image),
      options.quality ?? IMAGE_QUALITY,
    );
  } finally {
    bitmap.close();
  }
}

/** A Blob's bytes as base64, without the `data:…;base64,` prefix (spec §3). */
export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // In pieces: String.fromCharCode takes a bounded number of arguments.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** A name without its last extension (spec §3: `fileName` without extension). */
export function baseNameWithoutExtension(name: string): string {
  const base = name.split(/[/\\]/).at(-1) ?? '';
  const extension = lastExtension(base);
  const dot = base.lastIndexOf('.');
  const stem = extension && dot > 0 ? base.slice(0, dot) : base;
  return stem.trim() === '' ? 'image' : stem;
}

/**
 * The spec §3 base64 payload of an image: `fileName` without its extension, `base64Str` without
 * the data prefix, `type` the extension.
 *
 * @example
 * await base64ImagePayload(blob, 'face.jpg'); // { fileName: 'face', base64Str: '/9j/…', type: 'jpg', serverid: 'base' }
 */
export async function base64ImagePayload(
  image: Blob,
  name: string,
  serverId: string = DEFAULT_UPLOAD_SERVER_ID,
): Promise<{ fileName: string; base64Str: string; type: string; serverid: string }> {
  return {
    fileName: baseNameWithoutExtension(name),
    base64Str: await blobToBase64(image),
    type: image.type ? extensionFor(image.type) : lastExtension(name) || 'jpg',
    serverid: serverId,
  };
}

export interface Base64UploadOptions extends ImageCompressOptions {
  http: HttpClient;
  /** The name the image is stored under; the File's own by default. */
  name?: string;
  serverId?: string;
  /** false: send the image as it is, without resizing or re-encoding. */
  compress?: boolean;
  notify?: (notice: Notice) => void;
  language?: () => Language;
}

/**
 * Resizes and compresses an image (spec §5, §9), then uploads it as base64 (spec §7
 * `base64_convert_image`). A failure notifies `status：message` and rejects with an
 * `UploadError` of type `uploaderror` (spec §8).
 *
 * @example
 * const { fileId, url } = await uploadBase64Image(photo, { http, notify: showNotice });
 */
export async function uploadBase64Image(
  image: Blob,
  options: Base64UploadOptions,
): Promise<FileDescriptor> {
  const lang = (options.language ?? (() => DEFAULT_LANGUAGE))();
  const fail = (error: UploadError): never => {
    if (error.notice) options.notify?.(error.notice);
    throw error;
  };
  if (!(image instanceof Blob)) return fail(uploadError('fileTypeError', lang));
  const name = options.name ?? ((image as Partial<File>).name || 'image.jpg');
  let body;
  try {
    const prepared = options.compress === false ? image : await compressImage(image, options);
    body = await base64ImagePayload(prepared, name, options.serverId);
  } catch (cause) {
    return fail(uploadError('uploadunkerror', lang, { cause }));
  }
  let answer;
  try {
    answer = await callEndpoint(
      options.http,
      uploadEndpoints.base64Image,
      { body },
      { noIntercept: true },
    );
  } catch (cause) {
    const status = (cause as { status?: number }).status;
    return fail(uploadError('uploaderror', lang, { cause, ...(status ? { status } : {}) }));
  }
  if (answer.status !== 200) return fail(refusalError('uploaderror', answer, lang));
  if (!answer.data) return fail(uploadError('uploadunkerror', lang));
  return answer.data;
}
