/**
 * The HTTP client's rules, independent of the wire (spec §7 conventions, §8 error rules,
 * §9 timeout): the device header, credentials, body encoding, the envelope, notifications
 * and the session-recovery seam. A transport only moves bytes. `client.ts` binds the core
 * to axios + qs (the default everywhere); `light-client.ts` binds it to a few lines of XHR
 * for pages with a weight budget (the login page). Both pass the same behaviour tests.
 */
import { BodyStatus, type Envelope } from '@campus/contracts/envelope';
import { DEVICE_HEADER } from '@campus/contracts/uaa';
import { DEFAULT_LANGUAGE, splitBilingual, type Language } from '../i18n/language.ts';
import enHttp from '../i18n/locales/en/http.json';
import zhHttp from '../i18n/locales/zh-CN/http.json';
import { sdkTexts } from '../i18n/sdk-text.ts';
import {
  createRecoveryGate,
  isRecoveryExempt,
  type RecoveryCalls,
  type SessionRecovery,
} from './session-recovery.ts';

const texts = /* @__PURE__ */ sdkTexts(zhHttp, enHttp);

/** Which kind of client makes the request; sent as `device:appCode` (spec §7). */
export type Device = 'pc' | 'h5' | 'app';

/** Request timeout of spec §9. */
export const REQUEST_TIMEOUT_MS = 1_200_000;

/** What a notification shows (spec §8). The UI decides how it looks. */
export interface Notice {
  type: 'error' | 'warning';
  title?: string;
  message: string;
}

/** A failed call, as `describeFailure` reads it. */
export type Failure =
  | {
      /** No usable answer: network down, timeout, abort, or an HTTP status outside 2xx. */
      kind: 'transport';
      status?: number;
      statusText?: string;
      /** axios's own wording, e.g. 'Request failed with status code 404' (spec §8). */
      message: string;
    }
  | {
      /** HTTP 200 whose envelope carries a status other than 200. */
      kind: 'body';
      envelope: Envelope<unknown>;
    };

/** The generic failure text of spec §8, per language. */
export const SERVER_ERROR_MESSAGE: Readonly<Record<Language, string>> =
  /* @__PURE__ */ texts.both('serverError');

/**
 * Turns a failure into the notification spec §8 asks for.
 *
 * @example
 * describeFailure({ kind: 'transport', status: 404, statusText: 'Not Found',
 *   message: 'Request failed with status code 404' }, 'en');
 * // { type: 'error', title: '404 Not Found', message: 'Request failed with status code 404' }
 */
export function describeFailure(failure: Failure, lang: Language): Notice {
  if (failure.kind === 'transport') {
    if (failure.status === undefined) return { type: 'error', message: failure.message };
    const title = `${failure.status} ${failure.statusText ?? ''}`.trimEnd();
    return { type: 'error', title, message: failure.message };
  }
  const envelope = failure.envelope;
  const fieldMessages = (envelope.fieldErrors ?? [])
    .map((e) => splitBilingual(e.message, lang))
    .filter((m) => m.length > 0);
  if (fieldMessages.length > 0) {
    return { type: 'warning', message: fieldMessages.join(lang === 'en' ? ', ' : '，') };
  }
  if (envelope.message) return { type: 'error', message: splitBilingual(envelope.message, lang) };
  return { type: 'error', message: SERVER_ERROR_MESSAGE[lang] };
}

/**
 * The text to show for an envelope whose status is not 200, in one language: the field
 * errors, else the message, else the generic server error (spec §8).
 *
 * @example
 * failureMessage({ status: 400, code: 'invalid_grant', message: '密码错误|||Wrong password' }, 'en');
 * // 'Wrong password'
 */
export function failureMessage(envelope: Envelope<unknown>, lang: Language): string {
  return describeFailure({ kind: 'body', envelope }, lang).message;
}

/** What a transport reports when it got no usable answer. */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    message: string,
    readonly details: {
      status?: number;
      statusText?: string;
      /** The parsed body of a non-2xx answer. */
      data?: unknown;
      /** The caller's AbortSignal fired. */
      canceled?: boolean;
    } = {},
  ) {
    super(message);
  }
}

