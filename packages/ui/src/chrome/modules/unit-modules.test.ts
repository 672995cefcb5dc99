import { describe, expect, it } from 'vitest';
import { baseEndpoints } from '@campus/contracts/base';
import type { HttpClient } from '@campus/sdk/http-core';
import { isUnitModulesPayload, loadUnitModules, UNIT_MODULES } from './unit-modules.ts';

function clientAnswering(answer: unknown): { http: HttpClient; urls: string[] } {
  const urls: string[] = [];
  const get = (url: string) => {
    urls.push(url);
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  return { http: { get } as unknown as HttpClient, urls };
}

describe("the unit's modules for the module-expiry table (spec §7 inside/module, §4)", () => {
  it('tells the unit-modules payload from a message', () => {
    expect(isUnitModulesPayload(UNIT_MODULES)).toBe(true);
    expect(isUnitModulesPayload({ id: 'm1', content: [] })).toBe(false);
    expect(isUnitModulesPayload(undefined)).toBe(false);
    expect(isUnitModulesPayload('unit-modules')).toBe(false);
  });

  it('loads the modules from GET inside/module as table rows', async () => {
    const { http, urls } = clientAnswering({
      status: 200,
      data: [{ code: 'cms', name: '通知公告', englishName: 'Notices', endTime: 5 }],
    });
    expect(await loadUnitModules(http)).toEqual([
      { code: 'cms', name: '通知公告', englishName: 'Notices', endTime: 5 },
    ]);
    expect(urls).toEqual([baseEndpoints.modules.path]);
  });

  it('shows none when the call is refused or fails', async () => {
    expect(await loadUnitModules(clientAnswering({ status: 403 }).http)).toEqual([]);
    expect(await loadUnitModules(clientAnswering(new Error('offline')).http)).toEqual([]);
  });
});
