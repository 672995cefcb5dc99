/**
 * Typed domain errors. Services throw them; the one error handler (error-handler.ts)
 * turns them into the envelope. Business outcomes answer HTTP 200 with the outcome in
 * `status` (DESIGN.md §4); only transport failures set `httpStatus`.
 */
import { BodyStatus, ErrorCode, type FieldError } from '@campus/contracts/envelope';
import { bilingual, type Bilingual } from './messages.ts';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly bilingualMessage: Bilingual,
    readonly options: { httpStatus?: number; fieldErrors?: FieldError[] } = {},
  ) {
    super(bilingualMessage);
    this.name = 'AppError';
  }
}

export const unauthorized = (
  message = bilingual('登录已失效，请重新登录', 'Session expired, please sign in again'),
) => new AppError(BodyStatus.unauthorized, ErrorCode.unauthorized, message);

export const forbidden = (
  message = bilingual('没有权限执行此操作', 'You do not have permission to do this'),
) => new AppError(BodyStatus.forbidden, ErrorCode.forbidden, message);

export const notFound = (
  message = bilingual('请求的资源不存在', 'The requested resource does not exist'),
) => new AppError(BodyStatus.notFound, ErrorCode.notFound, message);

export const badRequest = (fieldErrors: FieldError[], message?: Bilingual) =>
  new AppError(
    BodyStatus.badRequest,
    ErrorCode.validation,
    message ??
      (fieldErrors.map((e) => e.message)[0] as Bilingual | undefined) ??
      bilingual('请求参数有误', 'Invalid request'),
    { fieldErrors },
  );
