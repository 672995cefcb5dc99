/**
 * The browser's XMLHttpRequest as a transport, worded like axios's XHR adapter so the
 * notices of spec §8 read the same whichever client a page uses ('Request failed with status
 * code N', 'Network Error', 'timeout of Nms exceeded', 'Request aborted'). `xhrRequest` is the
 * same request with a body a form or a file may be and upload progress: the uploader's multipart
 * sends (`upload/upload-transport.ts`) go through it.
 */
import {
  TransportError,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from '../http/http-core.ts';

/** A transport request whose body may be a `FormData` or a Blob, with upload progress. */
export interface XhrRequest extends Omit<TransportRequest, 'body'> {
  body?: XMLHttpRequestBodyInit | null;
  /** Bytes of the body sent so far (the upload listener is only set when this is given). */
  onUploadProgress?: (loadedBytes: number) => void;
}

function parseBody(text: string): unknown {
  if (text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Sends one request with credentials; resolves on 2xx, else rejects with a `TransportError`.
 *
 * @example
 * const { data } = await xhrRequest({ method: 'POST', url, headers, body: form, timeoutMs, signal });
 */
export function xhrRequest(request: XhrRequest): Promise<TransportResponse> {
  return new Promise((resolve, reject) => {
    const { signal, onUploadProgress } = request;
    if (signal?.aborted) {
      reject(new TransportError('canceled', { canceled: true }));
      return;
    }
    const xhr = new XMLHttpRequest();
    let settled = false;
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onCancel);
      outcome();
    };
    function onCancel(): void {
      settle(() => reject(new TransportError('canceled', { canceled: true })));
      xhr.abort();
    }

    xhr.open(request.method, request.url, true);
    xhr.withCredentials = true;
    xhr.timeout = request.timeoutMs;
    xhr.setRequestHeader('Accept', 'application/json, text/plain, */*');
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    if (onUploadProgress) {
      xhr.upload.onprogress = (event) => {
        if (!settled) onUploadProgress(event.loaded);
      };
    }

    xhr.onload = () => {
      const { status, statusText } = xhr;
      const data = parseBody(xhr.responseText);
      if (status === 0) settle(() => reject(new TransportError('Request aborted')));
      else if (status >= 200 && status < 300) settle(() => resolve({ status, data }));
      else
        settle(() =>
          reject(
            new TransportError(`Request failed with status code ${status}`, {
              status,
              statusText,
              data,
            }),
          ),
        );
    };
    xhr.onerror = () => settle(() => reject(new TransportError('Network Error')));
    xhr.ontimeout = () =>
      settle(() => reject(new TransportError(`timeout of ${request.timeoutMs}ms exceeded`)));
    xhr.onabort = () => settle(() => reject(new TransportError('Request aborted')));
    signal?.addEventListener('abort', onCancel, { once: true });
    xhr.send(request.body ?? null);
  });
}

/**
 * Sends one request with credentials.
 *
 * @example
 * const http = createHttpCore({ device: 'pc', appCode: 'portal', transport: xhrTransport, encodeForm });
 */
export const xhrTransport: Transport = xhrRequest;
