/**
 * Reads a streamed multipart upload (spec §7 simple and chunk upload) with @fastify/multipart:
 * the text fields first, checked against the contract's schema as any other route's body is
 * (same bilingual field errors), then the one `file` part, handed over as a stream and never
 * buffered. The route's contract says `multipart`, so `route()` leaves the body to this.
 *
 * What can go wrong in transport answers a 4xx envelope, never a 5xx: a body that is no
 * multipart form at all is spec §5's 501 'file type error' (HTTP 200); one busboy cannot read
 * (cut off, no boundary, a broken part) 400; more parts, fields or bytes than allowed 413.
 */
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { AppError, badRequest } from '../../core/errors.ts';
import { toFieldErrors, type SchemaIssue } from '../../core/validation-errors.ts';
import { fileTypeError, malformedMultipart, multipartTooLarge, noFile } from './upload-errors.ts';

/** The part that carries the bytes (WebUploader's and the SDK's field name). */
export const FILE_FIELD = 'file';

export interface UploadedPart {
  /** The file name the browser gave the part, unchecked (busboy drops any path). */
  filename: string;
  stream: Readable;
}

export interface MultipartLimits {
  /** The most bytes the file part may have; busboy stops one byte after (our store decides). */
  fileBytes: number;
  /** The most bytes the whole request may declare (Content-Length); more answers 413. */
  requestBytes: number;
  /** The answer to a request over `requestBytes`, where it is not the transport's 413. */
  overRequestBytes?: () => AppError;
}

/** A field's value, its fields' names and their sizes are bounded: the fields are small. */
const FIELD_LIMITS = {
  fieldNameSize: 100,
  fieldSize: 8 * 1024,
  fields: 24,
  files: 1,
  parts: 32,
  headerPairs: 16,
} as const;

/**
 * Reads the fields, then hands the file part to `onFile`, which must consume or refuse it;
 * answers what `onFile` answers. The rest of the request is read and dropped afterwards, so
 * the client can finish sending and read the answer on the same connection.
 */
export async function readMultipartUpload<T>(
  request: FastifyRequest,
  limits: MultipartLimits,
  onFile: (fields: Record<string, unknown>, file: UploadedPart) => Promise<T>,
): Promise<T> {
  // Spec §5: an upload whose payload is not a form (JSON, a form-encoded body) is refused.
  if (!request.isMultipart()) throw fileTypeError();
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.requestBytes) {
    drainRequest(request);
    throw (limits.overRequestBytes ?? multipartTooLarge)();
  }
  const fields: Record<string, unknown> = {};
  let current: Readable | undefined;
  try {
    const parts = request.parts({ limits: { ...FIELD_LIMITS, fileSize: limits.fileBytes + 1 } });
    for (;;) {
      const next = await nextPart(parts);
      if (next === null) break;
      if (next.type === 'field') {
        // The first of a repeated field counts; the fields before the file are all there is.
        if (!Object.hasOwn(fields, next.fieldname)) fields[next.fieldname] = next.value;
        continue;
      }
      current = next.file;
      if (next.fieldname !== FILE_FIELD) {
        next.file.resume();
        continue;
      }
      return await consumeFile(next.file, () =>
        onFile(fields, { filename: next.filename, stream: next.file }),
      );
    }
    throw noFile();
  } finally {
    if (current && !current.readableEnded) current.destroy();
    drainRequest(request);
  }
}

/** The next part, or null at the end; busboy's and the plugin's failures as 4xx envelopes. */
async function nextPart(parts: AsyncIterableIterator<Multipart>): Promise<Multipart | null> {
  try {
    const next = await parts.next();
    return next.done ? null : next.value;
  } catch (error) {
    throw transportFailure(error);
  }
}

/**
 * Runs the consumer of the file part; when the part itself fails on the way (the body is cut
 * off, a part ends early), that is the client's malformed body, not a server error.
 */
async function consumeFile<T>(file: Readable, consume: () => Promise<T>): Promise<T> {
  let broken = false;
  const onError = () => {
    broken = true;
  };
  file.on('error', onError);
  try {
    return await consume();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (broken) throw malformedMultipart();
    throw error;
  } finally {
    file.off('error', onError);
  }
}

function transportFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  // The plugin's parts, fields and files limits (413); anything else busboy could not read.
  return status === 413 ? multipartTooLarge() : malformedMultipart();
}

/** Reads and drops what is left of the request body once the answer no longer needs it. */
function drainRequest(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
}

/**
 * The multipart fields as the contract's schema types them (DESIGN.md §7): each field arrives
 * as text, so numbers and booleans are converted first, defaults filled in, then the schema
 * checks them; a field that fails answers the same bilingual field errors as any route's body.
 */
export function parseFields<S extends TSchema>(
  schema: S,
  raw: Readonly<Record<string, unknown>>,
): Static<S> {
  const value = Value.Default(schema, Value.Convert(schema, Value.Clone({ ...raw })));
  if (Value.Check(schema, value)) return value;
  const issues: SchemaIssue[] = Value.Errors(schema, value).flatMap((error): SchemaIssue[] => {
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'required' && Array.isArray(params.requiredProperties)) {
      return (params.requiredProperties as unknown[])
        .filter((name): name is string => typeof name === 'string' && !Object.hasOwn(raw, name))
        .map((missingProperty) => ({
          keyword: 'required',
          instancePath: '',
          params: { missingProperty },
        }));
    }
    return [{ keyword: error.keyword, instancePath: error.instancePath, params }];
  });
  throw badRequest(toFieldErrors(issues));
}
