/**
 * The storage calls of spec §7 (DESIGN.md §7), one `route()` per contract of `uploadEndpoints`:
 * instant upload, chunk check, chunk upload, merge, simple upload, base64 image, and the
 * download by id. @fastify/multipart is registered inside this plugin only, so no other route
 * takes a multipart body (they keep answering 415 to one).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import parseRange from 'range-parser';
import {
  ChunkUploadFieldsSchema,
  MULTIPART_BODY_LIMIT,
  SimpleUploadFieldsSchema,
  UploadNameSchema,
  uploadEndpoints as E,
} from '@campus/contracts/storage';
import { UPLOAD_MAX_CHUNK_BYTES } from '@campus/contracts/upload-rules';
import { Type } from 'typebox';
import { ok } from '../../core/envelope.ts';
import { route } from '../../core/route.ts';
import type { SessionUser } from '../uaa/session.service.ts';
import { mayShowInline } from './file-types.ts';
import { parseFields, readMultipartUpload } from './multipart-upload.ts';
import type { ByteRange } from './object-store.ts';
import type { FileRecord } from './storage.repository.ts';
import type { StorageService } from './storage.service.ts';
import { rangeNotSatisfiable, uploadRefused } from './upload-errors.ts';
import type { UploadService } from './upload.service.ts';

/** Room for a multipart request's fields and part headers beside its file. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

/**
 * A downloaded file shown in a tab runs nothing and loads nothing (an SVG or a page could
 * otherwise script the portal's origin); images keep their inline styles for the viewer.
 */
const DOWNLOAD_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

/** The simple upload's file name, checked as the chunk upload's `name` field is. */
const FileNameFieldsSchema = Type.Object({ name: UploadNameSchema });

export function uploadRoutes(deps: {
  uploads: UploadService;
  storage: StorageService;
  /** UPLOAD_MAX_BYTES (config). */
  maxBytes: number;
}): FastifyPluginAsync {
  const { uploads, storage, maxBytes } = deps;
  return async (app) => {
    await app.register(fastifyMultipart, { throwFileSizeLimit: true });

    route(app, E.secondUploadCheck, async ({ user, body }) =>
      ok(await uploads.secondUploadCheck(user, body)),
    );

    route(app, E.blockUploadCheck, async ({ user, body }) =>
      ok(await uploads.blockUploadCheck(user, body)),
    );

    route(app, E.chunkUpload, async ({ user, request }) =>
      ok(
        await readMultipartUpload(
          request,
          { fileBytes: UPLOAD_MAX_CHUNK_BYTES, requestBytes: MULTIPART_BODY_LIMIT },
          async (raw, file) => {
            // storeChunk checks the fields (checkChunk) before it reads a byte.
            const fields = parseFields(ChunkUploadFieldsSchema, raw);
            return uploads.storeChunk(user, fields, file.stream);
          },
        ),
      ),
    );

    route(app, E.mergeFile, async ({ user, body }) => ok(await uploads.mergeFile(user, body)));

    route(app, E.simpleUpload, async ({ user, request }) =>
      ok(
        await readMultipartUpload(
          request,
          {
            fileBytes: maxBytes,
            requestBytes: maxBytes + FORM_OVERHEAD_BYTES,
            // A body that cannot fit the limit is the business refusal of any larger file.
            overRequestBytes: () => uploadRefused('tooLarge'),
          },
          async (raw, file) => {
            const fields = parseFields(SimpleUploadFieldsSchema, raw);
            const { name } = parseFields(FileNameFieldsSchema, { name: file.filename });
            uploads.checkSimpleUpload(name);
            return uploads.simpleUpload(user, name, file.stream, fields.md5);
          },
        ),
      ),
    );

    route(app, E.base64Image, async ({ user, body }) => ok(await uploads.base64Image(user, body)));

    route(app, E.download, async ({ user, params, request, reply }) =>
      download(storage, user, params.fileId, request, reply),
    );
  };
}

/**
 * DESIGN.md §7 download: checked on every request, streamed, named by RFC 6266 with its UTF-8
 * name; `inline` only for the passive kinds a browser merely draws or plays, an attachment for
 * anything it could run. The ETag is the content hash, so a browser revalidates (and is
 * checked again) without fetching the bytes. One byte range (RFC 9110 §14) is served as 206, so
 * a lesson video plays and seeks on a phone (Safari asks for ranges before it plays at all)
 * and a cut-off download resumes.
 */
async function download(
  storage: StorageService,
  user: SessionUser,
  fileId: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const file = await storage.readableFile(fileId, user);
  const range = requestedRange(request, file);
  if (range === 'unsatisfiable') {
    void reply.header('Content-Range', `bytes */${file.size}`);
    throw rangeNotSatisfiable();
  }
  setFileHeaders(reply, file);
  if (request.method === 'HEAD') return reply.send();
  if (request.headers['if-none-match'] === `"${file.sha256}"`) {
    void reply.removeHeader('Content-Length').removeHeader('Content-Disposition');
    return reply.code(304).send();
  }
  if (!range) return reply.send(await storage.streamOf(file));
  const stream = await storage.streamOf(file, range);
  return reply
    .code(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('Content-Length', String(range.end - range.start + 1))
    .send(stream);
}

/**
 * The one byte range asked for, 'unsatisfiable' when it lies past the file's end, or undefined
 * for the whole file: no Range, an If-Range that is not the current ETag (the file changed
 * since the client's part), or what a server may ignore (several ranges, another unit, bad
 * syntax).
 */
function requestedRange(
  request: FastifyRequest,
  file: FileRecord,
): ByteRange | 'unsatisfiable' | undefined {
  const header = request.headers.range;
  if (!header || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined;
  const ifRange = request.headers['if-range'];
  if (ifRange !== undefined && ifRange !== `"${file.sha256}"`) return undefined;
  const ranges = parseRange(file.size, header, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return undefined;
  const [only] = ranges;
  return only && { start: only.start, end: only.end };
}

function setFileHeaders(reply: FastifyReply, file: FileRecord): void {
  const inline = mayShowInline(file.mime);
  void reply
    .type(file.mime)
    .header('Content-Length', String(file.size))
    .header(
      'Content-Disposition',
      contentDisposition(file.name, { type: inline ? 'inline' : 'attachment' }),
    )
    .header('Accept-Ranges', 'bytes')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', DOWNLOAD_CSP)
    .header('Cache-Control', 'private, no-cache')
    .header('ETag', `"${file.sha256}"`);
}
