import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startCorsTestServer, type CorsTestServer } from '../http/test-support/cors-test-server.ts';
import { runVersionChecks, versionUrls } from './run-version-checks.ts';

let server: CorsTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Files = Record<string, { status: number; body: string }>;

/** A real HTTP server answering the spec §7 version paths from `files`; 404 for the rest. */
async function serve(files: Files) {
  const asked: string[] = [];
  server = await startCorsTestServer((request, res: http.ServerResponse) => {
    asked.push(request.path);
    const file = files[request.path];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(file.status, { 'content-type': 'application/json' }).end(file.body);
  });
  const base = server.base;
  const fetchImpl: typeof fetch = (url, init) => {
    const asked = typeof url === 'string' ? url : url instanceof URL ? url.pathname : url.url;
    return fetch(`${base}${asked}`, init);
  };
  return { asked, fetchImpl };
}

const PKG = '/pages/cms/package.json';
const VERSIONS = '/api/cms/nl/cms_package_versions';
const RELEASES = '/pages/cms-version/version.json';
const pkg = (serverVersion: string, appVersion = '1.2.0') =>
  JSON.stringify({ name: 'cms', appVersion, serverVersion, packageDate: '2026-11-01' });
const versions = (serverVersion: string, webCodeVersion: string) =>
  JSON.stringify({ status: 200, data: { serverVersion, webCodeVersion, date: '2026-11-01' } });

function run(fetchImpl: typeof fetch, extra: Partial<Parameters<typeof runVersionChecks>[0]> = {}) {
  const alerts: string[] = [];
  const notices: string[] = [];
  const done = runVersionChecks({
    root: 'pages',
    code: 'cms',
    isNoServer: false,
    development: false,
    lang: 'en',
    alert: (t) => alerts.push(t),
    notify: (t) => notices.push(t),
    fetchImpl,
    ...extra,
  });
  return { done, alerts, notices };
}

describe('runVersionChecks (spec §7 calls, §8 version mismatch)', () => {
  it('builds the three spec §7 paths, versionName replacing code for the endpoint', () => {
    expect(versionUrls('pages', 'cms')).toEqual({
      packageJson: PKG,
      versionsEndpoint: VERSIONS,
      versionJson: RELEASES,
    });
    expect(versionUrls('pages', 'cms', 'cmsx').versionsEndpoint).toBe(
      '/api/cmsx/nl/cmsx_package_versions',
    );
  });

  it('alerts with both numbers when the front end needs a newer server', async () => {
    const { fetchImpl } = await serve({
      [PKG]: { status: 200, body: pkg('1.3.0') },
      [VERSIONS]: { status: 200, body: versions('1.2.9', '1.0.0') },
      [RELEASES]: { status: 200, body: '[{"version":"1.2.0","date":"2026-11-01","metto":[]}]' },
    });
    const { done, alerts, notices } = run(fetchImpl);
    const result = await done;
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toContain('1.3.0');
    expect(alerts[0]).toContain('1.2.9');
    expect(notices).toEqual([]);
    expect(result.releases.map((r) => r.version)).toEqual(['1.2.0']);
  });

  it('alerts the mirror case when the server needs a newer front end', async () => {
    const { fetchImpl } = await serve({
      [PKG]: { status: 200, body: pkg('1.0.0', '1.1.0') },
      [VERSIONS]: { status: 200, body: versions('1.2.0', '1.2.0') },
    });
    const { done, alerts } = run(fetchImpl);
    expect((await done).effects).toEqual([
      {
        kind: 'alert',
        which: 'frontend-too-old',
        frontend: '1.1.0',
        server: '1.2.0',
        required: '1.2.0',
      },
    ]);
    expect(alerts).toHaveLength(1);
  });

  it('notifies "no version endpoint" on a 404 and on an empty answer; package.json failures are silent', async () => {
    const missing = await serve({});
    const a = run(missing.fetchImpl);
    await a.done;
    expect(a.alerts).toEqual([]);
    expect(a.notices).toEqual([
      'This microservice has no version endpoint. Please contact the back-end engineer!',
    ]);
    await server?.close();
    const empty = await serve({ [VERSIONS]: { status: 200, body: '' } });
    const b = run(empty.fetchImpl, { lang: 'zh-CN' });
    await b.done;
    expect(b.notices).toEqual(['该微服务缺少版本接口，请联系后端工程师！']);
  });

  it('makes no package.json or version.json call in development, and no call at all without a server', async () => {
    const dev = await serve({ [VERSIONS]: { status: 200, body: versions('1.0.0', '1.0.0') } });
    await run(dev.fetchImpl, { development: true }).done;
    expect(dev.asked).toEqual([VERSIONS]);
    await server?.close();
    const none = await serve({});
    await run(none.fetchImpl, { isNoServer: true }).done;
    expect(none.asked).toEqual([RELEASES]);
  });
});
