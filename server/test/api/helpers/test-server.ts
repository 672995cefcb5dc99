/**
 * A real server on a real, fresh database for one test file: SQLite in a temp folder,
 * or (API_DB=postgres) a new PostgreSQL database on TEST_DATABASE_URL's server, dropped
 * afterwards. Redis is used when TEST_REDIS_URL is set. Requests go over HTTP.
 * The file store is the temp folder's `files` unless TEST_FILE_STORE names another store
 * (given to the server as FILE_STORE, with the S3_* variables of the environment as they are),
 * so the same tests run on the disk store and on a bucket; TEST_FILE_STORE=s3rver gives each
 * test server a bucket of its own on a fresh s3rver (helpers/s3rver.ts), stopped with it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import { startS3rver } from './s3rver.ts';

export type DbKind = 'sqlite' | 'postgres';

export function dbKind(): DbKind {
  return process.env.API_DB === 'postgres' ? 'postgres' : 'sqlite';
}

export interface TestServer {
  app: FastifyInstance;
  baseUrl: string;
  kind: DbKind;
  /** What a second instance needs to serve the same database, Redis namespace and files. */
  shared: {
    dataDir: string;
    databaseUrl: string | undefined;
    redisKeyPrefix: string;
    /** The configuration variables both instances read (the file store's among them). */
    env: Record<string, string>;
  };
  /** A client with its own cookie jar, as one browser would be. */
  client(options?: ClientOptions): TestClient;
  close(): Promise<void>;
}

