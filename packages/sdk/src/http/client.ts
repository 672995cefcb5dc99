/**
 * The HTTP client (spec §7, §8): the shared rules of `http-core.ts` on axios, with qs
 * writing form bodies and query strings with dotted keys. Every app uses this one, except a
 * page with a weight budget, which uses `light-client.ts` (same rules, same tests).
 */
import axios, { isAxiosError, isCancel, type AxiosRequestConfig } from 'axios';
import { stringify } from 'qs';
import {
  createHttpCore,
  TransportError,
  type HttpClient,
  type HttpClientOptions,
  type Payload,
  type Transport,
} from './http-core.ts';

export {
  describeFailure,
  failureMessage,
  HttpError,
  REQUEST_TIMEOUT_MS,
  SERVER_ERROR_MESSAGE,
  TransportError,
} from './http-core.ts';
export type {
  Device,
  Failure,
  HttpClient,
  HttpClientOptions,
  Notice,
  Payload,
  RequestOptions,
  Transport,
} from './http-core.ts';

/** qs with dotted keys (spec §7): `{ a: { b: 1 } }` → `a.b=1`. */
export function encodeFormQs(payload: Payload): string {
  return stringify(payload, { allowDots: true });
}

/** An axios-backed transport; `adapter` replaces the wire in tests. */
export function axiosTransport(adapter?: AxiosRequestConfig['adapter']): Transport {
  const instance = axios.create({
    withCredentials: true,
    // The core has written the body already; axios must pass it through untouched.
    transformRequest: [(data: unknown) => data],
    ...(adapter ? { adapter } : {}),
  });
  return async (request) => {
    try {
      const response = await instance.request<unknown>({
        method: request.method,
        url: request.url,
        headers: request.headers,
        data: request.body,
        timeout: request.timeoutMs,
        ...(request.signal ? { signal: request.signal } : {}),
      });
      return { status: response.status, data: response.data };
    } catch (error) {
      if (isCancel(error)) throw new TransportError('canceled', { canceled: true });
      if (isAxiosError(error)) {
        const response = error.response;
        throw new TransportError(
          error.message,
          response
            ? { status: response.status, statusText: response.statusText, data: response.data }
            : {},
        );
      }
      throw error;
    }
  };
}

/**
 * Creates the HTTP client of one app. Answers resolve with the envelope, whatever its body
 * status; transport failures reject with an `HttpError`. Both notify unless `noIntercept`.
 *
 * @example
 * const http = createHttpClient({ device: 'pc', appCode: 'portal', onNotify: showToast });
 * const res = await callEndpoint(http, uaaEndpoints.me, {}, { noIntercept: true });
 * if (res.status === 200 && res.data) console.log(res.data.realName);
 */
export function createHttpClient(
  options: HttpClientOptions & { adapter?: AxiosRequestConfig['adapter'] },
): HttpClient {
  return createHttpCore({
    ...options,
    transport: axiosTransport(options.adapter),
    encodeForm: encodeFormQs,
  });
}