/** A call that got no usable answer. Carries the notice so a caller that opted out can show it its own way. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number | undefined;
  readonly statusText: string | undefined;
  /** The envelope of a non-2xx answer, when the server sent one. */
  readonly envelope: Envelope<unknown> | undefined;
  /** True when the caller aborted the request itself: nothing to report. */
  readonly canceled: boolean;
  readonly notice: Notice;

  constructor(init: {
    failure: Extract<Failure, { kind: 'transport' }>;
    notice: Notice;
    envelope?: Envelope<unknown>;
    canceled?: boolean;
  }) {
    super(init.failure.message);
    this.status = init.failure.status;
    this.statusText = init.failure.statusText;
    this.envelope = init.envelope;
    this.canceled = init.canceled ?? false;
    this.notice = init.notice;
  }
}

/** One request as a transport sees it: the URL holds the query, the body is encoded. */
export interface TransportRequest {
  method: 'GET' | 'DELETE' | 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** A 2xx answer, body parsed as JSON when it is JSON. */
export interface TransportResponse {
  status: number;
  data: unknown;
}

/**
 * Moves one request over the wire with credentials. Resolves on 2xx; otherwise rejects
 * with a TransportError worded as axios words it (spec §8 generic HTTP messages).
 */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/** Per-request switches. */
export interface RequestOptions {
  /** Skip the notification of spec §8; the caller reads the answer itself (spec §3 login form). */
  noIntercept?: boolean;
  /** GET/DELETE: add a `_t` timestamp so no cache answers (spec §7). */
  cacheBust?: boolean;
  /** POST/PUT: send JSON instead of a form body (spec §7 "JSON mode"). */
  json?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Let a body 401 through without the session recovery of spec §4, e.g. a login check
   * that must simply answer "not logged in" (spec §4 "A failed login check resolves as not
   * logged in") instead of starting the re-login flow.
   */
  noRecover?: boolean;
}

/** Query parameters or a body: any plain object the form encoder can write. */
export type Payload = Record<string, unknown>;

/** How a client is set up for one app. */
export interface HttpClientOptions {
  /** Prefix of relative URLs, e.g. 'https://portal.example'. */
  baseURL?: string;
  device: Device;
  appCode: string;
  /** Receives every notice that a request did not opt out of. */
  onNotify?: (notice: Notice) => void;
  /** The current page language, read on every failure; zh-CN when absent. */
  language?: () => Language;
  /**
   * Spec §4 session expiry: what to do when an answer carries body status 401. Use
   * `createSessionRecovery` (refresh, else login_user_client, else re-login); pass one object
   * to every client of the app so concurrent 401s share one renewal.
   */
  sessionRecovery?: SessionRecovery;
  /**
   * Low-level form of `sessionRecovery`, used when that is absent: resolve true after the
   * session was renewed to retry the original request once; false lets the 401 through.
   * Concurrent 401s share one call.
   */
  recoverSession?: (failed: Envelope<unknown>) => Promise<boolean>;
  /** Overrides the spec §9 timeout; tests use it. */
  timeoutMs?: number;
}

/** The verbs of spec §7 (upload comes with the upload issue). */
export interface HttpClient {
  get: <T>(url: string, params?: Payload, options?: RequestOptions) => Promise<Envelope<T>>;
  delete: <T>(url: string, params?: Payload, options?: RequestOptions) => Promise<Envelope<T>>;
  post: <T>(
    url: string,
    body?: Payload | unknown[],
    options?: RequestOptions,
  ) => Promise<Envelope<T>>;
  put: <T>(
    url: string,
    body?: Payload | unknown[],
    options?: RequestOptions,
  ) => Promise<Envelope<T>>;
}

const FORM_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';
const JSON_TYPE = 'application/json;charset=UTF-8';

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'status' in value;
}

function withQuery(url: string, query: string): string {
  if (query === '') return url;
  const hash = url.indexOf('#');
  const base = hash < 0 ? url : url.slice(0, hash);
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}

function joinBase(baseURL: string | undefined, url: string): string {
  if (!baseURL || /^[a-z][a-z\d+\-.]*:\/\//i.test(url)) return url;
  return `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

/**
 * Builds a client from the rules above plus a transport and a form encoder (qs with
 * `allowDots` in the default client). Answers resolve with the envelope, whatever its body
 * status; transport failures reject with an `HttpError`. Both notify unless `noIntercept`.
 */
export function createHttpCore(
  options: HttpClientOptions & {
    transport: Transport;
    /** Writes query strings and form bodies, dotted keys for nested objects (spec §7). */
    encodeForm: (payload: Payload) => string;
  },
): HttpClient {
  const { transport, encodeForm } = options;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const deviceHeader = `${options.device}:${options.appCode}`;
  const language = (): Language => options.language?.() ?? DEFAULT_LANGUAGE;
  const notify = (notice: Notice, request: RequestOptions): void => {
    if (!request.noIntercept) options.onNotify?.(notice);
  };
  const legacyRecover = options.recoverSession;
  const recovery: SessionRecovery | undefined =
    options.sessionRecovery ??
    (legacyRecover
      ? createRecoveryGate(async (failed) => ((await legacyRecover(failed)) ? 'retry' : 'give-up'))
      : undefined);
  // The renewal calls of spec §4: silent, and never recovering themselves (no loops).
  const recoveryCalls: RecoveryCalls = {
    appCode: options.appCode,
    get: (url) => send('GET', url, undefined, { noIntercept: true, cacheBust: true }, true),
    post: (url, body) => send('POST', url, body, { noIntercept: true }, true),
  };

  async function send<T>(
    method: TransportRequest['method'],
    url: string,
    payload: Payload | unknown[] | undefined,
    request: RequestOptions,
    retried: boolean,
  ): Promise<Envelope<T>> {
    const headers: Record<string, string> = { [DEVICE_HEADER]: deviceHeader, ...request.headers };
    const wire: TransportRequest = {
      method,
      url: joinBase(options.baseURL, url),
      headers,
      timeoutMs,
    };
    if (request.signal) wire.signal = request.signal;
    if (method === 'GET' || method === 'DELETE') {
      const params = (payload ?? {}) as Payload;
      wire.url = withQuery(
        wire.url,
        encodeForm(request.cacheBust ? { ...params, _t: Date.now() } : params),
      );
    } else if (request.json || Array.isArray(payload)) {
      wire.body = JSON.stringify(payload ?? {});
      headers['Content-Type'] = JSON_TYPE;
    } else {
      wire.body = encodeForm(payload ?? {});
      headers['Content-Type'] = FORM_TYPE;
    }

    const ticket = recovery?.ticket() ?? 0;
    let envelope: Envelope<T>;
    try {
      const response = await transport(wire);
      // A body that is not an envelope (an HTML error page from a proxy, say) counts as a
      // server failure rather than a success with no data.
      envelope = isEnvelope(response.data)
        ? (response.data as Envelope<T>)
        : { status: BodyStatus.serverError };
    } catch (error) {
      const details = error instanceof TransportError ? error.details : {};
      const failure: Extract<Failure, { kind: 'transport' }> = {
        kind: 'transport',
        message: error instanceof Error ? error.message : String(error),
      };
      if (details.status !== undefined) failure.status = details.status;
      if (details.statusText !== undefined) failure.statusText = details.statusText;
      const notice = describeFailure(failure, language());
      const canceled = details.canceled ?? false;
      if (!canceled) notify(notice, request);
      throw new HttpError(
        isEnvelope(details.data)
          ? { failure, notice, canceled, envelope: details.data }
          : { failure, notice, canceled },
      );
    }

    // Spec §4/§8: body 401 → refresh (else login_user_client) and retry once, else re-login.
    if (envelope.status !== BodyStatus.unauthorized) {
      recovery?.confirm();
    } else if (recovery && !retried && !request.noRecover && !isRecoveryExempt(url)) {
      const outcome = await recovery.recover(ticket, envelope, recoveryCalls);
      if (outcome === 'retry') return send<T>(method, url, payload, request, true);
      // The re-login flow is what the user sees: no notice per waiting request.
      if (outcome === 'relogin') return envelope;
    }
    if (envelope.status !== BodyStatus.ok) {
      notify(describeFailure({ kind: 'body', envelope }, language()), request);
    }
    return envelope;
  }

  return {
    get: (url, params, request = {}) => send('GET', url, params, request, false),
    delete: (url, params, request = {}) => send('DELETE', url, params, request, false),
    post: (url, body, request = {}) => send('POST', url, body, request, false),
    put: (url, body, request = {}) => send('PUT', url, body, request, false),
  };
}
