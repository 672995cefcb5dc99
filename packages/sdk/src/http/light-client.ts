/**
 * The HTTP client for pages with a weight budget (the login page, DESIGN.md §1): the same
 * rules as `client.ts` (one core, one behaviour test suite) on the browser's XHR, with a
 * qs-compatible encoder, so the page carries neither axios nor qs (about 38 KB gz together).
 */
import { xhrTransport } from '../platform/xhr-transport.ts';
import { encodeFormLite } from './form-encoding.ts';
import { createHttpCore, type HttpClient, type HttpClientOptions } from './http-core.ts';

/**
 * Creates a light HTTP client; same options and behaviour as `createHttpClient`.
 *
 * @example
 * const http = createLightHttpClient({ device: 'pc', appCode: 'portal', onNotify: showToast });
 */
export function createLightHttpClient(options: HttpClientOptions): HttpClient {
  return createHttpCore({ ...options, transport: xhrTransport, encodeForm: encodeFormLite });
}
