/**
 * One malformed request for an operation of the OpenAPI document: its path with junk or
 * plausible parameters, a hostile query string, a body of any content type, and sometimes
 * another method, a missing device header or a junk token.
 */
import fc from 'fast-check';
import {
  encodeLoosely,
  formBody,
  hostileQueryPart,
  junkString,
  junkValue,
  multipartBody,
  pathSegment,
  plausibleObject,
  propertyValue,
} from './hostile-values.ts';
import type { Operation } from './openapi-operations.ts';

export interface FuzzRequest {
  method: string;
  /** Path and query as sent on the request line. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** The operation it came from, for the failure report. */
  operation: string;
}

const HUGE_BODY_BYTES = 1024 * 1024 + 512; // just over the server's 1 MiB body limit

/** A body and its content type: every kind a client might send, well-formed or not. */
function bodyFor(
  op: Operation,
  known: readonly string[],
): fc.Arbitrary<{ type?: string; body?: Buffer }> {
  const object = plausibleObject(op.body ?? {}, known);
  const text = (type: string | undefined, body: string) => ({
    type,
    body: Buffer.from(body, 'utf8'),
  });
  return fc.oneof(
    { weight: 5, arbitrary: object.map((o) => text('application/json', JSON.stringify(o))) },
    {
      weight: 4,
      arbitrary: object.map((o) => text('application/x-www-form-urlencoded', formBody(o))),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(object, fc.boolean())
        .map(([o, file]) =>
          text(
            'multipart/form-data; boundary=fuzzb0undary',
            multipartBody(o, 'fuzzb0undary', file),
          ),
        ),
    },
    // Wrong top-level JSON types.
    {
      weight: 2,
      arbitrary: junkValue.map((v) => text('application/json', JSON.stringify(v) ?? 'null')),
    },
    // Broken JSON.
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          '{',
          '{"a":',
          "{'a':1}",
          '{"a":1,}',
          'NaN',
          '\u0000',
          '\uFEFF{}',
          '{"__proto__":{"polluted":1}}',
          '{"constructor":{"prototype":{"polluted":1}}}',
          '['.repeat(5000) + ']'.repeat(5000),
          '{"a":'.repeat(20000) + '1' + '}'.repeat(20000),
          '{"a":"\\ud800"}',
          '',
        )
        .map((b) => text('application/json', b)),
    },
    // Other and odd content types, a body with none, a form body with broken pieces.
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/xml',
            'application/octet-stream',
            'application/json; charset=utf-16',
            'application/json; charset=latin1',
            'application/x-www-form-urlencoded; charset=latin1',
            'multipart/form-data',
            'multipart/form-data; boundary=',
            'a/b/c',
            ';;;',
            'application/json, text/plain',
            undefined,
          ),
          fc.oneof(
            junkString,
            object.map((o) => JSON.stringify(o)),
          ),
        )
        .map(([type, body]) => text(type, body)),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          'a=%E0%A4%A',
          '%ZZ=1',
          'a[b][c][d][e][f][g][h]=1',
          'a=1&a=2&a=3',
          '__proto__[x]=1',
          '&&==&&',
          'a=' + '%00'.repeat(20),
        )
        .map((b) => text('application/x-www-form-urlencoded', b)),
    },
    // Over the body limit (413), and a declared length that lies.
    {
      weight: 1,
      arbitrary: fc.constant({
        type: 'application/json',
        body: Buffer.alloc(HUGE_BODY_BYTES, 0x20),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        type: 'application/x-www-form-urlencoded',
        body: Buffer.from(`a=${'x'.repeat(HUGE_BODY_BYTES)}`),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ type: undefined, body: undefined }) },
  );
}

function pathFor(op: Operation, known: readonly string[]): fc.Arbitrary<string> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  if (pathParams.length === 0) return fc.constant(op.path);
  return fc.tuple(...pathParams.map((p) => pathSegment(p.schema, known))).map((segments) => {
    let path = op.path;
    pathParams.forEach((p, i) => {
      path = path.replace(`{${p.name}}`, segments[i] ?? '');
    });
    return path;
  });
}

