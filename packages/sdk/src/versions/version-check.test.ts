import { describe, expect, it } from 'vitest';
import {
  VERSION_TEXT,
  versionCallPlan,
  versionEffectText,
  versionEffects,
  type PackageInfo,
  type ServerVersions,
  type VersionCheckInput,
  type VersionEffect,
  type VersionsAnswer,
} from './version-check.ts';

const pkg: PackageInfo = {
  name: 'cms',
  appVersion: '1.2.0',
  serverVersion: '1.3.0',
  packageDate: '2026-01-05',
};
const answer = (data: ServerVersions | null | undefined, status = 200): VersionsAnswer => ({
  kind: 'answer',
  body: { status, data },
});
const run = (over: Partial<VersionCheckInput>) =>
  versionEffects({ isNoServer: false, development: false, packageInfo: pkg, ...over });

describe('versionCallPlan (spec §7: which version calls are made)', () => {
  it('spec §7: package.json skipped with no server or in development; version.json in development', () => {
    expect(versionCallPlan({ isNoServer: false, development: false })).toEqual({
      packageJson: true,
      versionsEndpoint: true,
      versionJson: true,
    });
    expect(versionCallPlan({ isNoServer: true, development: false })).toEqual({
      packageJson: false,
      versionsEndpoint: false,
      versionJson: true,
    });
    expect(versionCallPlan({ isNoServer: false, development: true })).toEqual({
      packageJson: false,
      versionsEndpoint: true,
      versionJson: false,
    });
  });
});

describe('versionEffects, mismatch alerts (spec §8 "Version mismatch")', () => {
  it('spec §8: front end requires a higher server version than present → server-too-old alert', () => {
    expect(run({ versions: answer({ serverVersion: '1.2.9', webCodeVersion: '1.0.0' }) })).toEqual([
      {
        kind: 'alert',
        which: 'server-too-old',
        frontend: '1.2.0',
        server: '1.2.9',
        required: '1.3.0',
      },
    ]);
  });

  it('spec §8: the mirror, front end older than the back end requires → frontend-too-old', () => {
    expect(run({ versions: answer({ serverVersion: '1.3.0', webCodeVersion: '1.10.0' }) })).toEqual(
      [
        {
          kind: 'alert',
          which: 'frontend-too-old',
          frontend: '1.2.0',
          server: '1.3.0',
          required: '1.10.0',
        },
      ],
    );
  });

  it('spec §8: both alerts when both sides fall short', () => {
    const effects = run({ versions: answer({ serverVersion: '1.0', webCodeVersion: '2.0' }) });
    expect(effects.map((e) => (e.kind === 'alert' ? e.which : e.kind))).toEqual([
      'server-too-old',
      'frontend-too-old',
    ]);
  });

  it('spec §5, §8: equal or newer versions raise nothing (1.3 equals 1.3.0)', () => {
    expect(run({ versions: answer({ serverVersion: '1.3', webCodeVersion: '1.2.0' }) })).toEqual(
      [],
    );
    expect(run({ versions: answer({ serverVersion: '1.10.0', webCodeVersion: '1.1.9' }) })).toEqual(
      [],
    );
  });

  it('spec §8: a version missing on either side is not compared', () => {
    expect(run({ versions: answer({ webCodeVersion: '1.0.0' }) })).toEqual([]);
    expect(
      run({
        packageInfo: { ...pkg, serverVersion: '' },
        versions: answer({ serverVersion: '1.0.0', webCodeVersion: '1.0.0' }),
      }),
    ).toEqual([]);
  });

  it('spec §8: package.json failures are silently ignored', () => {
    expect(
      run({ packageInfo: null, versions: answer({ serverVersion: '0.1', webCodeVersion: '9' }) }),
    ).toEqual([]);
  });

  it('spec §7: no alert in development or without a server, package.json being skipped', () => {
    const versions = answer({ serverVersion: '0.1', webCodeVersion: '9' });
    expect(run({ development: true, versions })).toEqual([]);
    expect(run({ isNoServer: true, versions })).toEqual([]);
  });
});

describe("versionEffects, the 'no version endpoint' notification (spec §8)", () => {
  const notify: VersionEffect[] = [{ kind: 'notify-no-version-endpoint' }];

  it.each([
    ['HTTP 404', { kind: 'not-found' }],
    ['body status 404', answer({ serverVersion: '1.0' }, 404)],
    ['an empty body', { kind: 'answer', body: null }],
    ['no data', answer(undefined)],
    ['null data', answer(null)],
    ['data without versions', answer({ date: '2026-01-01' })],
    ['blank versions', answer({ serverVersion: ' ', webCodeVersion: '' })],
  ] as [string, VersionsAnswer][])('spec §8: %s notifies', (_label, versions) => {
    expect(run({ versions })).toEqual(notify);
  });

  it('spec §8: notifies in development too, where only package.json is skipped', () => {
    expect(run({ development: true, versions: { kind: 'not-found' } })).toEqual(notify);
  });

  it('spec §8: other failures and statuses give nothing; a call not made gives nothing', () => {
    expect(run({ versions: { kind: 'failed' } })).toEqual([]);
    expect(run({ versions: answer(null, 500) })).toEqual([]);
    expect(run({ versions: undefined })).toEqual([]);
    expect(run({ isNoServer: true, versions: { kind: 'not-found' } })).toEqual([]);
  });
});

describe('version texts (spec §8, both languages)', () => {
  const alert: VersionEffect = {
    kind: 'alert',
    which: 'server-too-old',
    frontend: '1.2.0',
    server: '1.2.9',
    required: '1.3.0',
  };

  it('spec §8: the server-too-old alert names both versions and the requirement', () => {
    expect(versionEffectText(alert, 'en')).toBe(
      'The server version is too old! Front-end version 1.2.0 requires server version 1.3.0 or later, but the server is version 1.2.9. Please upgrade the server.',
    );
    const zh = versionEffectText(alert, 'zh-CN');
    for (const v of ['1.2.0', '1.2.9', '1.3.0']) expect(zh).toContain(v);
  });

  it('spec §8: the frontend-too-old alert names both versions and the requirement', () => {
    const mirror: VersionEffect = { ...alert, which: 'frontend-too-old', required: '1.5.0' };
    expect(versionEffectText(mirror, 'en')).toBe(
      'The front-end version is too old! Server version 1.2.9 requires front-end version 1.5.0 or later, but the front end is version 1.2.0. Please upgrade the front end.',
    );
    expect(versionEffectText(mirror, 'zh-CN')).toContain('前端版本过低');
  });

  it('spec §8: the notification says the microservice lacks a version endpoint', () => {
    const effect: VersionEffect = { kind: 'notify-no-version-endpoint' };
    expect(versionEffectText(effect, 'en')).toBe(
      'This microservice has no version endpoint. Please contact the back-end engineer!',
    );
    expect(versionEffectText(effect, 'zh-CN')).toBe('该微服务缺少版本接口，请联系后端工程师！');
  });

  it('spec §8: every text exists in zh-CN and en, and a $ in a version is kept as written', () => {
    for (const texts of Object.values(VERSION_TEXT)) {
      expect(texts['zh-CN']).not.toBe('');
      expect(texts.en).not.toBe('');
    }
    expect(versionEffectText({ ...alert, frontend: "1.0$&$'" }, 'en')).toContain("1.0$&$'");
  });
});
