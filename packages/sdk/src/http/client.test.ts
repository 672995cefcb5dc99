import {
  AxiosError,
  AxiosHeaders,
  CanceledError,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { describe, expect, it } from 'vitest';
import { createHttpClient, encodeFormQs, HttpError, type Notice } from './client.ts';

type Reply = (config: InternalAxiosRequestConfig) => Promise<AxiosResponse>;

function response(config: InternalAxiosRequestConfig, data: unknown, status = 200) {
  return { data, status, statusText: status === 200 ? 'OK' : 'Not Found', headers: {}, config };
}

function setup(reply: Reply = (c) => Promise.resolve(response(c, { status: 200, data: {} }))) {
  const seen: InternalAxiosRequestConfig[] = [];
  const notices: Notice[] = [];
  const http = createHttpClient({
    device: 'h5',
    appCode: 'portal',
    onNotify: (n) => notices.push(n),
    adapter: (config) => {
      seen.push(config);
      return reply(config);
    },
  });
  return { http, seen, notices };
}

describe('createHttpClient on axios (spec §7)', () => {
  it('hands axios credentials, the device header, the timeout and the body as written', async () => {
    const { http, seen } = setup();
    await http.post('/api/uaa/oauth/login', { username: 'teacher', unit: { id: 'u 1' } });
    const config = seen[0];
    expect(config?.withCredentials).toBe(true);
    expect(config?.timeout).toBe(1_200_000);
    expect(config?.url).toBe('/api/uaa/oauth/login');
    expect(config?.data).toBe('username=teacher&unit.id=u%201');
    const headers = AxiosHeaders.from(config?.headers);
    expect(headers.get('device')).toBe('h5:portal');
    expect(String(headers.get('Content-Type'))).toMatch(/^application\/x-www-form-urlencoded/);
  });

  it('writes query strings with qs (allowDots)', async () => {
    const { http, seen } = setup();
    await http.get('/a', { unit: { id: 'u1' }, q: 'x y' });
    expect(seen[0]?.url).toBe('/a?unit.id=u1&q=x%20y');
    expect(encodeFormQs({ a: { b: [1, { c: null }] } })).toBe('a.b%5B0%5D=1&a.b%5B1%5D.c=');
  });

  it("maps axios's HTTP error to the spec §8 notice", async () => {
    const { http, notices } = setup((config) =>
      Promise.reject(
        new AxiosError(
          'Request failed with status code 404',
          'ERR_BAD_REQUEST',
          config,
          null,
          response(config, { status: 404, message: '未找到|||Not found' }, 404),
        ),
      ),
    );
    const error: unknown = await http.get('/missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).envelope?.message).toBe('未找到|||Not found');
    expect(notices).toEqual([
      { type: 'error', title: '404 Not Found', message: 'Request failed with status code 404' },
    ]);
  });

  it('passes the network error wording through and keeps cancellations quiet', async () => {
    const network = setup(() => Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK')));
    await network.http.get('/x').catch(() => undefined);
    expect(network.notices).toEqual([{ type: 'error', message: 'Network Error' }]);

    const canceled = setup(() => Promise.reject(new CanceledError()));
    const error: unknown = await canceled.http.get('/x').catch((e: unknown) => e);
    expect((error as HttpError).canceled).toBe(true);
    expect(canceled.notices).toEqual([]);
  });
});
