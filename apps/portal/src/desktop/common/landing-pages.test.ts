/**
 * Every landing page the redirect rules can produce is served by the desktop entry and shows
 * the right desktop page (issue 10 §4 "chat clients"): the spec §4 order after sign-in (settings,
 * redirect_uri, jump page, the chat clients' app page by user type, mobile or PC desktop) and the
 * spec §2 rule for a redirect path naming an app, here the desktop itself.
 */
import { describe, expect, it } from 'vitest';
import { DESKTOP_PATH, MOBILE_DESKTOP_PATH, PORTAL_PAGES } from '@campus/contracts/pages';
import { USER_TYPES, UnitType } from '@campus/contracts/user-types';
import { redirectAppPage } from '@campus/sdk/app-paths';
import { CLIENT_KINDS } from '@campus/sdk/platform';
import { resolvePostLoginTarget } from '@campus/sdk/redirect';
import type { ScreenClass } from '@campus/sdk/screen';
import { pageForPath, type DesktopPageKind } from './page-for-path.ts';

const SCREENS: ScreenClass[] = ['pc', 'ipad', 'mobile'];
const USERS = [...USER_TYPES, undefined];
const SERVED: readonly string[] = PORTAL_PAGES.desktop.paths;

/** The desktop page a landing address must show for a school user and for an area user. */
function expectedPages(target: string): [DesktopPageKind, DesktopPageKind] {
  return target.includes('/mobile_') ? ['mobile', 'mobile'] : ['home', 'areaHome'];
}

function expectLanding(target: string | null): void {
  expect(target).not.toBeNull();
  const path = target ?? '';
  expect(SERVED, path).toContain(path);
  const [school, area] = expectedPages(path);
  expect(pageForPath(path, UnitType.school), path).toBe(school);
  expect(pageForPath(path, UnitType.area), path).toBe(area);
}

describe('the spec §4 redirect order lands on pages the desktop entry serves', () => {
  it('every client, screen and user type, with no redirect_uri and no jump page', () => {
    const targets = new Set<string>();
    for (const client of CLIENT_KINDS) {
      for (const screen of SCREENS) {
        for (const userType of USERS) {
          const target = resolvePostLoginTarget({
            pageUrl: 'http://school.example/login',
            screen,
            client,
            userType,
          });
          expectLanding(target);
          targets.add(target ?? '');
        }
      }
    }
    // The outputs themselves, so a new rule shows up here and gets served.
    expect([...targets].sort()).toEqual(
      [
        DESKTOP_PATH,
        MOBILE_DESKTOP_PATH,
        '/pages/desktop/pc_desktop_spm/index.html',
        '/pages/desktop/pc_desktop_tm/index.html',
      ].sort(),
    );
  });

  it('the chat clients send types 2 and 4 to the tm page and the others to spm', () => {
    for (const client of ['social-chat', 'enterprise-chat'] as const) {
      for (const userType of USERS) {
        const variant = userType === 2 || userType === 4 ? 'tm' : 'spm';
        expect(
          resolvePostLoginTarget({
            pageUrl: 'http://school.example/login',
            screen: 'pc',
            client,
            userType,
          }),
        ).toBe(`/pages/desktop/pc_desktop_${variant}/index.html`);
      }
    }
  });
});

describe('the spec §2 redirect-path rule for the desktop lands on served pages', () => {
  it('pc and mobile, tm and spm', () => {
    const targets = new Set<string>();
    for (const mobile of [false, true]) {
      for (const userType of USERS) {
        const target = redirectAppPage('/desktop/home', {
          appCodes: ['desktop'],
          userType,
          mobile,
        });
        expectLanding(target);
        targets.add(target ?? '');
      }
    }
    expect(targets.size).toBe(4);
  });
});
