/**
 * The start of every cms file: the same init options (spec §3) for each variant, only the
 * route table differs, and the phone pages (mobile_cms_*) say `mobile`, which leaves out the
 * zoom warning (spec §4: no zoom handler on mobile; a phone's pixel ratio is not a zoom). The
 * viewport calls each file's `mount` with its container (spec §2).
 */
import type { SubAppMountContext } from '@campus/sdk/subapp-loader';
import type { AppRoute } from '@campus/ui/router';
import { startApp } from '@campus/ui/start-app';
import { zh } from './zh.ts';
import './cms.css';

export function mountCms(
  ctx: SubAppMountContext,
  routes: AppRoute[],
  page: { mobile?: boolean } = {},
) {
  return startApp({
    ctx,
    zh,
    // Spec §3 limitUserType: cms serves every user type (staff publish, parents read), so a
    // linked teacher and parent can switch in its header (spec §6).
    limitUserType: '1,2,3,4',
    options: {
      appCode: 'cms',
      code: 'cms',
      appName: zh.cms.appName,
      router: routes,
      routerType: 'async',
      theme: true,
      renderingHeader: true,
      mobile: page.mobile === true,
    },
  });
}
