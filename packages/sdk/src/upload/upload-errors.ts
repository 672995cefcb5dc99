/**
 * The uploader's typed failures (spec §8 "Upload"): the five error types of the upload flow,
 * each with its text in both languages, the helper refusals the client gives before any byte is
 * sent, and the notification each one shows. An upload failure notifies `status：message` (with
 * the full-width colon of spec §8): the envelope's status when the server refused, else the HTTP
 * status, else the error type itself, as the original helper did.
 */
import type { Envelope } from '@campus/contracts/envelope';
import type { UploadRefusal } from '@campus/contracts/upload-rules';
import { failureMessage, type Notice } from '../http/http-core.ts';
import enUpload from '../i18n/locales/en/upload.json';
import zhUpload from '../i18n/locales/zh-CN/upload.json';
import type { Language } from '../i18n/language.ts';
import { sdkTexts } from '../i18n/sdk-text.ts';

const texts = /* @__PURE__ */ sdkTexts(zhUpload, enUpload);

/**
 * Why an upload failed.
 * - The flow's own (spec §8): `checkerror` (second_upload_check), `checkchunkerror`
 *   (block_upload_check), `uploaderror` (a chunk or the whole file), `chunkmerge` (merge_file,
 *   also 'abnormal chunk count'), `uploadunkerror` (an answer that cannot be read, or a file
 *   that cannot be read).
 * - The client's refusals before anything is sent: `notFound` ('Not find file'), `sizeLimit`
 *   ('size exceeds limit'), `forbiddenType` (the spec §5 deny-list), `empty`, and
 *   `fileTypeError` (not a file at all: spec §5's 501 'file type error').
 * - `aborted`: the caller cancelled; nothing is shown.
 */
export type UploadErrorType =
  | 'checkerror'
  | 'checkchunkerror'
  | 'uploaderror'
  | 'chunkmerge'
  | 'uploadunkerror'
  | 'notFound'
  | 'sizeLimit'
  | 'forbiddenType'
  | 'empty'
  | 'fileTypeError'
  | 'aborted';

/** The flow's failures, shown as `status：message` (spec §8). */
const FLOW_ERRORS: ReadonlySet<UploadErrorType> = new Set([
  'checkerror',
  'checkchunkerror',
  'uploaderror',
  'chunkmerge',
  'uploadunkerror',
  'fileTypeError',
]);

/** A failed upload: what `task.done` rejects with. */
export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    readonly type: UploadErrorType,
    message: string,
    /** The envelope's status, else the HTTP status, else the type (spec §8 `status：message`). */
    readonly status: number | string,
    /** What was (or would be) shown; null for `aborted`. */
    readonly notice: Notice | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The default text of one error type, in one language. */
export function uploadErrorText(
  type: UploadErrorType | 'abnormalChunkCount',
  lang: Language,
): string {
  return texts.t(lang)(`errors.${type}`);
}

/** Spec §8's notification for a failure. */
function noticeFor(
  type: UploadErrorType,
  status: number | string,
  message: string,
  lang: Language,
) {
  if (type === 'aborted') return null;
  if (type === 'notFound') return { type: 'warning', message } satisfies Notice;
  if (!FLOW_ERRORS.has(type)) return { type: 'error', message } satisfies Notice;
  return {
    type: 'error',
    message: texts.t(lang)('notice', { status, message }),
  } satisfies Notice;
}

/**
 * Builds an `UploadError` in the page's language.
 *
 * @example
 * uploadError('checkerror', 'en').notice?.message; // 'checkerror：failed to check whether file exists'
 * uploadError('uploaderror', 'en', { status: 503 }).notice?.message; // '503：upload failed'
 */
export function uploadError(
  type: UploadErrorType,
  lang: Language,
  details: {
    status?: number | string;
    message?: string;
    key?: 'abnormalChunkCount';
    cause?: unknown;
  } = {},
): UploadError {
  const message = details.message ?? uploadErrorText(details.key ?? type, lang);
  const status = details.status ?? (type === 'fileTypeError' ? 501 : type);
  return new UploadError(
    type,
    message,
    status,
    noticeFor(type, status, message, lang),
    details.cause === undefined ? undefined : { cause: details.cause },
  );
}

/**
 * A refusal the server answered (HTTP 200, envelope status not 200: DESIGN.md §7), as the
 * error of the step that got it, with the server's own (bilingual) message when it sent one.
 */
export function refusalError(
  type: UploadErrorType,
  envelope: Envelope<unknown>,
  lang: Language,
): UploadError {
  const hasText = Boolean(envelope.message) || (envelope.fieldErrors?.length ?? 0) > 0;
  return uploadError(type, lang, {
    status: envelope.status,
    ...(hasText ? { message: failureMessage(envelope, lang) } : {}),
  });
}

/** The client-side refusal of spec §5 (the contracts' `uploadRefusal`) as its error type. */
export function refusalType(refusal: UploadRefusal): UploadErrorType {
  switch (refusal) {
    case 'forbiddenType':
      return 'forbiddenType';
    case 'tooLarge':
      return 'sizeLimit';
    case 'empty':
      return 'empty';
  }
}
