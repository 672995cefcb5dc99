// @vitest-environment jsdom
/**
 * Session recovery (spec §4 "Session expiry", §7 refresh and login_user_client, §8 "Body 401:
 * refresh and retry, else re-login") for both clients, against a real HTTP server that
 * answers body 401 until the session was renewed, and counts the renewal calls.
 */
import type http from 'node:http';
import { startCorsTestServer, type CorsTestServer } from './test-support/cors-test-server.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPortalStorage } from '../platform/storage.ts';
import { createHttpClient } from './client.ts';
import type { HttpClient, HttpClientOptions, Notice } from './http-core.ts';
import { createLightHttpClient } from './light-client.ts';
import {
  createRecoveryGate,
  createSessionRecovery,
  isRecoveryExempt,
  type RecoveryCalls,
} from './session-recovery.ts';

/** What the fake UAA server does and has seen. */
const server = {
  /** The session works once refresh or login_user_client succeeded. */
  valid: false,
  refreshAnswers: 200 as 200 | 401,
  clientLoginAnswers: 200 as 200 | 401,
  /** Milliseconds the refresh takes, so concurrent 401s arrive while it runs. */
  refreshDelayMs: 50,
  refreshCalls: 0,
  clientLoginBodies: [] as string[],
  dataCalls: 0,
  devices: new Set<string>(),
};

let httpServer: CorsTestServer;
let base = '';

function reply(res: http.ServerResponse, body: unknown): void {
  res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

beforeAll(async () => {
  httpServer = await startCorsTestServer((req, res) => {
    server.devices.add(String(req.headers.device));
    const { path, body } = req;
    if (path === '/api/uaa/oauth/refresh') {
      server.refreshCalls += 1;
      setTimeout(() => {
        if (server.refreshAnswers === 401) return reply(res, { status: 401 });
        server.valid = true;
        reply(res, { status: 200, data: { accessToken: 'at-r', userClientId: 'client-r' } });
      }, server.refreshDelayMs);
    } else if (path === '/api/uaa/oauth/login_user_client') {
      server.clientLoginBodies.push(body);
      if (server.clientLoginAnswers === 401) return reply(res, { status: 401 });
      server.valid = true;
      reply(res, { status: 200, data: { accessToken: 'at-c', userClientId: 'client-new' } });
    } else {
      server.dataCalls += 1;
      if (!server.valid) return reply(res, { status: 401, message: '未登录|||Not signed in' });
      reply(res, { status: 200, data: path });
    }
  });
  base = httpServer.base;
});

afterAll(async () => {
  await httpServer.close();
});

beforeEach(() => {
  Object.assign(server, {
    valid: false,
    refreshAnswers: 200,
    clientLoginAnswers: 200,
    refreshDelayMs: 50,
    refreshCalls: 0,
    clientLoginBodies: [],
    dataCalls: 0,
    devices: new Set<string>(),
  });
  localStorage.clear();
});

const clients: [string, (o: HttpClientOptions) => HttpClient][] = [
  ['axios client', createHttpClient],
  ['light client', createLightHttpClient],
];

describe.each(clients)('%s: session recovery (spec §4, §8)', (_name, create) => {
  const make = () => {
    const notices: Notice[] = [];
    const storage = createPortalStorage(
      () => localStorage,
      () => sessionStorage,
    );
    const onRelogin = vi.fn();
    const client = create({
      baseURL: base,
      device: 'pc',
      appCode: 'cms',
      onNotify: (n) => notices.push(n),
      language: () => 'en',
      sessionRecovery: createSessionRecovery({ storage, onRelogin }),
    });
    return { client, notices, storage, onRelogin };
  };

  it('spec §4: a body 401 refreshes the token and retries the original request once', async () => {
    const { client, notices } = make();
    await expect(client.get('/api/cms/notices')).resolves.toEqual({
      status: 200,
      data: '/api/cms/notices',
    });
    expect(server.refreshCalls).toBe(1);
    expect(server.dataCalls).toBe(2);
    expect(server.clientLoginBodies).toEqual([]);
    expect(notices).toEqual([]);
    // spec §7: the renewal calls carry the device header too.
    expect([...server.devices]).toEqual(['pc:cms']);
  });

  it('spec §4: 5 concurrent 401s share exactly one refresh, and all 5 succeed', async () => {
    const { client, notices } = make();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => client.post(`/api/cms/item/${n}`, { n })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(server.refreshCalls).toBe(1);
    expect(server.dataCalls).toBe(10);
    expect(notices).toEqual([]);
  });

  it('spec §4: a refused refresh falls back to login_user_client with the stored id, stores the new id and retries', async () => {
    server.refreshAnswers = 401;
    const { client, storage, onRelogin, notices } = make();
    storage.setUserClientId('cms', 'client-old');
    await expect(client.get('/api/cms/notices')).resolves.toMatchObject({ status: 200 });
    expect(server.refreshCalls).toBe(1);
    expect(server.clientLoginBodies).toEqual(['userClientId=client-old']);
    // The id is single-use: the new one is kept under userClientId_{appCode} (spec §3).
    expect(localStorage.getItem('userClientId_cms')).toBe('client-new');
    expect(onRelogin).not.toHaveBeenCalled();
    expect(notices).toEqual([]);
  });

  it('spec §4/§8: refresh and login_user_client both refused → onRelogin once, every waiting request answers 401 without a notice', async () => {
    server.refreshAnswers = 401;
    server.clientLoginAnswers = 401;
    const { client, storage, onRelogin, notices } = make();
    storage.setUserClientId('cms', 'client-old');
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => client.get(`/api/cms/item/${n}`)));
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    expect(onRelogin).toHaveBeenCalledTimes(1);
    expect(server.refreshCalls).toBe(1);
    expect(server.clientLoginBodies).toHaveLength(1);
    expect(notices).toEqual([]);
    // A later 401 while the re-login runs stays quiet: no renewal, no second re-login.
    await expect(client.get('/api/cms/later')).resolves.toMatchObject({ status: 401 });
    expect(server.refreshCalls).toBe(1);
    expect(onRelogin).toHaveBeenCalledTimes(1);
  });

  it('spec §4: without a stored client id a refused refresh goes straight to re-login', async () => {
    server.refreshAnswers = 401;
    const { client, onRelogin } = make();
    await expect(client.get('/api/cms/notices')).resolves.toMatchObject({ status: 401 });
    expect(server.clientLoginBodies).toEqual([]);
    expect(onRelogin).toHaveBeenCalledTimes(1);
  });

  it('spec §4: the renewal calls never recover themselves (no loops), and noRecover opts out', async () => {
    server.refreshAnswers = 401;
    server.clientLoginAnswers = 401;
    const { client, onRelogin } = make();
    await expect(client.get('/api/uaa/oauth/refresh')).resolves.toMatchObject({ status: 401 });
    await expect(
      client.post('/api/uaa/oauth/login_user_client', { userClientId: 'x' }),
    ).resolves.toMatchObject({ status: 401 });
    await expect(
      client.get('/api/cms/notices', undefined, { noRecover: true, noIntercept: true }),
    ).resolves.toMatchObject({ status: 401 });
    expect(server.refreshCalls).toBe(1);
    expect(server.clientLoginBodies).toEqual(['userClientId=x']);
    expect(onRelogin).not.toHaveBeenCalled();
  });
});

