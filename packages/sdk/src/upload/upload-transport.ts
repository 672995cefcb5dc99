/**
 * The uploader's wire (spec §7 storage calls): the form-encoded checks and the merge go through
 * the app's HTTP client (`callEndpoint`, so the device header, credentials, the spec §9 timeout
 * and the spec §4 session recovery apply as everywhere), silently, since the uploader words its
 * own failures (spec §8 `status：message`). The multipart sends (simple upload, chunk upload)
 * need upload progress and the file as a Blob, which the client's form body cannot carry: they
 * go by the SDK's XMLHttpRequest (`xhrRequest`, the light client's transport) with the same
 * device header (the CSRF rule of DESIGN.md §4), credentials and timeout, and report failures in
 * axios's words like the client's own transports. Every path comes from the contracts.
 */
import type { EndpointBody, EndpointData, EndpointDefinition } from '@campus/contracts/endpoint';
import { endpointPath } from '@campus/contracts/endpoint';
import type { Envelope } from '@campus/contracts/envelope';
import { DEVICE_HEADER } from '@campus/contracts/uaa';
import { callEndpoint } from '../http/endpoint-call.ts';
import {
  REQUEST_TIMEOUT_MS,
  type Device,
  type HttpClient,
  type RequestOptions,
} from '../http/http-core.ts';
import { currentScreenClass } from '../platform/screen.ts';
import { xhrRequest } from '../platform/xhr-transport.ts';

/** Text fields of a multipart body, sent before the file part in this order. */
export type MultipartFields = Record<string, string | number | boolean | undefined>;

/** The uploader's calls. */
export interface UploadTransport {
  /** A form-encoded call through the app's client; the envelope whatever its status. */
  call: <E extends EndpointDefinition>(
    endpoint: E,
    body: EndpointBody<E>,
    signal: AbortSignal,
  ) => Promise<Envelope<EndpointData<E>>>;
  /**
   * A multipart upload: `fields` first, then the `file` part last (the server streams the file
   * part and reads the fields before it). Rejects with a `TransportError` on a transport failure.
   */
  send: <E extends EndpointDefinition>(
    endpoint: E,
    fields: MultipartFields,
    file: Blob,
    fileName: string,
    options: { signal: AbortSignal; onProgress?: (loadedBytes: number) => void },
  ) => Promise<Envelope<EndpointData<E>>>;
}

export interface UploadTransportOptions {
  /** The app's HTTP client (`pageRuntime().httpFor(appCode)`). */
  http: HttpClient;
  /** The app code of the device header (spec §7), as the client's. */
  appCode: string;
  /** By the screen class when absent, as the page runtime chooses it ('h5' on a phone). */
  device?: Device;
  /** Prefix of the multipart calls' URLs; the client's `baseURL` when it has one. */
  baseURL?: string;
  timeoutMs?: number;
}

function joinBase(baseURL: string | undefined, path: string): string {
  return baseURL ? `${baseURL.replace(/\/+$/, '')}${path}` : path;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'status' in value;
}

/**
 * The transport of one app's uploads.
 *
 * @example
 * const transport = createUploadTransport({ http: pageRuntime().httpFor('cms'), appCode: 'cms' });
 */
export function createUploadTransport(options: UploadTransportOptions): UploadTransport {
  const device = options.device ?? (currentScreenClass() === 'mobile' ? 'h5' : 'pc');
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  return {
    // The uploader notifies its own failures (spec §8 `status：message`), once, after retries.
    call: (endpoint, body, signal) =>
      untypedCall(options.http, endpoint, { body }, { noIntercept: true, signal }) as never,
    send: async (endpoint, fields, file, fileName, { signal, onProgress }) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) {
        if (value !== undefined) form.append(name, String(value));
      }
      form.append('file', file, fileName);
      const { data } = await xhrRequest({
        method: endpoint.method,
        url: joinBase(options.baseURL, endpointPath(endpoint)),
        headers: { [DEVICE_HEADER]: `${device}:${options.appCode}` },
        body: form,
        timeoutMs,
        signal,
        // The body's bytes include the text fields and the boundaries: counted up to the file's.
        ...(onProgress && {
          onUploadProgress: (loaded) => onProgress(Math.min(loaded, file.size)),
        }),
      });
      return (isEnvelope(data) ? data : { status: 500 }) as Envelope<EndpointData<never>>;
    },
  };
}

/** `callEndpoint` for an endpoint known only as a type parameter (its body typed by the caller). */
const untypedCall = callEndpoint as (
  http: HttpClient,
  endpoint: EndpointDefinition,
  input: { body: unknown },
  options: RequestOptions,
) => Promise<Envelope<unknown>>;
