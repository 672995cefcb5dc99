/**
 * A stored file's media type, and how a download shows it. The type comes from the kept name's
 * extension (mime-db, the table Express and Fastify use), never from the client's own
 * `Content-Type`, so what a file is served as is the server's decision (DESIGN.md §5, §7).
 */
import mime from 'mime-types';

const OCTET_STREAM = 'application/octet-stream';

/**
 * The media type of a file by its name's last extension; `application/octet-stream` when it
 * has none or an unknown one.
 *
 * @example contentTypeOf('Photo.JPG') // 'image/jpeg'
 */
export function contentTypeOf(name: string): string {
  return mime.lookup(name) || OCTET_STREAM;
}

/**
 * Passive types a browser only draws or plays: raster images, audio and video. Anything
 * else, a page, an SVG, XML, a script, a PDF with its own scripts, is an attachment and never
 * shown in the tab (where it would run on the portal's origin).
 */
const INLINE =
  /^(?:image\/(?:png|jpeg|gif|bmp|webp|tiff)|audio\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+)$/;

/** Whether a download may be shown in the browser (`inline`) rather than saved. */
export function mayShowInline(contentType: string): boolean {
  return INLINE.test(contentType);
}
