import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '@campus/sdk/http-core';
import {
  DESKTOP_VERSION_SOURCE,
  loadAboutVersions,
  type BuiltInVersions,
} from '@campus/ui/about-versions';
import builtIn from './desktop-version.json';

/** The desktop's built-in package info and release notes (the About dialog's fallback). */
const BUILT_IN_VERSIONS: BuiltInVersions = builtIn;

function http(answer: unknown): { client: HttpClient; get: ReturnType<typeof vi.fn> } {
  const get = vi.fn(() => Promise.resolve(answer));
  return { client: { get } as unknown as HttpClient, get };
}

describe("the desktop's About versions (spec §2 About, §3, §7)", () => {
  it('asks the base service and the spec paths, and falls back to the built-in list', async () => {
    const { client, get } = http({
      status: 200,
      data: { serverVersion: '1.2.0', webCodeVersion: '1.2.0', date: '2026-03-01' },
    });
    const urls: string[] = [];
    const versions = await loadAboutVersions({
      http: client,
      source: DESKTOP_VERSION_SOURCE,
      builtIn: BUILT_IN_VERSIONS,
      fetchJson: (url) => {
        urls.push(url);
        return Promise.resolve(null);
      },
    });
    expect(get.mock.calls[0]?.[0]).toBe('/api/base/nl/base_package_versions');
    expect(urls.sort()).toEqual([
      '/pages/desktop-version/version.json',
      '/pages/desktop/package.json',
    ]);
    expect(versions.server).toEqual({
      serverVersion: '1.2.0',
      webCodeVersion: '1.2.0',
      date: '2026-03-01',
    });
    expect(versions.frontend).toEqual(BUILT_IN_VERSIONS.package);
    expect(versions.releases).toEqual(BUILT_IN_VERSIONS.releases);
  });

  it('ships bilingual built-in notes, newest first', () => {
    const [latest] = BUILT_IN_VERSIONS.releases;
    expect(latest?.version).toBe(BUILT_IN_VERSIONS.package.appVersion);
    for (const record of BUILT_IN_VERSIONS.releases) {
      for (const item of record.metto) {
        expect(item.cn.trim()).not.toBe('');
        expect(item.en.trim()).not.toBe('');
      }
    }
  });
});
