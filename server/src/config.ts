/**
 * Server configuration, read from the environment variables of DESIGN.md §1 only.
 * Every variable is listed in the README's configuration table.
 */
import fs from 'node:fs';
import path from 'node:path';
import { UPLOAD_DEFAULT_MAX_BYTES } from '@campus/contracts/upload-rules';
import { ACCESS_LOG_MODES, type AccessLogMode } from './core/request-log.ts';
import type { S3Location } from './modules/storage/s3-object-store.ts';
import { DEFAULT_SOCIAL_API_BASES, type SocialApiBases } from './modules/social/provider-client.ts';

/**
 * Where the file store keeps its bytes (DESIGN.md §7 "Stores"): a folder, or an S3-compatible
 * bucket (`FILE_STORE=s3://bucket[/prefix]` with the S3_* variables). A bucket also needs a
 * local scratch folder, where each write is made whole before it is put.
 */
export type FileStoreLocation =
  { kind: 'disk'; root: string } | ({ kind: 's3'; scratchDir: string } & S3Location);

export interface AppConfig {
  host: string;
  port: number;
  dataDir: string;
  /** Unset: SQLite at DATA_DIR/portal.sqlite. `postgres://…`: PostgreSQL. */
  databaseUrl: string | undefined;
  /** The most PostgreSQL connections of one instance (DATABASE_POOL_MAX, default 20). */
  databasePoolMax: number;
  /** Optional: shared rate limits and caches across instances. */
  redisUrl: string | undefined;
  /**
   * Who may read `/metrics` (METRICS_TOKEN): a request bearing this token; unset, only
   * requests from this machine.
   */
  metricsToken: string | undefined;
  /** The file store: a folder (FILE_STORE, DATA_DIR/files by default) or a bucket. */
  fileStore: FileStoreLocation;
  /** Public origin, e.g. https://portal.school.example: sets cookie Secure and absolute links. */
  publicUrl: string | undefined;
  /** Seed the demo school (PORTAL_DEMO=0 skips it). */
  demo: boolean;
  logLevel: string;
  /** ACCESS_LOG: which requests get an `info` line (core/request-log.ts); `notable` by default. */
  accessLog: AccessLogMode;
  /** Where the built front ends live (apps/portal/dist by default). */
  webRoot: string;
  /**
   * Where sub-applications are deployed, one folder per app (PAGES_DIR, default
   * DATA_DIR/pages). Served at /pages/ and read at request time, so dropping a new
   * app's build here needs no portal rebuild and no restart (DESIGN.md §2).
   */
  pagesDir: string;
  /**
   * Where the operator puts the desktop client's packages (CLIENT_DOWNLOADS_DIR, default
   * DATA_DIR/downloads), under the fixed names of contracts' client-downloads.ts. Read at
   * request time, so a new installer needs no restart; an empty or missing folder means
   * none is offered.
   */
  clientDownloadsDir: string;
  /** The shared runtime's build (RUNTIME_ROOT, default apps/runtime/dist), DESIGN.md §2. */
  runtimeRoot: string;
  /** Extra hosts that post-login redirects may go to (comma separated REDIRECT_ALLOW_HOSTS). */
  redirectAllowHosts: string[];
  /**
   * Which proxies to believe for the client address (TRUST_PROXY): unset trusts none;
   * `true`, a hop count, or comma-separated addresses/CIDRs. Per-address sign-in limits
   * and audit records need the real client address behind a reverse proxy.
   */
  trustProxy: boolean | number | string[];
  /**
   * The largest file an upload may store, in bytes (UPLOAD_MAX_BYTES, default 2 GiB,
   * DESIGN.md §7); a bigger one is refused, never kept.
   */
  uploadMaxBytes: number;
  /**
   * Where mail goes out (SMTP_URL, e.g. `smtp://user:pass@mail.school.example:587` or
   * `smtps://…`); unset: no forgotten-password mail, the page says to ask the unit
   * administrator (DESIGN.md §8).
   */
  smtpUrl: string | undefined;
  /** The sender of the portal's mail (MAIL_FROM), e.g. `Campus Portal <portal@school.example>`. */
  mailFrom: string;
  /**
   * The WeCom and WeChat base URLs (WECOM_API_BASE, WECOM_LOGIN_BASE, WECHAT_API_BASE,
   * WECHAT_OAUTH_BASE), defaulting to the real ones (DESIGN.md §8).
   */
  social: SocialApiBases;
}

