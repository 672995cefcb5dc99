/**
 * The one HTTP client (spec §7 conventions, §8 error rules, §9 timeout). Every call to the
 * server goes through here, so the device header, credentials, body encoding and the
 * notification rules cannot drift between apps.
 */
import axios, { isAxiosError, isCancel, type AxiosRequestConfig } from 'axios';
import { stringify } from 'qs';
import { BodyStatus, type Envelope } from '@campus/contracts/envelope';
import { DEVICE_HEADER } from '@campus/contracts/uaa';
import { DEFAULT_LANGUAGE, splitBilingual, type Language } from '../i18n/language.ts';

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
      /** axios's own message, e.g. 'Request failed with status code 404' (spec §8). */
      message: string;
    }
  | {
      /** HTTP 200 whose envelope carries a status other than 200. */
      kind: 'body';
      envelope: Envelope<unknown>;
    };

/** The generic failure text of spec §8, per language. */
export const SERVER_ERROR_MESSAGE: Readonly<Record<Language, string>> = {
  'zh-CN': '服务器内部错误！',
  en: 'Server internal error!',
};

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
    const title =
      failure.status === undefined
        ? undefined
        : `${failure.status} ${failure.statusText ?? ''}`.trimEnd();
    return title === undefined
      ? { type: 'error', message: failure.message }
      : { type: 'error', title, message: failure.message };
  }
  return bodyFailureNotice(failure.envelope, lang);
}

function bodyFailureNotice(envelope: Envelope<unknown>, lang: Language): Notice {
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
  return bodyFailureNotice(envelope, lang).message;
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
}

/** Query parameters or a body: any plain object qs can encode. */
export type Payload = Record<string, unknown>;

/** How the client is set up for one app. */
export interface HttpClientOptions {
  baseURL?: string;
  device: Device;
  appCode: string;
  /** Receives every notice that a request did not opt out of. */
  onNotify?: (notice: Notice) => void;
  /** The current page language, read on every failure; zh-CN when absent. */
  language?: () => Language;
  /**
   * Seam for spec §4 session expiry: called once when an answer carries body status 401.
   * Resolve true after the session was renewed (refresh, or login_user_client) to retry the
   * original request once; false lets the failure through to the caller.
   */
  recoverSession?: (failed: Envelope<unknown>) => Promise<boolean>;
  /** Replaces the transport; tests use it. */
  adapter?: AxiosRequestConfig['adapter'];
}

/** The verbs of spec §7 (upload comes with the upload issue). */
export interface HttpClient {
  get<T>(url: string, params?: Payload, options?: RequestOptions): Promise<Envelope<T>>;
  delete<T>(url: string, params?: Payload, options?: RequestOptions): Promise<Envelope<T>>;
  post<T>(url: string, body?: Payload | unknown[], options?: RequestOptions): Promise<Envelope<T>>;
  put<T>(url: string, body?: Payload | unknown[], options?: RequestOptions): Promise<Envelope<T>>;
}

const FORM_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';
const JSON_TYPE = 'application/json;charset=UTF-8';

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'status' in value;
}

function toFailure(error: unknown): {
  failure: Extract<Failure, { kind: 'transport' }>;
  envelope?: Envelope<unknown>;
  canceled: boolean;
} {
  if (isCancel(error)) {
    return { failure: { kind: 'transport', message: 'Request aborted' }, canceled: true };
  }
  if (isAxiosError(error)) {
    const response = error.response;
    const failure: Extract<Failure, { kind: 'transport' }> = {
      kind: 'transport',
      message: error.message,
    };
    if (response) {
      failure.status = response.status;
      failure.statusText = response.statusText;
    }
    const body: unknown = response?.data;
    return isEnvelope(body)
      ? { failure, envelope: body, canceled: false }
      : { failure, canceled: false };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { failure: { kind: 'transport', message }, canceled: false };
}

/**
 * Creates the HTTP client of one app. Answers resolve with the envelope, whatever its body
 * status; transport failures reject with an `HttpError`. Both notify unless `noIntercept`.
 *
 * @example
 * const http = createHttpClient({ device: 'pc', appCode: 'portal', onNotify: showToast });
 * const res = await http.get<MeData>('/api/uaa/oauth/me', undefined, { noIntercept: true });
 * if (res.status === 200 && res.data) console.log(res.data.realName);
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const instance = axios.create({
    baseURL: options.baseURL,
    withCredentials: true,
    timeout: REQUEST_TIMEOUT_MS,
    headers: { [DEVICE_HEADER]: `${options.device}:${options.appCode}` },
    paramsSerializer: { serialize: (params: Payload) => stringify(params, { allowDots: true }) },
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });
  const language = (): Language => options.language?.() ?? DEFAULT_LANGUAGE;
  const notify = (notice: Notice, request: RequestOptions): void => {
    if (!request.noIntercept) options.onNotify?.(notice);
  };

  async function send<T>(
    method: 'get' | 'delete' | 'post' | 'put',
    url: string,
    payload: Payload | unknown[] | undefined,
    request: RequestOptions,
    retried: boolean,
  ): Promise<Envelope<T>> {
    const config: AxiosRequestConfig = { method, url, headers: { ...request.headers } };
    if (request.signal) config.signal = request.signal;
    if (method === 'get' || method === 'delete') {
      const params = (payload ?? {}) as Payload;
      config.params = request.cacheBust ? { ...params, _t: Date.now() } : params;
    } else if (request.json || Array.isArray(payload)) {
      config.data = JSON.stringify(payload ?? {});
      config.headers = { ...config.headers, 'Content-Type': JSON_TYPE };
    } else {
      config.data = stringify(payload ?? {}, { allowDots: true });
      config.headers = { ...config.headers, 'Content-Type': FORM_TYPE };
    }

    let envelope: Envelope<T>;
    try {
      const response = await instance.request<unknown>(config);
      // A body that is not an envelope (an HTML error page from a proxy, say) counts as a
      // server failure rather than a success with no data.
      envelope = isEnvelope(response.data)
        ? (response.data as Envelope<T>)
        : { status: BodyStatus.serverError };
    } catch (error) {
      const { failure, envelope: body, canceled } = toFailure(error);
      const notice = describeFailure(failure, language());
      if (!canceled) notify(notice, request);
      throw new HttpError(body ? { failure, notice, envelope: body, canceled } : { failure, notice, canceled });
    }

    if (envelope.status === BodyStatus.unauthorized && !retried && options.recoverSession) {
      if (await options.recoverSession(envelope)) return send<T>(method, url, payload, request, true);
    }
    if (envelope.status !== BodyStatus.ok) {
      notify(describeFailure({ kind: 'body', envelope }, language()), request);
    }
    return envelope;
  }

  return {
    get: (url, params, request = {}) => send('get', url, params, request, false),
    delete: (url, params, request = {}) => send('delete', url, params, request, false),
    post: (url, body, request = {}) => send('post', url, body, request, false),
    put: (url, body, request = {}) => send('put', url, body, request, false),
  };
}
