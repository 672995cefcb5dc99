import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '@campus/sdk/http-core';
import { loadAboutVersions, releaseNotes, type BuiltInVersions } from './about-versions.ts';

/** What a front end carries built in (the desktop's is apps/portal's desktop-version.json). */
const BUILT_IN_VERSIONS: BuiltInVersions = {
  package: {
    name: 'desktop',
    appVersion: '1.2.0',
    serverVersion: '1.2.0',
    packageDate: '2026-11-22',
  },
  releases: [{ version: '1.2.0', date: '2026-11-22', metto: [{ cn: '桌面', en: 'Desktop' }] }],
};

function http(answer: unknown): { client: HttpClient; get: ReturnType<typeof vi.fn> } {
  const get = vi.fn(() => Promise.resolve(answer));
  return { client: { get } as unknown as HttpClient, get };
}

describe('About dialog versions (spec §2 About, §3, §7)', () => {
  // The desktop's own paths and built-in fallback: apps/portal's desktop-version.test.ts.
  it('prefers deployed files and reports a server without data as none', async () => {
    const { client } = http({ status: 200 });
    const pkg = { name: 'desktop', appVersion: '9.0.0', serverVersion: '9.1.0', packageDate: 'd' };
    const release = { version: '9.0.0', date: '2030-01-01', metto: [{ cn: '中', en: 'En' }] };
    const versions = await loadAboutVersions({
      http: client,
      builtIn: BUILT_IN_VERSIONS,
      fetchJson: (url) =>
        Promise.resolve(url.endsWith('package.json') ? pkg : [release, { version: 1 }]),
    });
    expect(versions.frontend).toEqual(pkg);
    expect(versions.releases).toEqual([release]);
    expect(versions.server).toBeNull();
    expect(releaseNotes(release, 'en')).toEqual(['En']);
    expect(releaseNotes(release, 'zh-CN')).toEqual(['中']);
  });

  it('shows a deployed empty list as no versions, and a missing one as the built-in list', async () => {
    const { client } = http({ status: 200 });
    const empty = await loadAboutVersions({
      http: client,
      builtIn: BUILT_IN_VERSIONS,
      fetchJson: (url) => Promise.resolve(url.endsWith('version.json') ? [] : null),
    });
    expect(empty.releases).toEqual([]);
    const missing = await loadAboutVersions({
      http: client,
      builtIn: BUILT_IN_VERSIONS,
      fetchJson: () => Promise.resolve(null),
    });
    expect(missing.releases).toEqual(BUILT_IN_VERSIONS.releases);
  });

  it('never rejects when the versions call fails', async () => {
    const client = {
      get: () => Promise.reject(new Error('Network Error')),
    } as unknown as HttpClient;
    const versions = await loadAboutVersions({
      http: client,
      builtIn: BUILT_IN_VERSIONS,
      fetchJson: () => Promise.resolve(null),
    });
    expect(versions.server).toBeNull();
  });

  it("reads a sub-app's own files and service (spec §7 /{root}/{code}/package.json)", async () => {
    const { client, get } = http({ status: 200 });
    const urls: string[] = [];
    const versions = await loadAboutVersions({
      http: client,
      source: { code: 'cms', versionName: 'cms', root: 'pages' },
      fetchJson: (url) => {
        urls.push(url);
        return Promise.resolve(null);
      },
    });
    expect(get.mock.calls[0]?.[0]).toBe('/api/cms/nl/cms_package_versions');
    expect(urls.sort()).toEqual(['/pages/cms-version/version.json', '/pages/cms/package.json']);
    expect(versions.releases).toEqual([]);
  });
});
