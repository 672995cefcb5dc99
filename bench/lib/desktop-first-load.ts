/**
 * The load of a desktop's first open after a sign-in, shared by bench/bell-time and bench/faults:
 * the demo accounts the virtual users sign in as, in turn (staff and parents alike), and the
 * desktop's first-load API calls as Chromium records them for /desktop/home (the images it loads,
 * the unit logo and app icons, are left out: a browser caches them).
 */
import { baseEndpoints } from '@campus/contracts/base';
import { desktopEndpoints } from '@campus/contracts/desktop';
import { uaaEndpoints } from '@campus/contracts/uaa';

/** The demo school every bench signs in to. */
export const BENCH_UNIT = 'demo-unit-sunshine';

export const BENCH_ACCOUNTS = [
  { username: 'teacher', password: 'Teacher@2026', userId: 'demo-user-teacher' },
  { username: 'parent', password: 'Parent@2026', userId: 'demo-user-parent' },
] as const;

/** The desktop's first-load calls for `userId`, with the cache-busting stamps the SDK adds. */
export function desktopCalls(userId: string): string[] {
  const stamp = `_t=${Date.now()}`;
  return [
    `${baseEndpoints.themeColor.path}?${stamp}`,
    `${uaaEndpoints.me.path}?${stamp}`,
    `${desktopEndpoints.unhandleCount.path}?${stamp}`,
    desktopEndpoints.messageConfig.path,
    baseEndpoints.adminRole.path.replace(':userId', userId),
    `${desktopEndpoints.recentApps.path}?${stamp}`,
    `${desktopEndpoints.todoPage.path}?start=0&size=3&${stamp}`,
    `${desktopEndpoints.unreadMessages.path}?${stamp}`,
    `${uaaEndpoints.unitConfig.path}?unitId=${BENCH_UNIT}`,
    `${baseEndpoints.licence.path}?unitId=${BENCH_UNIT}&serverId=desktop&${stamp}`,
    `${desktopEndpoints.appIcons.path}?userId=${userId}&unitId=${BENCH_UNIT}&appType=1`,
    `${desktopEndpoints.unreadCodeCount.path}?${stamp}`,
  ];
}