export async function startTestServer(
  options: BuildOptions & {
    demo?: boolean;
    shareWith?: TestServer;
    webRoot?: string;
    pagesDir?: string;
    runtimeRoot?: string;
    /**
     * Configuration variables for this server (and a second instance sharing it), read as
     * the environment is, e.g. `{ UPLOAD_MAX_BYTES: '4096' }` or another `FILE_STORE`.
     */
    env?: Record<string, string>;
  } = {},
): Promise<TestServer> {
  const { shareWith, webRoot, pagesDir, runtimeRoot, env, ...buildOptions } = options;
  if (shareWith) return startSecondInstance(shareWith, buildOptions);
  const kind = dbKind();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-api-'));
  const suffix = randomBytes(6).toString('hex');
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (kind === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('API_DB=postgres needs TEST_DATABASE_URL');
    const name = `campus_api_${suffix}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const s3 = process.env.TEST_FILE_STORE === 's3rver' ? await startS3rver() : undefined;
  const sharedEnv = { ...fileStoreEnv(), ...s3?.env, ...env };
  const config = {
    ...loadConfig({ ...sharedEnv, DATA_DIR: dataDir, PORT: '0' }),
    databaseUrl,
    redisUrl: process.env.TEST_REDIS_URL || undefined,
    demo: buildOptions.demo ?? true,
    ...(webRoot ? { webRoot } : {}),
    ...(pagesDir ? { pagesDir } : {}),
    ...(runtimeRoot ? { runtimeRoot } : {}),
  };
  const redisKeyPrefix = `campus-test-${suffix}:`;
  const app = await buildApp(config, {
    logger: false,
    redisKeyPrefix,
    ...buildOptions,
  });
  const baseUrl = await listenOnFreePort(app);
  return {
    app,
    baseUrl,
    kind,
    shared: { dataDir, databaseUrl, redisKeyPrefix, env: sharedEnv },
    client: (clientOptions) => new TestClient(baseUrl, clientOptions),
    close: async () => {
      await app.close();
      await dropDatabase?.();
      if (config.redisUrl) await deleteRedisKeys(config.redisUrl, redisKeyPrefix);
      await s3?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The file store the tests run on: TEST_FILE_STORE as FILE_STORE (a bucket, say
 * `s3://campus-test`) with the S3_* variables beside it; nothing, the temp folder's `files`.
 */
function fileStoreEnv(): Record<string, string> {
  const store = process.env.TEST_FILE_STORE;
  if (!store || store === 's3rver') return {};
  const s3 = Object.entries(process.env).filter(
    (entry): entry is [string, string] => entry[0].startsWith('S3_') && entry[1] !== undefined,
  );
  return { FILE_STORE: store, ...Object.fromEntries(s3) };
}

/** Listens on a free loopback port and answers the base URL. */
async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Another instance on the first one's database and Redis namespace, as two instances
 * behind one proxy would be (DESIGN.md §2). Closing it leaves the shared data alone.
 */
async function startSecondInstance(first: TestServer, options: BuildOptions): Promise<TestServer> {
  const config = {
    ...loadConfig({ ...first.shared.env, DATA_DIR: first.shared.dataDir, PORT: '0' }),
    databaseUrl: first.shared.databaseUrl,
    redisUrl: process.env.TEST_REDIS_URL || undefined,
    demo: false,
  };
  const app = await buildApp(config, {
    logger: false,
    redisKeyPrefix: first.shared.redisKeyPrefix,
    ...options,
  });
  const baseUrl = await listenOnFreePort(app);
  return {
    app,
    baseUrl,
    kind: first.kind,
    shared: first.shared,
    client: (clientOptions) => new TestClient(baseUrl, clientOptions),
    close: () => app.close(),
  };
}

async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}

export interface ClientOptions {
  /** The `device` header; null sends none (a cross-site form cannot set it). */
  device?: string | null;
  origin?: string;
}

export interface Reply<T = unknown> {
  http: number;
  headers: Headers;
  body: {
    status: number;
    code?: string;
    message?: string;
    data?: T;
    fieldErrors?: { field: string; message: string }[];
  };
  setCookies: string[];
}

type FormValue = string | number | boolean;

/** A minimal browser: keeps cookies by name and path, sends the device header. */
export class TestClient {
  private readonly jar = new Map<string, { value: string; path: string }>();

  constructor(
    private readonly baseUrl: string,
    private readonly options: ClientOptions = {},
  ) {}

  cookie(name: string): string | undefined {
    return this.jar.get(name)?.value;
  }

  setCookie(name: string, value: string, cookiePath = '/'): void {
    this.jar.set(name, { value, path: cookiePath });
  }

  clearCookies(): void {
    this.jar.clear();
  }

  get<T = unknown>(url: string, headers: Record<string, string> = {}): Promise<Reply<T>> {
    return this.request<T>('GET', url, undefined, headers);
  }

  /** Form-encoded, as the SDK sends (spec §7). */
  postForm<T = unknown>(
    url: string,
    form: Record<string, FormValue>,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const body = new URLSearchParams(
      Object.entries(form).map(([k, v]) => [k, String(v)]),
    ).toString();
    return this.request<T>('POST', url, body, {
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    });
  }

  postJson<T = unknown>(
    url: string,
    json: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    return this.request<T>('POST', url, JSON.stringify(json), {
      'content-type': 'application/json',
      ...headers,
    });
  }

  postRaw<T = unknown>(
    url: string,
    body: string,
    contentType: string,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    return this.request<T>('POST', url, body, { 'content-type': contentType, ...headers });
  }

  /** A multipart/form-data body, as a browser's upload sends it (fetch writes the boundary). */
  postMultipart<T = unknown>(
    url: string,
    form: FormData,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    return this.request<T>('POST', url, form, headers);
  }

  /** The answer's bytes as they are (a downloaded file), with its status and headers. */
  async fetchBytes(
    url: string,
    init: { method?: string; headers?: Record<string, string> } = {},
  ): Promise<{ http: number; headers: Headers; bytes: Buffer }> {
    const response = await this.send(init.method ?? 'GET', url, undefined, init.headers ?? {});
    return {
      http: response.status,
      headers: response.headers,
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  }

  async request<T>(
    method: string,
    url: string,
    body: RequestInit['body'],
    headers: Record<string, string>,
  ): Promise<Reply<T>> {
    const response = await this.send(method, url, body, headers);
    const setCookies = response.headers.getSetCookie();
    const text = await response.text();
    let parsed: Reply<T>['body'];
    try {
      parsed = JSON.parse(text) as Reply<T>['body'];
    } catch {
      parsed = { status: -1, message: text };
    }
    return { http: response.status, headers: response.headers, body: parsed, setCookies };
  }

  private async send(
    method: string,
    url: string,
    body: RequestInit['body'],
    headers: Record<string, string>,
  ): Promise<Response> {
    const target = new URL(url, this.baseUrl);
    const sendHeaders: Record<string, string> = { ...headers };
    if (this.options.device !== null && !('device' in sendHeaders))
      sendHeaders.device = this.options.device ?? 'pc:desktop';
    if (this.options.origin) sendHeaders.origin = this.options.origin;
    const cookies = [...this.jar.entries()]
      .filter(([, c]) => target.pathname.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`);
    if (cookies.length > 0) sendHeaders.cookie = cookies.join('; ');
    const response = await fetch(target, {
      method,
      headers: sendHeaders,
      body,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) this.store(line);
    return response;
  }

  private store(line: string): void {
    const [pair, ...attributes] = line.split(';').map((s) => s.trim());
    if (!pair) return;
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const pathAttr = attributes.find((a) => a.toLowerCase().startsWith('path='));
    const maxAge = attributes.find((a) => a.toLowerCase().startsWith('max-age='));
    const expires = attributes.find((a) => a.toLowerCase().startsWith('expires='));
    const expired =
      maxAge?.split('=')[1] === '0' ||
      (expires !== undefined && new Date(expires.slice(8)).getTime() < Date.now());
    if (expired || value === '') this.jar.delete(name);
    else this.jar.set(name, { value, path: pathAttr ? pathAttr.slice(5) : '/' });
  }
}

/** Demo accounts of DESIGN.md §3. */
export const DEMO = {
  admin: { username: 'admin', password: 'Admin@2026' },
  teacher: { username: 'teacher', password: 'Teacher@2026' },
  parent: { username: 'parent', password: 'Parent@2026' },
  parent1: { username: 'parent1', password: 'Parent1@2026' },
  staff: { username: 'staff', password: 'Staff@2026' },
  area: { username: 'area', password: 'Area@2026' },
} as const;

export async function signIn(
  client: TestClient,
  account: { username: string; password: string },
): Promise<
  Reply<{ accessToken: string; userClientId: string; rememberToken?: string; userType: number }>
> {
  const reply = await client.postForm<{
    accessToken: string;
    userClientId: string;
    rememberToken?: string;
    userType: number;
  }>('/api/uaa/oauth/login', account);
  if (reply.body.status !== 200)
    throw new Error(`sign-in as ${account.username} failed: ${JSON.stringify(reply.body)}`);
  return reply;
}

/** One client per demo account named, each signed in (DESIGN.md §3 accounts). */
export async function signedInClients<const K extends keyof typeof DEMO>(
  server: TestServer,
  ...logins: K[]
): Promise<Record<K, TestClient>> {
  const clients = {} as Record<K, TestClient>;
  for (const login of logins) {
    clients[login] = server.client();
    await signIn(clients[login], DEMO[login]);
  }
  return clients;
}

/** The id of an account by its login name, read from the server's own database. */
export async function userIdOf(server: TestServer, login: string): Promise<string> {
  const row = await server.app.services.database.db
    .selectFrom('users')
    .select('id')
    .where('login_name', '=', login)
    .executeTakeFirstOrThrow();
  return row.id;
}
