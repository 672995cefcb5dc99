/**
 * The upload rules of spec §5 and §9 and DESIGN.md §7, one definition for the uploader in the
 * browser and the storage domain on the server (issue 11): the extension deny-list, the image
 * and media kinds, the size limits, file-name hygiene, the chunk arithmetic and the image fit.
 * The client applies them to answer early; the server applies the same ones and decides.
 */

/** Spec §5: extensions that are never stored, in lower case. */
export const FORBIDDEN_UPLOAD_EXTENSIONS: ReadonlySet<string> = new Set([
  'exe',
  'jar',
  'jsp',
  'asp',
  'dll',
  'php',
  'aspx',
  'bat',
  'sh',
  'html',
  'com',
  'cgi',
  'class',
  'txt',
  'jspx',
]);

/** Spec §5: image extensions. */
export const IMAGE_EXTENSIONS: ReadonlySet<string> = new Set([
  'gif',
  'jpg',
  'jpeg',
  'bmp',
  'png',
  'tif',
]);

/** Spec §5: audio and video extensions. */
export const MEDIA_EXTENSIONS: ReadonlySet<string> = new Set([
  'mp3',
  'wma',
  'wav',
  'm4a',
  'flac',
  '3gp',
  'avi',
  'flv',
  'rm',
  'rmvb',
  'mp4',
  'mkv',
  'mov',
  'wmv',
]);

/** Spec §9: the chunk size and the md5 read slice, 2 MB each. */
export const UPLOAD_CHUNK_BYTES = 2 * 1024 * 1024;

/** DESIGN.md §7: the largest chunk the server takes (16 MiB). */
export const UPLOAD_MAX_CHUNK_BYTES = 16 * 1024 * 1024;

/** DESIGN.md §7: `UPLOAD_MAX_BYTES` when unset, per file (2 GiB). */
export const UPLOAD_DEFAULT_MAX_BYTES = 2 * 1024 * 1024 * 1024;

/** DESIGN.md §7: chunks untouched this long are cleaned up (24 h). */
export const UPLOAD_CHUNK_TTL_MS = 24 * 60 * 60 * 1000;

/** Spec §9: the server id of an upload when the caller names none. */
export const DEFAULT_UPLOAD_SERVER_ID = 'base';

/** Spec §9: image compression quality. */
export const IMAGE_QUALITY = 0.8;

/** Spec §5, §9: the default box an image is resized into, keeping its aspect ratio. */
export const IMAGE_MAX_SIZE = { width: 500, height: 500 } as const;

/** The longest file name kept, in characters (within what common file systems allow). */
export const FILE_NAME_MAX_LENGTH = 200;

/** The name a file gets when nothing usable is left of the one it came with. */
export const FALLBACK_FILE_NAME = 'file';

/**
 * Every extension a name carries, lower case: each dot-separated part after the first, with the
 * trailing dots and spaces that Windows drops and the `;` suffix that IIS ignores taken off, so
 * `a.jsp;.jpg` yields `jsp` and `jpg`, and `x.php.` yields `php`.
 *
 * @example extensionsOf('Report.PHP.jpg') // ['php', 'jpg']
 */
export function extensionsOf(name: string): string[] {
  const base = baseName(name);
  const parts = base.split('.').slice(1);
  return parts
    .flatMap((part) => part.split(';'))
    .map((part) => part.replace(/[\s.]+$/u, '').toLowerCase())
    .filter((part) => part !== '');
}

/** The last extension of a name, lower case, or '' when it has none. */
export function lastExtension(name: string): string {
  return extensionsOf(name).at(-1) ?? '';
}

/**
 * Whether the deny-list of spec §5 refuses a name (DESIGN.md §7): any of its extensions counts,
 * case-insensitively, so `a.PHP`, `a.php.`, `a.php.jpg` and `a.jsp;.jpg` are all refused; a web
 * server that maps several extensions could otherwise run them.
 */