/**
 * The repository's root: the nearest folder above this file whose package.json is the
 * workspace's, so the defaults below hold both when the server runs from its sources (tsx)
 * and from its production build (server/dist, `npm run start:prod`).
 */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        workspaces?: unknown;
      };
      if (pkg.workspaces) return dir;
    } catch {
      // No package.json here: look further up.
    }
    if (path.dirname(dir) === dir) return path.resolve(from, '..', '..');
  }
}

const repoRoot = findRepoRoot(import.meta.dirname);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${env.PORT}"`);
  }
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolMax: parsePoolMax(env.DATABASE_POOL_MAX),
    redisUrl: env.REDIS_URL || undefined,
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    fileStore: parseFileStore(env, dataDir),
    publicUrl: env.PUBLIC_URL || undefined,
    demo: env.PORTAL_DEMO !== '0',
    logLevel: env.LOG_LEVEL ?? 'info',
    accessLog: parseAccessLog(env.ACCESS_LOG),
    webRoot: path.resolve(env.WEB_ROOT ?? path.join(repoRoot, 'apps', 'portal', 'dist')),
    pagesDir: path.resolve(env.PAGES_DIR ?? path.join(dataDir, 'pages')),
    clientDownloadsDir: path.resolve(env.CLIENT_DOWNLOADS_DIR ?? path.join(dataDir, 'downloads')),
    runtimeRoot: path.resolve(env.RUNTIME_ROOT ?? path.join(repoRoot, 'apps', 'runtime', 'dist')),
    redirectAllowHosts: (env.REDIRECT_ALLOW_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    uploadMaxBytes: parseUploadMaxBytes(env.UPLOAD_MAX_BYTES),
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM?.trim() || 'Campus Portal <no-reply@localhost>',
    social: {
      wecomApi: httpBase(env.WECOM_API_BASE, DEFAULT_SOCIAL_API_BASES.wecomApi, 'WECOM_API_BASE'),
      wecomLogin: httpBase(
        env.WECOM_LOGIN_BASE,
        DEFAULT_SOCIAL_API_BASES.wecomLogin,
        'WECOM_LOGIN_BASE',
      ),
      wechatApi: httpBase(
        env.WECHAT_API_BASE,
        DEFAULT_SOCIAL_API_BASES.wechatApi,
        'WECHAT_API_BASE',
      ),
      wechatOauth: httpBase(
        env.WECHAT_OAUTH_BASE,
        DEFAULT_SOCIAL_API_BASES.wechatOauth,
        'WECHAT_OAUTH_BASE',
      ),
    },
  };
}

/**
 * DATABASE_POOL_MAX's default: twice node-postgres's own 10. At the first bell (bench/bell-time,
 * 500 users, two runs each) 10 connections gave PostgreSQL a p99 of 264 and 576 ms, 20 gave 171
 * and 237 ms: the sign-ins' writes and the cold desktop loads queued for a connection. Two
 * instances then hold at most 40 of PostgreSQL's default 100 (docs/deploy.md "Sizing").
 */
export const DEFAULT_POOL_MAX = 20;

/** ACCESS_LOG: `notable` (unset) or `all` (core/request-log.ts). */
export function parseAccessLog(value: string | undefined): AccessLogMode {
  const text = value?.trim() || 'notable';
  const mode = ACCESS_LOG_MODES.find((m) => m === text);
  if (!mode) {
    throw new Error(`ACCESS_LOG must be one of ${ACCESS_LOG_MODES.join(', ')}, got "${value}"`);
  }
  return mode;
}

