import { describe, expect, it, vi } from 'vitest';
import type { Envelope } from '@campus/contracts/envelope';
import { encodeFormLite } from './form-encoding.ts';
import {
  createHttpCore,
  describeFailure,
  failureMessage,
  HttpError,
  REQUEST_TIMEOUT_MS,
  TransportError,
  type Notice,
  type TransportRequest,
  type TransportResponse,
} from './http-core.ts';

type Reply = (request: TransportRequest) => Promise<TransportResponse>;
const envelopeReply =
  (data: unknown): Reply =>
  () =>
    Promise.resolve({ status: 200, data });

function setup(reply: Reply = envelopeReply({ status: 200, data: {} }), extra = {}) {
  const seen: TransportRequest[] = [];
  const notices: Notice[] = [];
  let lang: 'zh-CN' | 'en' = 'en';
  const http = createHttpCore({
    device: 'pc',
    appCode: 'portal',
    onNotify: (n) => notices.push(n),
    language: () => lang,
    encodeForm: encodeFormLite,
    transport: (request) => {
      seen.push(request);
      return reply(request);
    },
    ...extra,
  });
  return { http, seen, notices, setLang: (l: typeof lang) => (lang = l) };
}

describe('request conventions (spec §7)', () => {
  it('sends the device header as device:appCode and the 1,200,000 ms timeout (spec §9)', async () => {
    const { http, seen } = setup();
    await http.get('/api/uaa/oauth/me');
    expect(seen[0]?.headers.device).toBe('pc:portal');
    expect(seen[0]?.timeoutMs).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(1_200_000);
  });

  it('form-encodes POST bodies with dotted keys', async () => {
    const { http, seen } = setup();
    await http.post('/x', { username: 'teacher', rememberMe: true, unit: { id: 'u1' } });
    expect(seen[0]?.body).toBe('username=teacher&rememberMe=true&unit.id=u1');
    expect(seen[0]?.headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
  });

  it('sends arrays and JSON-mode bodies as JSON', async () => {
    const { http, seen } = setup();
    await http.post('/x', [{ a: 1 }]);
    await http.put('/y', { a: { b: 1 } }, { json: true });
    expect(seen[0]?.body).toBe('[{"a":1}]');
    expect(seen[1]?.body).toBe('{"a":{"b":1}}');
    expect(seen[1]?.headers['Content-Type']).toMatch(/^application\/json/);
  });

  it('sends an empty form body for a POST without payload (logout)', async () => {
    const { http, seen } = setup();
    await http.post('/api/uaa/oauth/logout');
    expect(seen[0]?.body).toBe('');
    expect(seen[0]?.method).toBe('POST');
  });

  it('writes GET/DELETE params into the URL, with _t only when cache-busting is asked', async () => {
    const { http, seen } = setup();
    await http.get('/a', { q: 1 });
    await http.get('/a?x=y', { q: 1 }, { cacheBust: true });
    await http.delete('/a', undefined, { cacheBust: true });
    await http.get('/a');
    expect(seen[0]?.url).toBe('/a?q=1');
    expect(seen[1]?.url).toMatch(/^\/a\?x=y&q=1&_t=\d+$/);
    expect(seen[2]?.url).toMatch(/^\/a\?_t=\d+$/);
    expect(seen[3]?.url).toBe('/a');
  });

  it('prefixes relative URLs with baseURL', async () => {
    const { http, seen } = setup(undefined, { baseURL: 'https://portal.example/' });
    await http.get('/api/x');
    await http.get('https://other.example/y');
    expect(seen.map((r) => r.url)).toEqual([
      'https://portal.example/api/x',
      'https://other.example/y',
    ]);
  });

  it('resolves with the envelope whatever its body status', async () => {
    const { http } = setup(envelopeReply({ status: 400, code: 'invalid_grant' }));
    await expect(http.post('/x', {}, { noIntercept: true })).resolves.toEqual({
      status: 400,
      code: 'invalid_grant',
    });
  });

  it('treats a body that is not an envelope as a server failure', async () => {
    const { http, notices } = setup(envelopeReply('<html>proxy error</html>'));
    await expect(http.get('/x')).resolves.toEqual({ status: 500 });
    expect(notices).toEqual([{ type: 'error', message: 'Server internal error!' }]);
  });
});

describe('notifications (spec §8)', () => {
  it('notifies a body failure in the page language', async () => {
    const { http, notices, setLang } = setup(
      envelopeReply({ status: 403, message: '无权访问|||Access denied' }),
    );
    await http.get('/x');
    setLang('zh-CN');
    await http.get('/x');
    expect(notices).toEqual([
      { type: 'error', message: 'Access denied' },
      { type: 'error', message: '无权访问' },
    ]);
  });

  it('stays quiet with noIntercept (spec §3 login form)', async () => {
    const { http, notices } = setup(envelopeReply({ status: 500 }));
    await http.get('/x', undefined, { noIntercept: true });
    expect(notices).toEqual([]);
  });

  it('rejects a transport failure with HttpError, notifying status and message', async () => {
    const { http, notices } = setup(() =>
      Promise.reject(
        new TransportError('Request failed with status code 404', {
          status: 404,
          statusText: 'Not Found',
          data: { status: 404, message: 'x' },
        }),
      ),
    );
    const error: unknown = await http.get('/missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(404);
    expect((error as HttpError).envelope).toEqual({ status: 404, message: 'x' });
    expect(notices).toEqual([
      { type: 'error', title: '404 Not Found', message: 'Request failed with status code 404' },
    ]);
  });

  it('does not notify a request the caller canceled', async () => {
    const { http, notices } = setup(() =>
      Promise.reject(new TransportError('canceled', { canceled: true })),
    );
    const error: unknown = await http.get('/x').catch((e: unknown) => e);
    expect((error as HttpError).canceled).toBe(true);
    expect(notices).toEqual([]);
  });
});

describe('session recovery seam (spec §4 session expiry)', () => {
  it('retries once after recoverSession succeeds', async () => {
    let calls = 0;
    const recoverSession = vi.fn(() => Promise.resolve(true));
    const { http } = setup(
      () =>
        Promise.resolve({
          status: 200,
          data: calls++ === 0 ? { status: 401 } : { status: 200, data: 1 },
        }),
      { recoverSession },
    );
    await expect(http.get<number>('/x')).resolves.toEqual({ status: 200, data: 1 });
    expect(recoverSession).toHaveBeenCalledTimes(1);
  });

  it('lets the 401 through when the retry fails too, without looping', async () => {
    const recoverSession = vi.fn(() => Promise.resolve(true));
    const { http } = setup(envelopeReply({ status: 401 }), { recoverSession });
    await expect(http.get('/x', undefined, { noIntercept: true })).resolves.toEqual({
      status: 401,
    });
    expect(recoverSession).toHaveBeenCalledTimes(1);
  });
});

describe('describeFailure (spec §8 error catalogue)', () => {
  it.each([
    ['Request failed with status code 404', 404, 'Not Found', '404 Not Found'],
    ['Request failed with status code 502', 502, 'Bad Gateway', '502 Bad Gateway'],
  ])('HTTP error: "%s" titled with status and text', (message, status, statusText, title) => {
    expect(describeFailure({ kind: 'transport', status, statusText, message }, 'en')).toEqual({
      type: 'error',
      title,
      message,
    });
  });

  it.each(['Network Error', 'timeout of 1200000ms exceeded', 'Request aborted'])(
    'transport error without a status: axios wording "%s", no title',
    (message) => {
      expect(describeFailure({ kind: 'transport', message }, 'zh-CN')).toEqual({
        type: 'error',
        message,
      });
    },
  );

  it('field errors: each split by language, joined by commas, as a warning', () => {
    const envelope: Envelope<unknown> = {
      status: 400,
      message: '参数错误|||Bad input',
      fieldErrors: [
        { field: 'username', message: '用户名不能为空！|||User name cannot be empty!' },
        { field: 'password', message: '密码不能为空！|||Password cannot be empty!' },
      ],
    };
    expect(describeFailure({ kind: 'body', envelope }, 'en')).toEqual({
      type: 'warning',
      message: 'User name cannot be empty!, Password cannot be empty!',
    });
    expect(describeFailure({ kind: 'body', envelope }, 'zh-CN')).toEqual({
      type: 'warning',
      message: '用户名不能为空！，密码不能为空！',
    });
  });

  it('a message: split on ||| (second part for en, first for zh-CN)', () => {
    const envelope = { status: 429, message: '尝试次数过多|||Too many attempts' };
    expect(describeFailure({ kind: 'body', envelope }, 'en').message).toBe('Too many attempts');
    expect(describeFailure({ kind: 'body', envelope }, 'zh-CN').message).toBe('尝试次数过多');
    expect(failureMessage(envelope, 'en')).toBe('Too many attempts');
  });

  it('an empty fieldErrors list falls through to the message', () => {
    const envelope = { status: 400, message: '错误|||Error', fieldErrors: [] };
    expect(describeFailure({ kind: 'body', envelope }, 'en')).toEqual({
      type: 'error',
      message: 'Error',
    });
  });

  it("neither: 'Server internal error!' (zh: 服务器内部错误！)", () => {
    expect(describeFailure({ kind: 'body', envelope: { status: 500 } }, 'en')).toEqual({
      type: 'error',
      message: 'Server internal error!',
    });
    expect(describeFailure({ kind: 'body', envelope: { status: 500 } }, 'zh-CN').message).toBe(
      '服务器内部错误！',
    );
  });
});
