/**
 * The cluster of bench/faults.ts (issue 15 §3): two portal instances behind Debian's nginx with
 * deploy/nginx/campus-portal.conf, as e2e/fixtures/cluster.mjs runs them, but on a PostgreSQL
 * and a Redis of the run's own, so that stopping them (the faults) touches nothing shared:
 *
 * - PostgreSQL: initdb and pg_ctl (/usr/local/bin, else PG_BIN) in a temporary folder, on a free
 *   port; run as the `postgres` user when we are root, since PostgreSQL refuses to run as root;
 * - Redis: `redis-server --port <port> --save '' --appendonly no`, a child of ours;
 * - the file store: an S3 bucket on s3rver (server/test/api/helpers/s3rver-process.mjs);
 * - instances: the production start (`npm run start:prod`: the server bundled by
 *   scripts/build-server.mjs, one `node` process), built from this checkout into a folder of the
 *   run's own; FAULTS_TSX=1 runs server/src/main.ts through the `tsx` command instead, as
 *   `npm start` did before it took tsx's loader in one process. Each in its own process group (kill -9 reaches all of it), logging to a
 *   file.
 *
 * Every piece can be stopped and started again on the same port; `close()` removes it all.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { writeNginxMainConf } from '../../e2e/fixtures/nginx-conf.mjs';
import { buildServer } from '../../scripts/build-server.mjs';
import { repoRoot } from './harness.ts';

const TSX = path.join(repoRoot, 'node_modules', '.bin', 'tsx');
const S3RVER = path.join(repoRoot, 'server', 'test', 'api', 'helpers', 's3rver-process.mjs');
const SITE_CONF = path.join(repoRoot, 'deploy', 'nginx', 'campus-portal.conf');
const NGINX = '/usr/sbin/nginx';
const PG_BIN = process.env.PG_BIN ?? '/usr/local/bin';
const READY_TIMEOUT_MS = 120_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ClusterPorts {
  /** nginx; the instances, PostgreSQL and Redis take the next four ports. */
  proxy: number;
}

export interface Instance {
  name: string;
  port: number;
  url: string;
  log: string;
  child: ChildProcess | undefined;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Resolves once something accepts connections on 127.0.0.1:`port`. */
async function waitPort(port: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(50);
  }
  throw new Error(`nothing listens on ${port} after ${timeoutMs} ms`);
}

/** Fails when something already listens on `port` (another run, another helper). */
async function assertFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', () => reject(new Error(`port ${port} is taken`)));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

export class FaultCluster {
  readonly root = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-faults-'));
  readonly pgDir = path.join(this.root, 'pg');
  readonly pgPort: number;
  readonly redisPort: number;
  readonly proxyUrl: string;
  readonly databaseUrl: string;
  readonly instances: Instance[];
  private redis: ChildProcess | undefined;
  private s3: ChildProcess | undefined;
  private nginx: ChildProcess | undefined;
  private env: Record<string, string> = {};
  private readonly asRoot = process.getuid?.() === 0;
  /** The production bundle, inside the repository where its imports resolve. */
  private readonly bundle = path.join(
    repoRoot,
    'server',
    `dist-faults-${path.basename(this.root)}`,
    'main.mjs',
  );

  constructor(private readonly ports: ClusterPorts) {
    this.proxyUrl = `http://127.0.0.1:${ports.proxy}`;
    this.instances = [1, 2].map((n) => ({
      name: `instance ${n}`,
      port: ports.proxy + n,
      url: `http://127.0.0.1:${ports.proxy + n}`,
      log: path.join(this.root, `instance-${n}.log`),
      child: undefined,
    }));
    this.pgPort = ports.proxy + 3;
    this.redisPort = ports.proxy + 4;
    this.databaseUrl = `postgres://postgres@127.0.0.1:${this.pgPort}/portal`;
  }

