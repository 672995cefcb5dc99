/**
 * The download helper (spec §7 "GET or POST hidden form, generic file download"): a file fetched
 * by GET or POST, either
 * - `form`: a hidden form into a hidden iframe (the browser downloads the attachment itself,
 *   nothing is held in the page; no progress), or
 * - `fetch`: read as a Blob with credentials (progress, and a refusal the server answers as an
 *   envelope is shown rather than saved as a file), then saved under the name of the answer's
 *   `Content-Disposition` (RFC 6266: `filename*` first, then `filename`; DESIGN.md §7 sends the
 *   UTF-8 name), read by jshttp's `content-disposition` parser.
 *
 * The fetch goes by XMLHttpRequest like the client's light transport, with the same device
 * header (CSRF, DESIGN.md §4), credentials and words for failures.
 */
import { parse as parseContentDisposition } from 'content-disposition';
import type { Envelope } from '@campus/contracts/envelope';
import { fileDownloadUrl } from '@campus/contracts/storage';
import { DEVICE_HEADER } from '@campus/contracts/uaa';
import { sanitizeFileName } from '@campus/contracts/upload-rules';
import {
  describeFailure,
  failureMessage,
  REQUEST_TIMEOUT_MS,
  TransportError,
  type Device,
  type Notice,
} from '../http/http-core.ts';
import { DEFAULT_LANGUAGE, type Language } from '../i18n/language.ts';
import { currentScreenClass } from '../platform/screen.ts';
import { submitHiddenForm } from './hidden-form.ts';

/**
 * The file name a `Content-Disposition` header gives (RFC 6266: the RFC 8187 `filename*` first,
 * else `filename`), made safe to save (no path, no control characters), or null when the header
 * names none or cannot be read.
 *
 * @example
 * fileNameFromContentDisposition(`attachment; filename="a.xlsx"; filename*=UTF-8''%E6%88%90%E7%BB%A9.xlsx`);
 * // '成绩.xlsx'
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  let name: string | undefined;
  try {
    // The parser decodes `filename*` into `filename` and prefers it (RFC 6266 §4.3).
    name = parseContentDisposition(header).parameters.filename;
  } catch {
    // A header that breaks the grammar: the caller's fallback name.
    return null;
  }
  if (name === undefined || name.trim() === '') return null;
  return sanitizeFileName(name);
}

/** The last path segment of a URL, decoded, as a fallback name. */
function nameFromUrl(url: string): string | null {
  try {
    const path = new URL(url, 'http://localhost').pathname;
    const last = decodeURIComponent(path.split('/').at(-1) ?? '');
    return last ? sanitizeFileName(last) : null;
  } catch {
    return null;
  }
}

export type DownloadParams = Readonly<Record<string, string | number | boolean | null | undefined>>;

export interface DownloadOptions {
  method?: 'GET' | 'POST';
  /** Query parameters of a GET, form fields of a POST. */
  params?: DownloadParams;
  /** `fetch` (default: progress, refusals shown) or a hidden `form`. */
  via?: 'fetch' | 'form';
  /** The name to save under when the answer names none. */
  fileName?: string;
  baseURL?: string;
  /** The device header (spec §7) of a fetch: the app code, and the device by screen class. */
  appCode?: string;
  device?: Device;
  signal?: AbortSignal;
  /** Bytes received so far, and the total when the server says it. */
  onProgress?: (loaded: number, total: number | null) => void;
  notify?: (notice: Notice) => void;
  language?: () => Language;
  /** Saves the Blob (default: an object URL clicked through `<a download>`). */
  save?: (file: Blob, fileName: string) => void;
  document?: Document;
}

/** What a fetched download gave. */
export interface DownloadResult {
  fileName: string;
  size: number;
  type: string;
}

function query(params: DownloadParams | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  return search.toString();
}

