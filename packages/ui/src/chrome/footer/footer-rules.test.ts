import { describe, expect, it } from 'vitest';
import { deploymentFlags, HELP_CENTRE_PATH, helpCentreUrl } from './footer-rules.ts';

describe('the help-centre address (spec §2: redUrl, accessToken, unitId)', () => {
  it('carries the three parameters, never a token', () => {
    const url = new URL(
      helpCentreUrl({
        base: null,
        redUrl: 'http://h.example/desktop/home?x=1',
        unitId: 'demo-unit-sunshine',
        origin: 'http://h.example',
      }) ?? '',
    );
    expect(url.pathname).toBe(HELP_CENTRE_PATH);
    expect(url.searchParams.get('redUrl')).toBe('http://h.example/desktop/home?x=1');
    expect(url.searchParams.get('unitId')).toBe('demo-unit-sunshine');
    expect(url.searchParams.has('accessToken')).toBe(true);
    expect(url.searchParams.get('accessToken')).toBe('');
  });

  it('refuses an unsafe configured address', () => {
    expect(
      helpCentreUrl({ base: 'javascript:alert(1)', redUrl: 'x', unitId: 'u', origin: 'http://h' }),
    ).toBeNull();
    expect(
      helpCentreUrl({
        base: 'https://help.example/c',
        redUrl: 'x',
        unitId: 'u',
        origin: 'http://h',
      }),
    ).toMatch(/^https:\/\/help\.example\/c\?redUrl=x&accessToken=&unitId=u$/);
  });
});

describe('deployment flags on the PH global (spec §2 help-centre callback, About variant)', () => {
  it('reads the callback, the help address and the operations-management flag', () => {
    const calls: unknown[] = [];
    const flags = deploymentFlags({
      helpCenter: (target: unknown) => calls.push(target),
      appConfig: { oam: true, helpCenterUrl: 'https://help.example/' },
    });
    expect(flags.oam).toBe(true);
    expect(flags.helpCenterUrl).toBe('https://help.example/');
    flags.helpCenter?.({ redUrl: 'r', unitId: 'u' });
    expect(calls).toEqual([{ redUrl: 'r', unitId: 'u' }]);
  });

  it('treats a missing or malformed global as unset', () => {
    for (const ph of [
      undefined,
      null,
      'x',
      { appConfig: 'x', helpCenter: 'x' },
      { appConfig: { oam: 'yes' } },
    ]) {
      expect(deploymentFlags(ph)).toEqual({ oam: false, helpCenter: null, helpCenterUrl: null });
    }
  });
});
