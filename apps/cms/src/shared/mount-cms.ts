/**
 * The start of either cms file: the same init options (spec §3) for both variants, only the
 * route table differs. The viewport calls each file's `mount` with its container (spec §2).
 */
import type { SubAppMountContext } from '@campus/sdk/subapp-loader';
import type { AppRoute } from '@campus/ui/router';
import { startApp } from '@campus/ui/start-app';
import { zh } from './zh.ts';
import './cms.css';

export function mountCms(ctx: SubAppMountContext, routes: AppRoute[]) {
  return startApp({
    ctx,
    zh,
    options: {
      appCode: 'cms',
      code: 'cms',
      appName: zh.cms.appName,
      router: routes,
      routerType: 'async',
      theme: true,
      renderingHeader: true,
    },
  });
}
