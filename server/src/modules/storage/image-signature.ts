/**
 * Whether bytes are an image of the kind their extension names, by the format's signature
 * ("magic bytes"), for the base64 image call: its `type` is the client's word, and a script
 * or page sent as `type=png` must not be stored as a picture.
 */
import { IMAGE_EXTENSIONS } from '@campus/contracts/upload-rules';

type Signature = readonly number[];

const PNG: Signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG: Signature = [0xff, 0xd8, 0xff];
const GIF87: Signature = [...Buffer.from('GIF87a')];
const GIF89: Signature = [...Buffer.from('GIF89a')];
const BMP: Signature = [...Buffer.from('BM')];
const TIFF_LE: Signature = [0x49, 0x49, 0x2a, 0x00];
const TIFF_BE: Signature = [0x4d, 0x4d, 0x00, 0x2a];

/** Spec §5 image extensions and the signatures each may start with. */
const SIGNATURES: Readonly<Record<string, readonly Signature[]>> = {
  png: [PNG],
  jpg: [JPEG],
  jpeg: [JPEG],
  gif: [GIF87, GIF89],
  bmp: [BMP],
  tif: [TIFF_LE, TIFF_BE],
};

/**
 * True when `bytes` start with a signature of the image kind `extension` names (spec §5 image
 * extensions, any case); false for anything else, an extension that is no image included.
 *
 * @example isImageOfType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'JPG') // true
 */
export function isImageOfType(bytes: Uint8Array, extension: string): boolean {
  const kind = extension.toLowerCase();
  if (!IMAGE_EXTENSIONS.has(kind)) return false;
  const signatures = SIGNATURES[kind] ?? [];
  return signatures.some(
    (signature) =>
      bytes.length > signature.length && signature.every((byte, i) => bytes[i] === byte),
  );
}