function queryFor(op: Operation, known: readonly string[]): fc.Arbitrary<string> {
  const names = op.params.filter((p) => p.in === 'query').map((p) => p.name);
  const declared = fc.tuple(
    ...op.params
      .filter((p) => p.in === 'query')
      .map((p) =>
        fc.option(
          propertyValue(p.schema, known).map(
            (v) =>
              `${p.name}=${encodeLoosely(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`,
          ),
          { nil: undefined, freq: 4 },
        ),
      ),
  );
  return fc
    .tuple(declared, fc.array(hostileQueryPart(names), { maxLength: 2 }))
    .map(([pairs, extra]) => [...pairs.filter(Boolean), ...extra].join('&'));
}

/** Header variations: the CSRF device header mostly there, sometimes a junk token or origin. */
const headerVariants: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    device: fc.constantFrom('pc:desktop', 'h5:cms', 'app:x', ''),
    origin: fc.constantFrom('http://evil.example', 'null'),
    authorization: fc.constantFrom(
      'Bearer ',
      'Bearer x',
      `Bearer ${'a'.repeat(5000)}`,
      'Basic YTpi',
      'Bearer %00',
    ),
    cookie: fc.constantFrom(
      'ph_at=%00',
      'ph_at=%E0%A4%A',
      'ph_at=',
      `ph_at=${'z'.repeat(3000)}`,
      'ph_rt=junk; ph_at=junk',
      '=;;=;',
    ),
    'accept-language': fc.constantFrom('en', 'zh-CN', '*;q=x', ''),
  },
  { requiredKeys: [] },
);

/** Node's HTTP parser's limit on the request line and headers together (16 KiB). */
const HEADER_LIMIT_BYTES = 16 * 1024;

/** The request arbitrary of one operation; the caller's session cookie is added when it is sent. */
export function requestFor(op: Operation, known: readonly string[]): fc.Arbitrary<FuzzRequest> {
  const method = fc.oneof(
    { weight: 9, arbitrary: fc.constant(op.method) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
    },
  );
  const withDevice = fc.oneof(
    { weight: 4, arbitrary: fc.constant(true) },
    { weight: 1, arbitrary: fc.constant(false) },
  );
  return fc
    .record({
      method,
      path: pathFor(op, known),
      query: queryFor(op, known),
      body: bodyFor(op, known),
      extra: fc.option(headerVariants, { nil: undefined, freq: 3 }),
      withDevice,
    })
    .map(({ method: m, path, query, body, extra, withDevice: device }) => {
      const headers: Record<string, string> = {};
      if (device) headers.device = 'pc:desktop';
      Object.assign(headers, extra ?? {});
      const target = query ? `${path}?${query}` : path;
      // A HEAD over Node's 16 KiB header limit is sent as a GET: the parser fails on a later
      // packet than the request line's, so the server cannot tell the method and answers with
      // the envelope (what a browser's GET with a huge cookie needs), which a HEAD client would
      // read as a next answer (docs/decisions.md, the fuzz's HEAD).
      const headerBytes =
        target.length + Object.entries(headers).reduce((n, [k, v]) => n + k.length + v.length, 0);
      const sent = m === 'HEAD' && headerBytes > HEADER_LIMIT_BYTES ? 'GET' : m;
      const hasBody = sent !== 'GET' && sent !== 'HEAD' && body.body !== undefined;
      if (hasBody && body.type) headers['content-type'] = body.type;
      return {
        method: sent,
        path: target,
        headers,
        ...(hasBody ? { body: body.body } : {}),
        operation: `${op.method} ${op.path}`,
      };
    });
}

/** Paths no operation declares: unknown API routes, junk under /zuul, and page addresses. */
export const strayRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.constantFrom(
      '/api/',
      '/zuul/api/',
      '/api/uaa/',
      '/api/base/desktop/',
      '/pages/',
      '/',
      '/common/',
      '/assets/',
      '/cms/',
    ),
    fc.array(pathSegment({}, []), { minLength: 1, maxLength: 4 }),
    fc.constantFrom('GET', 'POST', 'DELETE', 'HEAD'),
    fc.oneof(fc.constant(''), hostileQueryPart([])),
  )
  .map(([prefix, segments, method, query]) => ({
    method,
    path: `${prefix}${segments.join('/')}${query ? `?${query}` : ''}`,
    headers: { device: 'pc:desktop', accept: 'text/html,application/json' },
    operation: 'stray path',
  }));
