/**
 * Which page body the desktop entry shows for an address (spec §2 routes: /desktop/home,
 * desktop/setting and areaDesktop/setting, the help-centre page, the pc_desktop_all and
 * mobile_desktop_all page folders). One entry serves them all (`PORTAL_PAGES.desktop`); the
 * area desktop is the home of an area user (spec §1 unitType 1, §6 "unit type picks area or
 * regular folders").
 */

/** The page bodies of the desktop entry. */
export type DesktopPageKind =
  'home' | 'areaHome' | 'mobile' | 'setting' | 'areaSetting' | 'help' | 'notFound';

import { isArea } from '@campus/contracts/user-types';
import { HELP_CENTRE_PATH } from '@campus/contracts/pages';

export { HELP_CENTRE_PATH };

/** The path without a trailing `/` (but `/` itself stays), lower-cased for matching. */
function normalise(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed.toLowerCase();
}

/**
 * The page for a path and the user's unit type.
 *
 * @example
 * pageForPath('/desktop/home', 2); // 'home'
 * pageForPath('/desktop/home', 1); // 'areaHome'
 * pageForPath('/pages/desktop/mobile_desktop_all/index.html', 2); // 'mobile'
 * pageForPath('/areaDesktop/setting', 1); // 'areaSetting'
 */
export function pageForPath(pathname: string, unitType: number | undefined): DesktopPageKind {
  const path = normalise(pathname);
  const area = unitType !== undefined && isArea(unitType);
  if (path === '/desktop/setting') return area ? 'areaSetting' : 'setting';
  if (path === '/areadesktop/setting') return 'areaSetting';
  if (
    path === HELP_CENTRE_PATH.toLowerCase() ||
    path === `${HELP_CENTRE_PATH.toLowerCase()}/index.html`
  )
    return 'help';
  // Spec §2 page index folders: pc_desktop_{all,tm,spm} and mobile_desktop_{…}, under pages/
  // or an area root.
  const folder = /^\/(?:[\w-]+\/)?desktop\/(pc|mobile)_desktop_[\w-]+(?:\/index\.html)?$/.exec(
    path,
  );
  if (folder) {
    if (folder[1] === 'mobile') return 'mobile';
    return area ? 'areaHome' : 'home';
  }
  if (path === '/desktop/home' || path === '/desktop' || path === '/')
    return area ? 'areaHome' : 'home';
  if (path === '/areadesktop/home' || path === '/areadesktop') return 'areaHome';
  return 'notFound';
}

/** Pages that are "the desktop" proper: where the to-do popup of spec §2 appears. */
export function isDesktopHome(kind: DesktopPageKind): boolean {
  return kind === 'home' || kind === 'areaHome';
}
