/**
 * The one error handler: every failure leaves as the envelope (DESIGN.md §4). Business
 * outcomes answer HTTP 200; only transport failures (unknown route, malformed or too
 * large a body, unsupported media type, unexpected error) use another HTTP status.
 * An unexpected error is logged with its stack and answered without internals.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { BodyStatus, ErrorCode, type Envelope } from '@campus/contracts/envelope';
import { AppError } from './errors.ts';
import { bilingual } from './messages.ts';
import { toFieldErrors } from './validation-errors.ts';

function transport(
  httpStatus: number,
  code: string,
  message: string,
): { httpStatus: number; body: Envelope<never> } {
  return { httpStatus, body: { status: httpStatus, code, message } };
}

export function toEnvelope(error: FastifyError | AppError | Error): {
  httpStatus: number;
  body: Envelope<never>;
} {
  if (error instanceof AppError) {
    const body: Envelope<never> = {
      status: error.status,
      code: error.code,
      message: error.bilingualMessage,
    };
    if (error.options.fieldErrors) body.fieldErrors = error.options.fieldErrors;
    return { httpStatus: error.options.httpStatus ?? 200, body };
  }
  const fastifyError = error as FastifyError;
  if (Array.isArray(fastifyError.validation)) {
    const fieldErrors = toFieldErrors(fastifyError.validation);
    return {
      httpStatus: 200,
      body: {
        status: BodyStatus.badRequest,
        code: ErrorCode.validation,
        message: fieldErrors[0]?.message ?? bilingual('请求参数有误', 'Invalid request'),
        fieldErrors,
      },
    };
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return transport(
        415,
        ErrorCode.unsupportedMediaType,
        bilingual('不支持的请求内容类型', 'Unsupported content type'),
      );
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return transport(
        413,
        ErrorCode.payloadTooLarge,
        bilingual('请求内容过大', 'The request body is too large'),
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return transport(
        400,
        ErrorCode.validation,
        bilingual('请求内容格式错误', 'The request body is malformed'),
      );
    default:
      break;
  }
  if (
    fastifyError.statusCode !== undefined &&
    fastifyError.statusCode >= 400 &&
    fastifyError.statusCode < 500
  ) {
    // Parser errors (bad JSON, bad form) and other client mistakes Fastify detects itself.
    return transport(
      fastifyError.statusCode,
      ErrorCode.validation,
      bilingual(
        '请求无法处理，请检查后重试',
        'The request could not be processed; please check it and try again',
      ),
    );
  }
  return transport(
    500,
    ErrorCode.internal,
    bilingual('服务器内部错误！', 'Server internal error!'),
  );
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { httpStatus, body } = toEnvelope(error);
    if (httpStatus >= 500) request.log.error({ err: error }, 'unexpected error');
    else if (!(error instanceof AppError))
      request.log.info({ code: body.code, reason: error.message }, 'request rejected');
    return reply.code(httpStatus).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    const body: Envelope<never> = {
      status: BodyStatus.notFound,
      code: ErrorCode.notFound,
      message: bilingual('请求的地址不存在', 'No such address'),
    };
    return reply.code(404).send(body);
  });
}
