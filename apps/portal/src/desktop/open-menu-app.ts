/**
 * Opening an app from the menu (spec §2 Top app-icon menu: "opening an app records it as
 * recently used, writes the access log, and opens its app page").
 */
import type { AppIcon } from '@campus/contracts/desktop';
import type { MeData } from '@campus/contracts/uaa';
import { logAppAccess } from '@campus/sdk/app-calls';
import type { DesktopApi } from '@campus/sdk/desktop-api';
import type { HttpClient } from '@campus/sdk/http-core';
import { goTo } from '../shared/navigation.ts';
import { appPageFor } from './app-menu-rules.ts';

/** How long the two records may hold the page before it changes anyway. */
export const RECORD_WAIT_MS = 1500;

/**
 * Records the app as recently used (10 per user, spec §9) and writes the access log (spec §7
 * user_access_detail, resId the app code), both at once, then opens the app page in this tab.
 * The page changes even when a record fails or is slow: the user asked for the app.
 */
export async function openMenuApp(
  deps: { http: HttpClient; api: DesktopApi; me: MeData; navigate?: (url: string) => void },
  icon: AppIcon,
): Promise<void> {
  const { http, api, me } = deps;
  const records = Promise.allSettled([
    api.recordRecentApp(icon.code),
    logAppAccess(http, {
      userId: me.userId,
      userType: me.userType,
      unitId: me.unitId,
      resId: icon.code,
      resName: icon.name.slice(0, 100) || icon.code,
    }),
  ]);
  await Promise.race([records, new Promise((resolve) => setTimeout(resolve, RECORD_WAIT_MS))]);
  (deps.navigate ?? goTo)(appPageFor(icon, me.userType));
}
