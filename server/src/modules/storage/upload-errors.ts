/**
 * The refusals of the upload calls (spec §5, §8; DESIGN.md §7). Each is a business outcome:
 * HTTP 200 with the outcome in the envelope's `status`, a code a client can branch on and a
 * bilingual message whose English is the spec's where it gives one ('abnormal chunk count',
 * 'size exceeds limit', 'file type error'). Only a malformed multipart body, or one over the
 * transport limit, uses another HTTP status (4xx).
 */
import { BodyStatus, ErrorCode } from '@campus/contracts/envelope';
import type { UploadRefusal } from '@campus/contracts/upload-rules';
import { AppError, badRequest } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';

/** The codes of the upload refusals, beside the envelope's own (`validation_failed`, …). */
export const UploadErrorCode = {
  forbiddenType: 'upload_forbidden_type',
  tooLarge: 'upload_too_large',
  empty: 'upload_empty',
  chunkCount: 'upload_chunk_count',
  chunkSize: 'upload_chunk_size',
  md5Mismatch: 'upload_md5_mismatch',
  notImage: 'upload_not_image',
  fileType: 'upload_file_type',
} as const;

/** Spec §5 deny-list, size limit, empty file: refused before any byte is kept. */
export function uploadRefused(refusal: UploadRefusal): AppError {
  switch (refusal) {
    case 'forbiddenType':
      return new AppError(
        BodyStatus.badRequest,
        UploadErrorCode.forbiddenType,
        bilingual('不允许上传此类型的文件', 'This file type may not be uploaded'),
      );
    case 'tooLarge':
      return new AppError(
        BodyStatus.badRequest,
        UploadErrorCode.tooLarge,
        bilingual('文件大小超出限制', 'size exceeds limit'),
      );
    case 'empty':
      return new AppError(
        BodyStatus.badRequest,
        UploadErrorCode.empty,
        bilingual('文件内容为空', 'The file is empty'),
      );
  }
}

/** Spec §8 chunkmerge: a chunk is missing at the merge. */
export const abnormalChunkCount = () =>
  new AppError(
    BodyStatus.badRequest,
    UploadErrorCode.chunkCount,
    bilingual('分片数量异常', 'abnormal chunk count'),
  );

/** The chunk's bytes are not as many as its `size` field says (DESIGN.md §7). */
export const chunkSizeMismatch = () =>
  new AppError(
    BodyStatus.badRequest,
    UploadErrorCode.chunkSize,
    bilingual(
      '分片大小与声明不符，请重新上传',
      'The chunk is not the size announced; send it again',
    ),
  );

/** The bytes do not have the announced MD5 (DESIGN.md §7: nothing kept, chunks discarded). */
export const md5Mismatch = () =>
  new AppError(
    BodyStatus.badRequest,
    UploadErrorCode.md5Mismatch,
    bilingual(
      '文件校验失败（MD5 不一致），请重新上传',
      'The file does not match its MD5; please upload it again',
    ),
  );

/** The base64 image is not an image, or not of the type it names (checked by its bytes). */
export const notAnImage = () =>
  new AppError(
    BodyStatus.badRequest,
    UploadErrorCode.notImage,
    bilingual('图片内容与类型不符', 'The image is not of the type given'),
  );

/** Spec §5 and §8: an upload whose payload is not a form with a file: status 501. */
export const fileTypeError = () =>
  new AppError(501, UploadErrorCode.fileType, bilingual('文件类型错误', 'file type error'));

/** A multipart body with no file part: spec §8's 'Not find file', as a field error. */
export const noFile = () =>
  badRequest([{ field: 'file', message: bilingual('未找到文件', 'Not find file') }]);

/** A multipart body busboy could not read (cut off, no boundary, a broken part header). */
export const malformedMultipart = () =>
  new AppError(
    BodyStatus.badRequest,
    ErrorCode.validation,
    bilingual('上传内容格式错误', 'The upload is malformed'),
    { httpStatus: 400 },
  );

/** More parts, fields or bytes than one upload request may carry. */
export const multipartTooLarge = () =>
  new AppError(
    413,
    ErrorCode.payloadTooLarge,
    bilingual('请求内容过大', 'The request body is too large'),
    { httpStatus: 413 },
  );

/** A download's Range past the file's end (RFC 9110 §15.5.17): HTTP 416, the envelope's too. */
export const rangeNotSatisfiable = () =>
  new AppError(
    416,
    ErrorCode.validation,
    bilingual('请求的文件范围无效', 'The requested part of the file does not exist'),
    { httpStatus: 416 },
  );
