import { describe, expect, it } from 'vitest';
import { PORTAL_PAGES } from '@campus/contracts/pages';
import { screenForPath } from './login-screens.ts';

describe('screenForPath (spec §2 routes served by the login entry)', () => {
  it.each([
    ['/login', 'login'],
    ['/login/', 'login'],
    ['/forgetPassword', 'forget'],
    ['/bind', 'bind'],
    ['/bind/', 'bind'],
    ['/needtologinpagerelogin', 'relogin'],
    ['/authorize', 'authorize'],
  ] as const)('%s shows the %s screen', (path, screen) => {
    expect(screenForPath(path)).toBe(screen);
  });

  it('covers every path the server sends to login.html', () => {
    for (const path of PORTAL_PAGES.login.paths) expect(screenForPath(path)).toBeTypeOf('string');
    expect(new Set(PORTAL_PAGES.login.paths.map(screenForPath))).toEqual(
      new Set(['login', 'forget', 'bind', 'relogin']),
    );
    expect(PORTAL_PAGES.authorize.paths.map(screenForPath)).toEqual(['authorize']);
  });
});