  /** A PostgreSQL tool, as the `postgres` user when we are root. */
  private pgTool(tool: string, args: string[]): void {
    const file = path.join(PG_BIN, tool);
    const [command, argv] = this.asRoot
      ? ['runuser', ['-u', 'postgres', '--', file, ...args]]
      : [file, args];
    execFileSync(command, argv, { stdio: ['ignore', 'ignore', 'pipe'], cwd: this.root });
  }

  async start(): Promise<void> {
    for (const port of [
      this.ports.proxy,
      ...this.instances.map((i) => i.port),
      this.pgPort,
      this.redisPort,
    ])
      await assertFree(port);
    fs.mkdirSync(this.pgDir);
    // The temporary root is ours (0700): the postgres user must reach its folder.
    if (this.asRoot) {
      fs.chmodSync(this.root, 0o755);
      execFileSync('chown', ['postgres:postgres', this.pgDir]);
    }
    this.pgTool('initdb', ['-D', this.pgDir, '-U', 'postgres', '--auth=trust', '--no-sync']);
    await this.startPostgres();
    const admin = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${this.pgPort}/postgres`,
    });
    await admin.connect();
    await admin.query('CREATE DATABASE portal');
    await admin.end();
    await this.startRedis();

    const s3Dir = path.join(this.root, 's3');
    fs.mkdirSync(s3Dir);
    const bucket = 'campus-faults';
    this.s3 = spawn(
      process.execPath,
      ['--openssl-legacy-provider', S3RVER, JSON.stringify({ directory: s3Dir, bucket })],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const s3Port = await new Promise<number>((resolve, reject) => {
      const lines = createInterface({ input: this.s3!.stdout! });
      this.s3!.once('exit', (code) => reject(new Error(`s3rver exited (${code})`)));
      lines.once('line', (line) => {
        lines.close();
        resolve((JSON.parse(line) as { port: number }).port);
      });
    });

    this.env = {
      PORTAL_DEMO: '1',
      LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? 'warn',
      DATABASE_URL: this.databaseUrl,
      REDIS_URL: `redis://127.0.0.1:${this.redisPort}`,
      FILE_STORE: `s3://${bucket}`,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: this.proxyUrl,
    };
    if (!process.env.FAULTS_TSX) await buildServer(this.bundle);
    // One after the other: the first migrates and seeds the demo school.
    for (const instance of this.instances) await this.startInstance(instance);
    await this.startNginx();
  }

  async startPostgres(): Promise<void> {
    this.pgTool('pg_ctl', [
      '-D',
      this.pgDir,
      '-l',
      path.join(this.pgDir, 'server.log'),
      '-w',
      '-o',
      `-p ${this.pgPort} -c listen_addresses=127.0.0.1 -k ${this.pgDir}`,
      'start',
    ]);
  }

  /** A fast shutdown: open sessions are ended, as a restart by an operator does. */
  stopPostgres(): void {
    this.pgTool('pg_ctl', ['-D', this.pgDir, '-m', 'fast', '-w', 'stop']);
  }

  async startRedis(): Promise<void> {
    this.redis = spawn(
      'redis-server',
      ['--port', String(this.redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await waitPort(this.redisPort);
  }

  async stopRedis(): Promise<void> {
    const redis = this.redis;
    if (!redis) return;
    redis.kill('SIGTERM');
    await exited(redis);
    this.redis = undefined;
  }

  async startInstance(instance: Instance): Promise<void> {
    const dataDir = path.join(this.root, instance.name.replace(' ', '-'));
    fs.mkdirSync(dataDir, { recursive: true });
    const log = fs.openSync(instance.log, 'a');
    const argv = process.env.FAULTS_TSX ? [TSX, 'server/src/main.ts'] : [this.bundle];
    instance.child = spawn(process.execPath, argv, {
      cwd: repoRoot,
      env: { ...process.env, ...this.env, DATA_DIR: dataDir, PORT: String(instance.port) },
      stdio: ['ignore', log, log],
      detached: true,
    });
    fs.closeSync(log);
    await this.waitReady(instance);
  }

  async waitReady(instance: Instance): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      const child = instance.child;
      if (!child || child.exitCode !== null)
        throw new Error(`${instance.name} exited (see ${instance.log})`);
      try {
        if ((await fetch(`${instance.url}/readyz`)).ok) return;
      } catch {
        // Not listening yet.
      }
      await sleep(100);
    }
    throw new Error(`${instance.name} was not ready in ${READY_TIMEOUT_MS} ms`);
  }

  /** kill -9 of the instance's process group (tsx and the server). */
  async killInstance(instance: Instance): Promise<void> {
    const child = instance.child;
    if (!child?.pid) return;
    process.kill(-child.pid, 'SIGKILL');
    await exited(child);
    instance.child = undefined;
  }

  /** SIGTERM, as a deploy or `systemctl stop` sends it; resolves with the exit code. */
  async terminateInstance(instance: Instance): Promise<number | null> {
    const child = instance.child;
    if (!child?.pid) return null;
    child.kill('SIGTERM');
    await exited(child);
    instance.child = undefined;
    return child.exitCode;
  }

  private async startNginx(): Promise<void> {
    const nginxDir = path.join(this.root, 'nginx');
    fs.mkdirSync(nginxDir);
    let upstream = 0;
    const site = fs
      .readFileSync(SITE_CONF, 'utf8')
      .replace(
        /server 127\.0\.0\.1:\d+/g,
        () => `server 127.0.0.1:${this.instances[upstream++]!.port}`,
      )
      .replace(/listen 80;/, `listen 127.0.0.1:${this.ports.proxy};`)
      // FAULTS_NEXT_UPSTREAM: another proxy_next_upstream than the sample's, to compare.
      .replace(/proxy_next_upstream [^;]*;/, (line) =>
        process.env.FAULTS_NEXT_UPSTREAM
          ? `proxy_next_upstream ${process.env.FAULTS_NEXT_UPSTREAM};`
          : line,
      );
    fs.writeFileSync(path.join(nginxDir, 'site.conf'), site);
    writeNginxMainConf(nginxDir, { asRoot: this.asRoot, workerConnections: 4096 });
    this.nginx = spawn(NGINX, ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf')], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitPort(this.ports.proxy);
  }

  /** Lines of the instances' logs at level error (pino 50) or worse. */
  errorLines(): string[] {
    return this.instances.flatMap((i) =>
      fs.existsSync(i.log)
        ? fs
            .readFileSync(i.log, 'utf8')
            .split('\n')
            .filter((l) => /"level":(50|60)/.test(l))
        : [],
    );
  }

  async close(): Promise<void> {
    const stops: Promise<void>[] = [];
    for (const instance of this.instances) {
      const child = instance.child;
      if (child?.pid && child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => {
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            // Gone already.
          }
        }, 10_000);
        stops.push(exited(child).then(() => clearTimeout(timer)));
      }
    }
    await Promise.all(stops);
    if (this.nginx && this.nginx.exitCode === null) {
      this.nginx.kill('SIGQUIT');
      await exited(this.nginx);
    }
    if (this.s3 && this.s3.exitCode === null) {
      this.s3.stdin?.end();
      await exited(this.s3);
    }
    await this.stopRedis();
    if (fs.existsSync(path.join(this.pgDir, 'postmaster.pid'))) {
      try {
        this.stopPostgres();
      } catch {
        // Already stopped.
      }
    }
    fs.rmSync(path.dirname(this.bundle), { recursive: true, force: true });
    // FAULTS_KEEP=1 keeps the logs (instances, PostgreSQL, nginx) to read after a run.
    if (process.env.FAULTS_KEEP) console.log(`kept ${this.root}`);
    else fs.rmSync(this.root, { recursive: true, force: true });
  }
}