describe('createRecoveryGate (spec §4: one renewal, one retry)', () => {
  const calls: RecoveryCalls = {
    appCode: 'cms',
    get: () => Promise.reject(new Error('unused')),
    post: () => Promise.reject(new Error('unused')),
  };

  it('retries without renewing again a request sent before the last renewal finished', async () => {
    const renew = vi.fn(() => Promise.resolve('retry' as const));
    const gate = createRecoveryGate(renew);
    const early = gate.ticket();
    await expect(gate.recover(early, { status: 401 }, calls)).resolves.toBe('retry');
    await expect(gate.recover(early, { status: 401 }, calls)).resolves.toBe('retry');
    expect(renew).toHaveBeenCalledTimes(1);
    await expect(gate.recover(gate.ticket(), { status: 401 }, calls)).resolves.toBe('retry');
    expect(renew).toHaveBeenCalledTimes(2);
  });

  it('treats a renewal that throws as give-up, and re-login again only after the session worked', async () => {
    const gate = createRecoveryGate(() => Promise.reject(new Error('boom')));
    await expect(gate.recover(gate.ticket(), { status: 401 }, calls)).resolves.toBe('give-up');

    const relogin = vi.fn(() => Promise.resolve('relogin' as const));
    const gate2 = createRecoveryGate(relogin);
    await gate2.recover(gate2.ticket(), { status: 401 }, calls);
    await gate2.recover(gate2.ticket(), { status: 401 }, calls);
    expect(relogin).toHaveBeenCalledTimes(1);
    gate2.confirm();
    await gate2.recover(gate2.ticket(), { status: 401 }, calls);
    expect(relogin).toHaveBeenCalledTimes(2);
  });

  it('gives up (ordinary §8 notice) when the refresh gets no answer at all', async () => {
    const onRelogin = vi.fn();
    const recovery = createSessionRecovery({
      storage: { getUserClientId: () => 'id', setUserClientId: () => undefined },
      onRelogin,
    });
    const offline: RecoveryCalls = {
      ...calls,
      get: () => Promise.reject(new Error('Network Error')),
    };
    await expect(recovery.recover(recovery.ticket(), { status: 401 }, offline)).resolves.toBe(
      'give-up',
    );
    expect(onRelogin).not.toHaveBeenCalled();
  });
});

describe('isRecoveryExempt (spec §4: renewal calls never trigger recovery)', () => {
  it.each([
    ['/api/uaa/oauth/refresh', true],
    ['http://h:1/api/uaa/oauth/refresh?_t=1', true],
    ['api/uaa/oauth/login_user_client', true],
    ['/api/uaa/oauth/login', true],
    ['/api/uaa/oauth/me', false],
    ['/api/cms/refresh', false],
  ])('%s → %s', (url, exempt) => {
    expect(isRecoveryExempt(url)).toBe(exempt);
  });
});
