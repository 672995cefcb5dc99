/**
 * A real local HTTP server for the SDK's client tests. jsdom's page lives on another
 * origin, so it answers CORS as a cross-origin deployment would, and hands each request
 * with its whole body to the test's handler.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestServerRequest {
  method: string;
  url: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface CorsTestServer {
  base: string;
  close(): Promise<void>;
}

export async function startCorsTestServer(
  handle: (request: TestServerRequest, res: http.ServerResponse) => void,
): Promise<CorsTestServer> {
  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Allow-Headers', 'device, content-type');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = req.url ?? '';
      handle(
        {
          method: req.method ?? '',
          url,
          path: url.split('?')[0] ?? '',
          headers: req.headers,
          body,
        },
        res,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A base URL where nothing listens: the connection is refused. */
export async function closedPortBase(): Promise<string> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise((resolve) => probe.close(resolve));
  return base;
}

/**
 * A test server answering every request with `body(request)` as JSON (HTTP 200), keeping the
 * requests in `seen` in arrival order.
 */
export async function startAnsweringServer(
  body: (request: TestServerRequest) => unknown,
): Promise<{ server: CorsTestServer; seen: TestServerRequest[] }> {
  const seen: TestServerRequest[] = [];
  const server = await startCorsTestServer((request, res) => {
    seen.push(request);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body(request)));
  });
  return { server, seen };
}
