/**
 * A real local HTTP server that speaks the storage protocol of DESIGN.md §7, for the uploader's
 * transport tests: the instant-upload check (a descriptor or null), the chunk check
 * (`data.data`), chunk and simple uploads in multipart, the merge verified against the md5 and
 * the size ('abnormal chunk count' when a chunk is missing), the base64 image call and the
 * download with an RFC 6266 `Content-Disposition`. Business refusals are HTTP 200 with the
 * envelope's status, as the real server answers them. It keeps everything in memory, counts the
 * requests and the most in flight at once (in all and per call), and lets a test inject faults
 * (a reset connection, a 5xx, a delay) per request. jsdom's page lives on another origin, so it answers CORS.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { uploadEndpoints, type FileDescriptor } from '@campus/contracts/storage';
import { DEVICE_HEADER } from '@campus/contracts/uaa';

/** One request as the test sees it. */
export interface ProtocolRequest {
  method: string;
  path: string;
  /** Which call: the key of `uploadEndpoints`, or 'other'. */
  call: keyof typeof uploadEndpoints | 'other';
  headers: http.IncomingHttpHeaders;
  /** Form fields (urlencoded or the text parts of a multipart body). */
  fields: Record<string, string>;
  /** The part names of a multipart body, in the order they came. */
  partOrder: string[];
  /** The `file` part's bytes and name, if any. */
  file?: { bytes: Buffer; name: string };
}

/** What a fault hook may do with a request instead of answering it. */
export type Fault =
  | { kind: 'reset' }
  | { kind: 'status'; status: number }
  | { kind: 'envelope'; envelope: Record<string, unknown> }
  | { kind: 'delay'; ms: number };

export interface StorageProtocolServer {
  base: string;
  requests: ProtocolRequest[];
  /**
   * The most requests in flight at once since the last `resetCounters()`; of one call only when
   * `call` is given.
   */
  maxInFlight: (call?: ProtocolRequest['call']) => number;
  resetCounters: () => void;
  /** Files the "unit" holds, by md5 (the instant upload finds these). */
  files: Map<string, { bytes: Buffer; name: string; fileId: string }>;
  /** Chunks held per md5. */
  chunks: Map<string, Map<number, Buffer>>;
  /** Called for every request before it is answered; a Fault replaces or delays the answer. */
  setFault: (hook: ((request: ProtocolRequest) => Fault | undefined) | null) => void;
  close: () => Promise<void>;
}

const md5Hex = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

const CALLS = Object.entries(uploadEndpoints).map(([call, endpoint]) => ({
  call: call as keyof typeof uploadEndpoints,
  method: endpoint.method,
  pattern: new RegExp(`^${endpoint.path.replace(/:[A-Za-z]+/g, '([^/]+)')}$`),
}));

function which(method: string, path: string): ProtocolRequest['call'] {
  return CALLS.find((c) => c.method === method && c.pattern.test(path))?.call ?? 'other';
}

/** The part names of a multipart body in order, read from the raw bytes. */
function partNames(body: Buffer): string[] {
  const text = body.toString('latin1');
  return [...text.matchAll(/Content-Disposition: form-data; name="([^"]*)"/gi)].map(
    (m) => m[1] ?? '',
  );
}

async function readRequest(req: http.IncomingMessage): Promise<ProtocolRequest> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  const body = Buffer.concat(parts);
  const url = new URL(req.url ?? '/', 'http://localhost');
  const method = req.method ?? 'GET';
  const request: ProtocolRequest = {
    method,
    path: url.pathname,
    call: which(method, url.pathname),
    headers: req.headers,
    fields: Object.fromEntries(url.searchParams),
    partOrder: [],
  };
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('multipart/form-data')) {
    request.partOrder = partNames(body);
    // Node's own multipart parser (undici), as a browser's Response would read it.
    const form = await new Response(body, { headers: { 'content-type': type } }).formData();
    for (const [name, value] of form) {
      if (typeof value === 'string') request.fields[name] = value;
      else request.file = { bytes: Buffer.from(await value.arrayBuffer()), name: value.name };
    }
  } else if (type.startsWith('application/x-www-form-urlencoded')) {
    Object.assign(request.fields, Object.fromEntries(new URLSearchParams(body.toString('utf8'))));
  }
  return request;
}

/**
 * Starts the server on a free loopback port.
 *
 * @example
 * const server = await startStorageProtocolServer();
 * const uploader = createUploader({ http: createHttpClient({ baseURL: server.base, ... }), baseURL: server.base, ... });
 */