/** DATABASE_POOL_MAX: a whole number of connections from 1 to 1000; unset, 20. */
export function parsePoolMax(value: string | undefined): number {
  const text = value?.trim() ?? '';
  if (text === '') return DEFAULT_POOL_MAX;
  const max = Number(text);
  if (!/^\d+$/.test(text) || max < 1 || max > 1000) {
    throw new Error(`DATABASE_POOL_MAX must be a whole number from 1 to 1000, got "${value}"`);
  }
  return max;
}

/** UPLOAD_MAX_BYTES: a whole number of bytes, at least 1; unset, the 2 GiB of upload-rules. */
export function parseUploadMaxBytes(value: string | undefined): number {
  const text = value?.trim() ?? '';
  if (text === '') return UPLOAD_DEFAULT_MAX_BYTES;
  const bytes = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(bytes) || bytes < 1) {
    throw new Error(`UPLOAD_MAX_BYTES must be a whole number of bytes above 0, got "${value}"`);
  }
  return bytes;
}

/**
 * FILE_STORE: a folder (relative to the working directory; DATA_DIR/files when unset), or
 * `s3://bucket[/prefix]`, which needs S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY
 * (S3_REGION defaults to us-east-1, which MinIO and s3rver accept). A bucket's scratch folder
 * is DATA_DIR/tmp. Anything missing or malformed stops the start-up with its variable named.
 */
export function parseFileStore(env: NodeJS.ProcessEnv, dataDir: string): FileStoreLocation {
  const value = env.FILE_STORE?.trim() || undefined;
  if (value === undefined) return { kind: 'disk', root: path.join(dataDir, 'files') };
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1];
  if (scheme === undefined) return { kind: 'disk', root: path.resolve(value) };
  if (scheme.toLowerCase() !== 's3') {
    throw new Error(`FILE_STORE must be a folder or s3://bucket[/prefix], got "${value}"`);
  }
  const [bucket = '', ...rest] = value.slice('s3://'.length).split('/');
  if (!BUCKET.test(bucket) || bucket.includes('..')) {
    throw new Error(
      `FILE_STORE names no valid bucket in "${value}": 3 to 63 lower-case letters, digits, dots and hyphens`,
    );
  }
  const segments = rest.filter(Boolean);
  if (segments.some((segment) => !PREFIX_SEGMENT.test(segment) || /^\.+$/.test(segment))) {
    throw new Error(
      `FILE_STORE's key prefix in "${value}" may hold only letters, digits, '.', '_' and '-' between slashes`,
    );
  }
  const missing = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter(
    (name) => !env[name]?.trim(),
  );
  if (missing.length > 0) {
    throw new Error(`FILE_STORE=${value} needs ${missing.join(', ')} (DESIGN.md §7 Stores)`);
  }
  const endpoint = (env.S3_ENDPOINT ?? '').trim();
  let url: URL | undefined;
  try {
    url = new URL(endpoint);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(`S3_ENDPOINT must be an http:// or https:// address, got "${endpoint}"`);
  }
  return {
    kind: 's3',
    bucket,
    prefix: segments.join('/'),
    endpoint: url.origin + url.pathname.replace(/\/+$/, ''),
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId: (env.S3_ACCESS_KEY_ID ?? '').trim(),
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    scratchDir: path.join(dataDir, 'tmp'),
  };
}

/** S3's bucket names (virtual-host-safe rules): lower case, digits, '.', '-'; 3 to 63 long. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9._-]+$/;

export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** A provider base URL from the environment: absolute http(s), else the default. */
function httpBase(value: string | undefined, fallback: string, name: string): string {
  const given = value?.trim();
  if (!given) return fallback;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${given}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must be an absolute http(s) URL, got "${given}"`);
  }
  return url.href.replace(/\/+$/, '');
}