function withQuery(url: string, text: string): string {
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

function joinBase(baseURL: string | undefined, url: string): string {
  if (!baseURL || /^[a-z][a-z\d+\-.]*:\/\//i.test(url)) return url;
  return `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

/** Saves a Blob through a temporary object URL and `<a download>`. */
export function saveBlob(file: Blob, fileName: string, doc: Document = document): void {
  const href = URL.createObjectURL(file);
  const link = doc.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  // The browser reads the URL when the download starts, not at the click.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

function viaForm(url: string, options: DownloadOptions): void {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.params ?? {})) {
    if (value !== undefined && value !== null) fields[name] = String(value);
  }
  submitHiddenForm(options.document ?? document, {
    action: url,
    method: options.method === 'POST' ? 'post' : 'get',
    fields,
    onRefusal: (envelope) => {
      const lang = (options.language ?? (() => DEFAULT_LANGUAGE))();
      options.notify?.({ type: 'error', message: failureMessage(envelope, lang) });
    },
  });
}

function viaFetch(url: string, options: DownloadOptions): Promise<DownloadResult> {
  const method = options.method ?? 'GET';
  const body = method === 'POST' ? query(options.params) : null;
  const target = method === 'GET' ? withQuery(url, query(options.params)) : url;
  const device = options.device ?? (currentScreenClass() === 'mobile' ? 'h5' : 'pc');
  const lang = (options.language ?? (() => DEFAULT_LANGUAGE))();
  const fail = (notice: Notice, error: Error): never => {
    options.notify?.(notice);
    throw error;
  };
  return new Promise<XMLHttpRequest>((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) {
      reject(new TransportError('canceled', { canceled: true }));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = (): void => {
      reject(new TransportError('canceled', { canceled: true }));
      xhr.abort();
    };
    xhr.open(method, target, true);
    xhr.withCredentials = true;
    xhr.responseType = 'blob';
    xhr.timeout = REQUEST_TIMEOUT_MS;
    if (options.appCode) xhr.setRequestHeader(DEVICE_HEADER, `${device}:${options.appCode}`);
    if (body !== null) {
      xhr.setRequestHeader('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
    }
    xhr.onprogress = (event) =>
      options.onProgress?.(event.loaded, event.lengthComputable ? event.total : null);
    xhr.onload = () => {
      signal?.removeEventListener('abort', onAbort);
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr);
      else
        reject(
          new TransportError(`Request failed with status code ${xhr.status}`, {
            status: xhr.status,
            statusText: xhr.statusText,
          }),
        );
    };
    xhr.onerror = () => reject(new TransportError('Network Error'));
    xhr.ontimeout = () => reject(new TransportError(`timeout of ${REQUEST_TIMEOUT_MS}ms exceeded`));
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(body);
  }).then(
    async (xhr) => {
      const file = xhr.response as Blob;
      const disposition = xhr.getResponseHeader('Content-Disposition');
      const type = xhr.getResponseHeader('Content-Type') ?? file.type;
      // No attachment but JSON: the envelope of a refusal (DESIGN.md §7: 403, never the bytes).
      if (!disposition && /json/i.test(type)) {
        let envelope: Envelope<unknown> | null;
        try {
          envelope = JSON.parse(await file.text()) as Envelope<unknown>;
        } catch {
          envelope = null;
        }
        if (envelope && typeof envelope.status === 'number' && envelope.status !== 200) {
          const message = failureMessage(envelope, lang);
          return fail({ type: 'error', message }, Object.assign(new Error(message), { envelope }));
        }
      }
      const fileName =
        fileNameFromContentDisposition(disposition) ??
        (options.fileName ? sanitizeFileName(options.fileName) : null) ??
        nameFromUrl(url) ??
        'download';
      const save = options.save ?? ((blob, name) => saveBlob(blob, name, options.document));
      save(file, fileName);
      return { fileName, size: file.size, type: file.type || type };
    },
    (error: unknown) => {
      if (error instanceof TransportError && error.details.canceled) throw error;
      const failure = {
        kind: 'transport' as const,
        message: error instanceof Error ? error.message : String(error),
        ...(error instanceof TransportError && error.details.status !== undefined
          ? { status: error.details.status, statusText: error.details.statusText ?? '' }
          : {}),
      };
      return fail(
        describeFailure(failure, lang),
        error instanceof Error ? error : new Error(failure.message),
      );
    },
  );
}

/**
 * Downloads a file (spec §7). With `via: 'fetch'` (the default) it resolves with the saved name
 * once the file is saved, and rejects (after notifying) on a refusal or a transport failure;
 * with `via: 'form'` it resolves at once: the browser takes over.
 *
 * @example
 * await download(descriptor.url, { appCode: 'cms', notify: showNotice });
 * await download(reportPath, { method: 'POST', params: { classId: 'c1' }, via: 'form' });
 */
export async function download(
  url: string,
  options: DownloadOptions = {},
): Promise<DownloadResult | null> {
  const target = joinBase(options.baseURL, url);
  if (options.via === 'form') {
    viaForm(target, options);
    return null;
  }
  return viaFetch(target, options);
}

/**
 * Downloads a stored file by its id (DESIGN.md §7 `GET /api/storage/file/{fileId}`).
 *
 * @example
 * await downloadFile(attachment.fileId, { appCode: 'cms', notify: showNotice });
 */
export function downloadFile(
  fileId: string,
  options: Omit<DownloadOptions, 'method' | 'params'> = {},
): Promise<DownloadResult | null> {
  return download(fileDownloadUrl(fileId), options);
}
