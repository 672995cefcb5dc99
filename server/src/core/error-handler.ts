/**
 * The one error handler: every failure leaves as the envelope (DESIGN.md §4). Business
 * outcomes answer HTTP 200; only transport failures (unknown route, malformed or too
 * large a body, unsupported media type, unexpected error) use another HTTP status.
 * An unexpected error is logged with its stack and answered without internals.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BodyStatus, ErrorCode, type Envelope } from '@campus/contracts/envelope';
import { AppError } from './errors.ts';
import { bilingual } from './messages.ts';
import { toFieldErrors } from './validation-errors.ts';
import { isUnavailable, UNAVAILABLE_CODE } from './unavailable.ts';

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
  if (isUnavailable(error))
    return transport(
      503,
      UNAVAILABLE_CODE,
      bilingual(
        '服务暂时不可用，请稍后重试',
        'The service is temporarily unavailable; please try again in a moment',
      ),
    );
  return transport(
    500,
    ErrorCode.internal,
    bilingual('服务器内部错误！', 'Server internal error!'),
  );
}

/** Addresses whose every answer is the JSON envelope: the API, and its `/zuul` gateway prefix. */
export function isEnvelopeAddress(url: string): boolean {
  return /^\/(?:api|zuul)(?:[/?#]|$)/.test(url);
}

/**
 * Whether a person's browser asked for a page here, so a dead end answers HTML rather than
 * JSON: a GET (or HEAD) outside the API that accepts HTML or names no file other than a page.
 * A script's fetch of a missing `.json` or `.js` keeps the envelope it can read.
 */
export function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isEnvelopeAddress(request.url)) return false;
  if ((request.headers.accept ?? '').includes('text/html')) return true;
  const last = (request.url.split(/[?#]/, 1)[0] ?? '').split('/').pop() ?? '';
  return !last.includes('.') || /\.html?$/i.test(last);
}

/** The transport statuses a dead end can have: unknown (404), malformed (400), too long (414). */
export type DeadEndStatus = 400 | 404 | 414;

/**
 * Answers a person's browser at an address with nothing behind it, with an HTML page (the
 * pages module's). Given to `registerErrorHandling`, so core needs no page of its own.
 */
export type PageFallback = (
  request: FastifyRequest,
  reply: FastifyReply,
  httpStatus: DeadEndStatus,
) => Promise<FastifyReply>;

const NOT_FOUND_MESSAGE = bilingual('请求的地址不存在', 'No such address');

function deadEndEnvelope(httpStatus: DeadEndStatus): Envelope<never> {
  switch (httpStatus) {
    case 404:
      return { status: BodyStatus.notFound, code: ErrorCode.notFound, message: NOT_FOUND_MESSAGE };
    case 414:
      return {
        status: 414,
        code: ErrorCode.validation,
        message: bilingual('请求地址中的参数过长', 'A parameter in the address is too long'),
      };
    case 400:
      return {
        status: BodyStatus.badRequest,
        code: ErrorCode.validation,
        message: bilingual(
          '请求地址格式错误（百分号编码无效）',
          'The address is malformed (invalid percent-encoding)',
        ),
      };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The HTML answer for a person's browser at a dead end, when the app has pages. */
    pageFallback: PageFallback | null;
  }
}

export function registerErrorHandling(
  app: FastifyInstance,
  options: { pageFallback?: PageFallback } = {},
): void {
  app.decorate('pageFallback', options.pageFallback ?? null);
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { httpStatus, body } = toEnvelope(error);
    // A store that is down is the operator's news, not a defect: one warning line, no stack.
    if (body.code === UNAVAILABLE_CODE) {
      request.log.warn({ reason: error.message }, 'a store is unavailable');
      void reply.header('retry-after', '1');
    } else if (httpStatus >= 500) request.log.error({ err: error }, 'unexpected error');
    else if (!(error instanceof AppError))
      request.log.info({ code: body.code, reason: error.message }, 'request rejected');
    return reply.code(httpStatus).send(body);
  });
  app.setNotFoundHandler(async (request, reply) => {
    const pages = request.server.pageFallback;
    if (pages && wantsPage(request)) return pages(request, reply, 404);
    return reply.code(404).send(deadEndEnvelope(404));
  });
}

/**
 * Fastify's `frameworkErrors` option: the failures its router meets before any route or hook
 * runs, a malformed percent-encoding in the path (`FST_ERR_BAD_URL`, 400) and a path
 * parameter over `maxParamLength` (`FST_ERR_MAX_PARAM_LENGTH`, 414). Left to Fastify they
 * answer its own JSON; here they answer the envelope (or, for a person's browser outside the
 * API, the not-found page) with the same security headers as any other answer.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const httpStatus: DeadEndStatus = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  request.log.info({ code: error.code }, 'request rejected');
  const envelope = () =>
    // Serialised here: this reply belongs to no route, so it has no serialiser of its own.
    reply
      .code(httpStatus)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(deadEndEnvelope(httpStatus)));
  void (async () => {
    await request.server.applySecurityHeaders(request, reply);
    const pages = request.server.pageFallback;
    if (pages && wantsPage(request)) await pages(request, reply, httpStatus);
    else envelope();
  })().catch((failure: unknown) => {
    request.log.error({ err: failure }, 'framework error answer failed');
    if (!reply.sent) envelope();
  });
}

/**
 * Whether the answer to an unreadable request may carry the envelope. Not to HEAD (its answer
 * has no body, or the client reads the body as the next answer). The request line is in the
 * packet the parser failed on when the request begins there; when it does not, the packet is
 * either the rest of headers over the size limit (a browser's huge cookie: the envelope says
 * why) or bytes past an earlier request's framing, no request at all, which may sit in front of
 * a HEAD the client is waiting on: no body.
 */
function answersWithBody(error: NodeJS.ErrnoException): boolean {
  const raw = (error as { rawPacket?: Buffer }).rawPacket;
  const method =
    (raw && /^([A-Z]{3,7}) /.exec(raw.subarray(0, 8).toString('latin1'))?.[1]) ??
    requestLineMethod(error);
  if (method) return method !== 'HEAD';
  return error.code === 'HPE_HEADER_OVERFLOW' || error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
}

/**
 * The method of a request line the parser failed in after the packet's start: on a kept-alive
 * connection one packet may hold the end of the previous request's body and then the next
 * request's line (`…body tailPUT /a/é HTTP/1.1`), which fails there (a raw byte in its path).
 * That is a request, and its answer carries the envelope; undefined when the failure is not on
 * a request line.
 */
function requestLineMethod(error: NodeJS.ErrnoException): string | undefined {
  const { rawPacket: raw, bytesParsed } = error as { rawPacket?: Buffer; bytesParsed?: number };
  if (!raw || bytesParsed === undefined) return undefined;
  const line = raw.subarray(0, bytesParsed).toString('latin1').split('\n').pop() ?? '';
  return /(GET|HEAD|POST|PUT|DELETE|PATCH|OPTIONS) \S*$/.exec(line)?.[1];
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser could not read at all (a bad
 * request line, headers over the size limit, a timeout). No route or URL is known, so it is
 * the envelope, written to the socket as Fastify's default handler writes its own JSON.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [httpStatus, body]: [number, Envelope<never>] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [
          408,
          {
            status: 408,
            code: ErrorCode.validation,
            message: bilingual('请求超时', 'Request timeout'),
          },
        ]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [
            431,
            {
              status: 431,
              code: ErrorCode.validation,
              message: bilingual('请求头过大', 'The request headers are too large'),
            },
          ]
        : [
            400,
            {
              status: BodyStatus.badRequest,
              code: ErrorCode.validation,
              message: bilingual('请求格式错误', 'The request is malformed'),
            },
          ];
  const json = answersWithBody(error) ? JSON.stringify(body) : '';
  // As Node's own handler: no second answer over one already begun on this socket (a hook
  // that answered before the parser reached a malformed body, e.g. the CSRF check).
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })
    ._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    socket.write(
      `HTTP/1.1 ${httpStatus} ${STATUS_CODES[httpStatus] ?? ''}\r\n` +
        'Connection: close\r\n' +
        'Content-Type: application/json; charset=utf-8\r\n' +
        'Cache-Control: no-store\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
