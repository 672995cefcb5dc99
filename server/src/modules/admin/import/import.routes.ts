/**
 * The bulk import's endpoints (issue 13 §3; `@campus/contracts/admin-import`): the template, the
 * dry run, the commit and the result. The uploads are multipart, streamed by
 * `readMultipartUpload` (the storage's reader): the `unitId` field comes first and is checked
 * against the caller's administration scope before a byte of the file is read, then the file
 * part is read up to IMPORT_MAX_BYTES (one more byte refuses it). @fastify/multipart is
 * registered inside this plugin only, as in the storage's.
 */
import type { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import type { AdminUnit } from '@campus/contracts/admin';
import {
  IMPORT_MAX_BYTES,
  ImportUploadFieldsSchema,
  adminImportEndpoints as E,
} from '@campus/contracts/admin-import';
import { ok } from '../../../core/envelope.ts';
import { badRequest } from '../../../core/errors.ts';
import { bilingual } from '../../../core/messages.ts';
import { route } from '../../../core/route.ts';
import { parseFields, readMultipartUpload } from '../../storage/multipart-upload.ts';
import type { SessionUser } from '../../uaa/session.service.ts';
import type { ImportFile } from './import-workbooks.ts';
import type { ImportService, UploadedImport } from './import.service.ts';

/** Room for the form's fields and part headers beside the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = () =>
  badRequest([
    {
      field: 'file',
      message: bilingual(
        `文件不能超过 ${IMPORT_MAX_BYTES / 1024 / 1024} MB，请拆分后分批导入`,
        `The file must be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB; split it and import the parts`,
      ),
    },
  ]);

export function importRoutes(deps: { imports: ImportService }): FastifyPluginAsync {
  const { imports } = deps;
  return async (app) => {
    await app.register(fastifyMultipart, { throwFileSizeLimit: true });

    route(app, E.template, async ({ user, query, reply }) =>
      sendFile(reply, await imports.template(user, query)),
    );

    route(app, E.dryRun, async ({ user, request }) =>
      ok(await withUpload(imports, user, request, (unit, upload) => imports.dryRun(unit, upload))),
    );

    route(app, E.commit, async ({ user, request }) =>
      ok(
        await withUpload(imports, user, request, (unit, upload) =>
          imports.commit(user, unit, upload, { ip: request.ip }),
        ),
      ),
    );

    route(app, E.result, async ({ user, body, request, reply }) =>
      sendFile(reply, await imports.takeResult(user, body, { ip: request.ip })),
    );
  };
}

/** Reads the upload's fields, checks the unit, then reads the file; answers what `use` does. */
function withUpload<T>(
  imports: ImportService,
  user: SessionUser,
  request: FastifyRequest,
  use: (unit: AdminUnit, upload: UploadedImport) => Promise<T>,
): Promise<T> {
  return readMultipartUpload(
    request,
    {
      fileBytes: IMPORT_MAX_BYTES,
      requestBytes: IMPORT_MAX_BYTES + FORM_OVERHEAD_BYTES,
      overRequestBytes: tooLarge,
    },
    async (raw, file) => {
      const fields = parseFields(ImportUploadFieldsSchema, raw);
      const unit = await imports.unitFor(user, fields.unitId);
      const bytes = await readUpTo(file.stream, IMPORT_MAX_BYTES);
      return use(unit, { fileName: file.filename, bytes });
    },
  );
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

/** A generated file as an attachment, never cached (the result holds passwords). */
function sendFile(reply: FastifyReply, file: ImportFile): FastifyReply {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', contentDisposition(file.fileName))
    .header('Cache-Control', 'no-store')
    .send(file.bytes);
}
