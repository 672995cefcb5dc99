/**
 * Sends a request exactly as generated: `node:http` keeps the path's `..`, bad percent-encoding
 * and raw latin1 bytes on the request line (fetch would normalise them), and a raw socket sends
 * what no HTTP client would.
 */
import http from 'node:http';
import net from 'node:net';
import type { FuzzRequest } from './request-arbitrary.ts';

export interface Answer {
  status: number;
  contentType: string;
  body: Buffer;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

export function send(baseUrl: string, request: FuzzRequest): Promise<Answer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        headers: {
          ...request.headers,
          ...(request.body ? { 'content-length': String(request.body.length) } : {}),
        },
        agent,
        insecureHTTPParser: true,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error('timed out after 30 s')));
    outgoing.on('error', reject);
    if (request.body) outgoing.end(request.body);
    else outgoing.end();
  });
}

/** Writes raw bytes to the server and reads the answer's status line, headers and body. */
export function sendRaw(baseUrl: string, bytes: string): Promise<Answer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error('timed out after 10 s')));
    socket.on('connect', () => socket.write(Buffer.from(bytes, 'latin1')));
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      const text = Buffer.concat(chunks).toString('latin1');
      const head = text.indexOf('\r\n\r\n');
      const length = /content-length:\s*(\d+)/i.exec(text);
      if (head >= 0 && length && Buffer.concat(chunks).length >= head + 4 + Number(length[1])) {
        socket.end();
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' && chunks.length > 0) return;
      reject(error);
    });
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const text = all.toString('latin1');
      const head = text.indexOf('\r\n\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      const contentType = /content-type:\s*([^\r\n]+)/i.exec(text.slice(0, head))?.[1] ?? '';
      resolve({ status, contentType, body: head >= 0 ? all.subarray(head + 4) : Buffer.alloc(0) });
    });
  });
}

export function closeAgent(): void {
  agent.destroy();
}
