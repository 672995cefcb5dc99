/**
 * Opening an app from the desktop's own widgets (recent apps, the mobile app grid): spec §2
 * "opening an app records it as recently used, writes the access log, and opens its app page",
 * after the app's licence check (spec §4, cached per app), so an expired app shows the
 * licence dialog here instead of a page that could only block.
 */
import type { AppIcon } from '@campus/contracts/desktop';
import type { MeData } from '@campus/contracts/uaa';
import { appPagePath, idPathVariant } from '@campus/sdk/app-paths';
import { logAppAccess } from '@campus/sdk/app-calls';
import type { DesktopApi } from '@campus/sdk/desktop-api';
import type { HttpClient } from '@campus/sdk/http-core';
import type { Language } from '@campus/sdk/language';
import { checkLicence } from '@campus/sdk/licence';
import { goTo } from '../../shared/navigation.ts';
import { appLicenceNotice } from '../dialogs/app-licence-notice.ts';
import { succeeded } from './desktop-data.ts';

/** The app's display name in the language (spec §3 englishName). */
export function appName(app: Pick<AppIcon, 'name' | 'englishName'>, lang: Language): string {
  return lang === 'en' && app.englishName ? app.englishName : app.name;
}

/** The short name for tiles (spec §3 shortName, englishShortName). */
export function appShortName(
  app: Pick<AppIcon, 'name' | 'shortName' | 'englishName' | 'englishShortName'>,
  lang: Language,
): string {
  if (lang === 'en') return app.englishShortName || app.englishName || app.shortName || app.name;
  return app.shortName || app.name;
}

/** The app page an icon opens for this user (spec §2 app pages, §6 id path). */
export function appPageFor(app: AppIcon, me: Pick<MeData, 'userType'>, mobile: boolean): string {
  return appPagePath({
    code: app.code,
    serverId: app.serverId,
    deployPath: app.deployPath,
    idPath: idPathVariant(me.userType),
    mobile,
  });
}

/** Opens an app; resolves false when its licence has expired and the notice was shown. */
export async function openApp(
  deps: { http: HttpClient; api: DesktopApi; me: MeData; lang: Language; mobile: boolean },
  app: AppIcon,
): Promise<boolean> {
  const { http, api, me, lang } = deps;
  const valid = await checkLicence({ http, unitId: me.unitId, appCode: app.code });
  if (!valid) {
    appLicenceNotice.show({ code: app.code, name: appName(app, lang) });
    return false;
  }
  // Both are written before the page changes, in parallel; a failure does not stop the app.
  await Promise.all([
    succeeded(api.recordRecentApp(app.code)),
    logAppAccess(http, {
      userId: me.userId,
      userType: me.userType,
      unitId: me.unitId,
      resId: app.code,
      resName: app.name,
    }),
  ]);
  goTo(appPageFor(app, me, deps.mobile));
  return true;
}