export function isForbiddenUploadName(name: string): boolean {
  return extensionsOf(name).some((extension) => FORBIDDEN_UPLOAD_EXTENSIONS.has(extension));
}

/** Whether a name is an image by its last extension (spec §5). */
export function isImageName(name: string): boolean {
  return IMAGE_EXTENSIONS.has(lastExtension(name));
}

/** Whether a name is audio or video by its last extension (spec §5). */
export function isMediaName(name: string): boolean {
  return MEDIA_EXTENSIONS.has(lastExtension(name));
}

/** Why an upload is refused before any byte is stored, or null when it may go on. */
export type UploadRefusal = 'forbiddenType' | 'tooLarge' | 'empty';

/**
 * Spec §5 and DESIGN.md §7: a forbidden extension, or more bytes than the limit (when one is
 * set; `maxBytes` null means none), or a file of no bytes.
 */
export function uploadRefusal(
  name: string,
  size: number,
  maxBytes: number | null = UPLOAD_DEFAULT_MAX_BYTES,
): UploadRefusal | null {
  if (isForbiddenUploadName(name)) return 'forbiddenType';
  if (maxBytes !== null && size > maxBytes) return 'tooLarge';
  if (size <= 0) return 'empty';
  return null;
}

/** The last path segment of a name, with `/` and `\` both read as separators. */
function baseName(name: string): string {
  return name.split(/[/\\]/u).at(-1) ?? '';
}

/**
 * A name safe to show and to send in `Content-Disposition` (DESIGN.md §7 "names sanitised"):
 * the last path segment of a client-supplied name, without control characters, characters that
 * Windows or shells treat specially, or leading dots; at most {@link FILE_NAME_MAX_LENGTH}
 * characters with the extension kept. The stored bytes are addressed by their hash, so this
 * name never reaches the file system.
 *
 * @example sanitizeFileName('../../etc/passwd') // 'passwd'
 */
export function sanitizeFileName(name: string): string {
  const cleaned = baseName(name)
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .replace(/^[.\s]+/, '')
    .trim();
  const chars = [...cleaned];
  if (chars.length === 0) return FALLBACK_FILE_NAME;
  if (chars.length <= FILE_NAME_MAX_LENGTH) return cleaned;
  // Keep the extension when shortening, so the type stays recognisable on download.
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 ? [...cleaned.slice(dot)].slice(0, 16).join('') : '';
  return chars.slice(0, FILE_NAME_MAX_LENGTH - [...ext].length).join('') + ext;
}

/** How many chunks a file of `size` bytes has (at least one; spec §4 chunked upload). */
export function chunkCount(size: number, chunkBytes: number = UPLOAD_CHUNK_BYTES): number {
  return Math.max(1, Math.ceil(size / chunkBytes));
}

/**
 * The byte range of chunk `index` (numbered from 0, DESIGN.md §7), end exclusive.
 *
 * @example chunkRange(2, 5_000_000, 2_097_152) // { start: 4194304, end: 5000000 }
 */
export function chunkRange(
  index: number,
  size: number,
  chunkBytes: number = UPLOAD_CHUNK_BYTES,
): { start: number; end: number } {
  const start = index * chunkBytes;
  return { start, end: Math.min(size, start + chunkBytes) };
}

/**
 * The size an image is drawn at to fit within `max` (spec §5: aspect ratio kept, default 500 by
 * 500); an image that fits already keeps its size. Whole pixels, at least 1 each way.
 *
 * @example fitWithin({ width: 2000, height: 1000 }) // { width: 500, height: 250 }
 */
export function fitWithin(
  image: { width: number; height: number },
  max: { width: number; height: number } = IMAGE_MAX_SIZE,
): { width: number; height: number } {
  const scale = Math.min(1, max.width / image.width, max.height / image.height);
  return {
    width: Math.max(1, Math.round(image.width * scale)),
    height: Math.max(1, Math.round(image.height * scale)),
  };
}
