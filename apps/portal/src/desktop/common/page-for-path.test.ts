import { describe, expect, it } from 'vitest';
import { PORTAL_PAGES } from '@campus/contracts/pages';
import { isSettingsPage } from '@campus/sdk/redirect';
import { HELP_CENTRE_PATH, isDesktopHome, pageForPath } from './page-for-path.ts';

const SCHOOL = 2;
const AREA = 1;

describe('pageForPath (spec §2 routes served by the desktop entry)', () => {
  it.each([
    ['/desktop/home', SCHOOL, 'home'],
    ['/desktop/home/', SCHOOL, 'home'],
    ['/desktop/home', AREA, 'areaHome'],
    ['/pages/desktop/pc_desktop_all/index.html', SCHOOL, 'home'],
    ['/pages/desktop/pc_desktop_tm/index.html', SCHOOL, 'home'],
    ['/pages/desktop/pc_desktop_all/index.html', AREA, 'areaHome'],
    ['/pages/desktop/mobile_desktop_all/index.html', SCHOOL, 'mobile'],
    ['/pages/desktop/mobile_desktop_all/index.html', AREA, 'mobile'],
    ['/area/desktop/pc_desktop_all/index.html', AREA, 'areaHome'],
    ['/desktop/setting', SCHOOL, 'setting'],
    ['/desktop/setting', AREA, 'areaSetting'],
    ['/areaDesktop/setting', AREA, 'areaSetting'],
    ['/areaDesktop/setting', SCHOOL, 'areaSetting'],
    [HELP_CENTRE_PATH, SCHOOL, 'help'],
    ['/helpcenter/', undefined, 'help'],
    ['/desktop/nowhere', SCHOOL, 'notFound'],
    ['/pages/desktop/pc_desktop_all/../../x', SCHOOL, 'notFound'],
  ] as const)('%s for unit type %s is %s', (path, unitType, page) => {
    expect(pageForPath(path, unitType)).toBe(page);
  });

  it('knows every path the server serves with the desktop entry', () => {
    for (const path of PORTAL_PAGES.desktop.paths) {
      expect(pageForPath(path, SCHOOL), path).not.toBe('notFound');
    }
  });

  it('gives the settings pages exactly where the post-login redirect is skipped (spec §4)', () => {
    for (const path of ['/desktop/setting', '/areaDesktop/setting']) {
      expect(isSettingsPage(path)).toBe(true);
      expect(['setting', 'areaSetting']).toContain(pageForPath(path, SCHOOL));
    }
  });

  it('shows the to-do popup on the desktop homes only', () => {
    expect(isDesktopHome('home')).toBe(true);
    expect(isDesktopHome('areaHome')).toBe(true);
    for (const kind of ['mobile', 'setting', 'areaSetting', 'help', 'notFound'] as const) {
      expect(isDesktopHome(kind)).toBe(false);
    }
  });
});
