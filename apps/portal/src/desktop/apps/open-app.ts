/**
 * Opening an app, from the top bar, the expand panel, the left sidebar or the desktop's widgets
 * (spec §2 Top app-icon menu: "opening an app records it as recently used, writes the access
 * log, and opens its app page"). The app's licence is asked first (spec §4 Licence, cached per
 * app), so an expired app shows the licence notice here instead of a page that could only block.
 */
import type { AppIcon } from '@campus/contracts/desktop';
import type { MeData } from '@campus/contracts/uaa';
import { logAppAccess } from '@campus/sdk/app-calls';
import type { DesktopApi } from '@campus/sdk/desktop-api';
import type { HttpClient } from '@campus/sdk/http-core';
import type { Language } from '@campus/sdk/language';
import { checkLicence } from '@campus/sdk/licence';
import { goTo } from '../../shared/navigation.ts';
import { appName, appPageFor } from './app-menu-rules.ts';
import { appLicenceNotice } from './app-licence-notice.ts';

/** How long the two records may hold the page before it changes anyway. */
export const RECORD_WAIT_MS = 1500;

/** The access log's resName: 1 to 100 characters (AccessDetailBodySchema, spec §7 user_access_detail). */
const RES_NAME_MAX = 100;

/** What {@link openApp} works with. */
export interface OpenAppDeps {
  http: HttpClient;
  api: DesktopApi;
  me: MeData;
  lang: Language;
  /** Open the mobile page of the app (from the mobile desktop, spec §2 mobile_desktop_all). */
  mobile: boolean;
  /** Changes the page; the browser's own by default. */
  navigate?: (url: string) => void;
}

/**
 * Opens an app in this tab; resolves false when its licence has expired and the notice was
 * shown instead. Otherwise it records the app as recently used (10 per user, spec §9) and
 * writes the access log (spec §7 user_access_detail, resId the app code), both at once, and
 * changes the page when both are done or after {@link RECORD_WAIT_MS}, whichever comes first:
 * a navigation cancels requests still in flight, and a slow or failed record must not hold
 * back the app the user asked for.
 *
 * @example
 * await openApp({ http, api, me, lang, mobile: false }, icon); // → /pages/cms/pc_cms_tm/index.html
 */
export async function openApp(deps: OpenAppDeps, app: AppIcon): Promise<boolean> {
  const { http, api, me, lang } = deps;
  const valid = await checkLicence({ http, unitId: me.unitId, appCode: app.code });
  if (!valid) {
    appLicenceNotice.show({ code: app.code, name: appName(app, lang) });
    return false;
  }
  const records = Promise.allSettled([
    api.recordRecentApp(app.code),
    logAppAccess(http, {
      userId: me.userId,
      userType: me.userType,
      unitId: me.unitId,
      resId: app.code,
      // An empty name would be refused; the code still tells which app it was.
      resName: app.name.slice(0, RES_NAME_MAX) || app.code,
    }),
  ]);
  await Promise.race([records, new Promise((resolve) => setTimeout(resolve, RECORD_WAIT_MS))]);
  (deps.navigate ?? goTo)(appPageFor(app, me.userType, { mobile: deps.mobile }));
  return true;
}