export async function startStorageProtocolServer(): Promise<StorageProtocolServer> {
  const requests: ProtocolRequest[] = [];
  const files = new Map<string, { bytes: Buffer; name: string; fileId: string }>();
  const chunks = new Map<string, Map<number, Buffer>>();
  let fault: ((request: ProtocolRequest) => Fault | undefined) | null = null;
  let inFlight = 0;
  let maxInFlight = 0;
  const callsInFlight = new Map<ProtocolRequest['call'], number>();
  const callsMaxInFlight = new Map<ProtocolRequest['call'], number>();
  let nextId = 1;

  const descriptor = (md5: string, name: string, bytes: Buffer): FileDescriptor => {
    let known = files.get(md5);
    if (!known) {
      known = { bytes, name, fileId: `f${nextId++}` };
      files.set(md5, known);
    }
    return {
      fileId: known.fileId,
      name,
      size: known.bytes.length,
      md5,
      contentType: 'application/octet-stream',
      url: `/api/storage/file/${known.fileId}`,
      createdAt: Date.now(),
    };
  };

  const answer = (
    request: ProtocolRequest,
  ): { status: number; data?: unknown; message?: string } => {
    const f = request.fields;
    switch (request.call) {
      case 'secondUploadCheck': {
        const known = f.md5 ? files.get(f.md5.toLowerCase()) : undefined;
        return {
          status: 200,
          data: known ? descriptor(f.md5!.toLowerCase(), f.name ?? '', known.bytes) : null,
        };
      }
      case 'blockUploadCheck': {
        const held = chunks.get(f.md5 ?? '')?.get(Number(f.chunk));
        return { status: 200, data: { data: held !== undefined } };
      }
      case 'chunkUpload': {
        if (!request.file) return { status: 400, message: '缺少文件|||file missing' };
        if (request.file.bytes.length !== Number(f.size)) {
          return { status: 400, message: '分片大小不符|||chunk size mismatch' };
        }
        const held = chunks.get(f.md5 ?? '') ?? new Map<number, Buffer>();
        held.set(Number(f.chunk), request.file.bytes);
        chunks.set(f.md5 ?? '', held);
        return { status: 200, data: { chunk: Number(f.chunk), size: request.file.bytes.length } };
      }
      case 'mergeFile': {
        const md5 = f.md5 ?? '';
        const total = Number(f.chunks);
        const held = chunks.get(md5);
        const parts: Buffer[] = [];
        for (let i = 0; i < total; i++) {
          const part = held?.get(i);
          if (!part) return { status: 400, message: '分片数量异常|||abnormal chunk count' };
          parts.push(part);
        }
        const bytes = Buffer.concat(parts);
        chunks.delete(md5);
        if (bytes.length !== Number(f.size) || md5Hex(bytes) !== md5.toLowerCase()) {
          return { status: 400, message: '文件校验失败|||md5 mismatch' };
        }
        return { status: 200, data: descriptor(md5.toLowerCase(), f.name ?? '', bytes) };
      }
      case 'simpleUpload': {
        if (!request.file) return { status: 501, message: '文件类型错误|||file type error' };
        const md5 = md5Hex(request.file.bytes);
        if (f.md5 && f.md5.toLowerCase() !== md5) {
          return { status: 400, message: '文件校验失败|||md5 mismatch' };
        }
        return { status: 200, data: descriptor(md5, request.file.name, request.file.bytes) };
      }
      case 'base64Image': {
        const bytes = Buffer.from(f.base64Str ?? '', 'base64');
        return {
          status: 200,
          data: descriptor(md5Hex(bytes), `${f.fileName ?? ''}.${f.type ?? ''}`, bytes),
        };
      }
      case 'download':
      case 'other':
        return { status: 404, message: '未找到|||Not found' };
    }
  };

  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Allow-Headers', 'device, content-type');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
    res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const call = which(req.method ?? 'GET', new URL(req.url ?? '/', 'http://localhost').pathname);
    const ofCall = (callsInFlight.get(call) ?? 0) + 1;
    callsInFlight.set(call, ofCall);
    callsMaxInFlight.set(call, Math.max(callsMaxInFlight.get(call) ?? 0, ofCall));
    res.on('close', () => {
      inFlight -= 1;
      callsInFlight.set(call, (callsInFlight.get(call) ?? 1) - 1);
    });
    void (async () => {
      const request = await readRequest(req);
      requests.push(request);
      const injected = fault?.(request);
      if (injected?.kind === 'reset') {
        req.socket.destroy();
        return;
      }
      if (injected?.kind === 'delay') await new Promise((r) => setTimeout(r, injected.ms));
      if (injected?.kind === 'status') {
        res.writeHead(injected.status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ status: injected.status, message: 'injected' }));
        return;
      }
      const json = (body: unknown) => {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      };
      if (injected?.kind === 'envelope') {
        json(injected.envelope);
        return;
      }
      // DESIGN.md §4: a state-changing call must carry the device header (CSRF).
      if (request.method === 'POST' && !request.headers[DEVICE_HEADER]) {
        json({ status: 403, message: '缺少设备头|||device header missing' });
        return;
      }
      if (request.call === 'download') {
        const id = request.path.split('/').at(-1);
        const found = [...files.values()].find((file) => file.fileId === id);
        if (!found) {
          json({ status: 403, message: '无权读取|||You may not read this file' });
          return;
        }
        res.writeHead(200, {
          'Content-Type': 'application/octet-stream',
          'Content-Disposition': `attachment; filename="download.bin"; filename*=UTF-8''${encodeURIComponent(found.name)}`,
        });
        res.end(found.bytes);
        return;
      }
      json(answer(request));
    })().catch(() => {
      res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    maxInFlight: (call) => (call ? (callsMaxInFlight.get(call) ?? 0) : maxInFlight),
    resetCounters: () => {
      requests.length = 0;
      maxInFlight = 0;
      callsMaxInFlight.clear();
    },
    files,
    chunks,
    setFault: (hook) => {
      fault = hook;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
