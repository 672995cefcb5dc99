/**
 * The console's face calls (issue 14 §2; `faceAdminEndpoints` of `@campus/contracts/face`):
 * enrolments, deleting face data, the attendance and its .xlsx, and bulk enrolment from a .zip.
 * The bulk upload is multipart, read by the storage's `readMultipartUpload`: the `unitId` field
 * comes first and is checked against the caller's scope before a byte of the .zip is read, then
 * the .zip is read up to FACE_BULK_MAX_BYTES (one more byte refuses it). @fastify/multipart is
 * registered inside this plugin only, as in the import's.
 */
import { PassThrough, type Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import {
  FACE_BULK_MAX_BYTES,
  FaceBulkFieldsSchema,
  faceAdminEndpoints as E,
} from '@campus/contracts/face';
import { ok } from '../../core/envelope.ts';
import { badRequest } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import { route } from '../../core/route.ts';
import { parseFields, readMultipartUpload } from '../storage/multipart-upload.ts';
import type { RequestMeta } from '../uaa/session.service.ts';
import type { FaceAdminService } from './face-admin.service.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Room for the form's fields and part headers beside the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = () =>
  badRequest([
    {
      field: 'file',
      message: bilingual(
        `压缩包不能超过 ${FACE_BULK_MAX_BYTES / 1024 / 1024} MB，请分批上传`,
        `The .zip must be at most ${FACE_BULK_MAX_BYTES / 1024 / 1024} MB; upload it in parts`,
      ),
    },
  ]);

const metaOf = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  device: undefined,
});

export function faceAdminRoutes(deps: { faceAdmin: FaceAdminService }): FastifyPluginAsync {
  const { faceAdmin } = deps;
  return async (app) => {
    await app.register(fastifyMultipart, { throwFileSizeLimit: true });

    route(app, E.enrolled, async ({ user, query }) => ok(await faceAdmin.enrolled(user, query)));

    route(app, E.remove, async ({ user, params, query, request }) =>
      ok(await faceAdmin.remove(user, query.unitId, params.userId, metaOf(request))),
    );

    route(app, E.attendance, async ({ user, query }) =>
      ok(await faceAdmin.attendance(user, query)),
    );

    route(app, E.exportAttendance, async ({ user, query, request, reply }) => {
      const job = await faceAdmin.exportAttendance(user, query, metaOf(request));
      const output = new PassThrough();
      job.write(output).catch((error: unknown) => {
        // Bytes may be out already: the download is cut off rather than answered again.
        request.log.error({ err: error }, 'attendance export failed while writing');
        output.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', contentDisposition(job.fileName))
        .header('Cache-Control', 'no-store')
        .send(output);
    });

    route(app, E.bulkEnrol, async ({ user, request }) =>
      ok(
        await readMultipartUpload(
          request,
          {
            fileBytes: FACE_BULK_MAX_BYTES,
            requestBytes: FACE_BULK_MAX_BYTES + FORM_OVERHEAD_BYTES,
            overRequestBytes: tooLarge,
          },
          async (raw, file) => {
            const fields = parseFields(FaceBulkFieldsSchema, raw);
            const unit = await faceAdmin.unitFor(user, fields.unitId);
            const bytes = await readUpTo(file.stream, FACE_BULK_MAX_BYTES);
            return faceAdmin.bulkEnrol(
              user,
              unit,
              { fileName: file.filename, bytes },
              metaOf(request),
            );
          },
        ),
      ),
    );
  };
}

/** The stream's bytes, or the size refusal once it passes `max`. */
async function readUpTo(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    if (size > max) throw tooLarge();
    chunks.push(bytes);
  }
  // busboy marks a part cut at its limit instead of failing it when asked not to throw.
  if ((stream as Readable & { truncated?: boolean }).truncated) throw tooLarge();
  return Buffer.concat(chunks, size);
}
