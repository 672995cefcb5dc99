/** The app console's input rules (issue 13 §2): what a code, path, route or list may be. */
import { describe, expect, it } from 'vitest';
import {
  appCode,
  dateText,
  deployPath,
  menuRoute,
  permissionCode,
  roleName,
  userTypeList,
  versionText,
} from './app-rules.ts';

describe('app console rules', () => {
  it('takes plain codes and refuses traversal, separators and reserved names', () => {
    expect(appCode(' cms ')).toBe('cms');
    expect(appCode('area_cms-2')).toBe('area_cms-2');
    for (const bad of ['', '../etc', 'a/b', 'a.b', '1cms', 'api', 'Pages', 'x'.repeat(65)]) {
      expect(appCode(bad), bad).toBeNull();
    }
    expect(roleName('XX_SYS_')).toBe('XX_SYS_');
    expect(roleName('a b')).toBeNull();
    expect(permissionCode('cms:notice:list')).toBe('cms:notice:list');
    expect(permissionCode('cms notice')).toBeNull();
  });

  it('takes a deploy path that stays on the site or is an http(s) address', () => {
    expect(deployPath('')).toEqual({ ok: true, value: null });
    expect(deployPath('/area/')).toEqual({ ok: true, value: '/area' });
    expect(deployPath('https://apps.example/pages/')).toEqual({
      ok: true,
      value: 'https://apps.example/pages',
    });
    for (const bad of [
      '/pages/../etc',
      '//evil.example',
      'javascript:alert(1)',
      'pages',
      '/a\\b',
    ]) {
      expect(deployPath(bad).ok, bad).toBe(false);
    }
    expect(deployPath('https://user:pw@apps.example/').ok).toBe(false);
  });

  it('takes a menu route without climbing or leaving the site', () => {
    expect(menuRoute('/notice/list')).toEqual({ ok: true, value: '/notice/list' });
    expect(menuRoute('/detail/:id')).toEqual({ ok: true, value: '/detail/:id' });
    expect(menuRoute(null)).toEqual({ ok: true, value: null });
    for (const bad of ['//evil.example', '/a/../b', 'notice', '/a b', '/./x']) {
      expect(menuRoute(bad).ok, bad).toBe(false);
    }
  });

  it('normalises user type lists and refuses anything but 1 to 4', () => {
    expect(userTypeList('4, 2,2,1')).toBe('1,2,4');
    expect(userTypeList([3, 2])).toBe('2,3');
    for (const bad of ['', '1,5', '0', '1,,2', 'teacher']) {
      expect(userTypeList(bad), bad).toBeNull();
    }
    expect(userTypeList([])).toBeNull();
  });

  it('takes versions as the version checks compare them, and real dates', () => {
    expect(versionText('1.2.0')).toBe('1.2.0');
    expect(versionText('2.0.0-beta.1')).toBe('2.0.0-beta.1');
    expect(versionText('v2')).toBeNull();
    expect(dateText('2026-02-28')).toBe('2026-02-28');
    expect(dateText('2026-02-30')).toBeNull();
    expect(dateText('26-1-1')).toBeNull();
  });
});
