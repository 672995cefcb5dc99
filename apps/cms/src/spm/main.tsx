/**
 * pc_cms_spm, the parent variant of the sample sub-app (issue 3): the notices for the chosen
 * child (the routes: parent-routes.tsx).
 */
import { Outlet } from 'react-router';
import type { SubAppMountContext } from '@campus/sdk/subapp-loader';
import type { AppRoute } from '@campus/ui/router';
import { mountCms } from '../shared/mount-cms.ts';
import { AppNav } from '../shared/AppNav.tsx';
import { parentRoutes } from './parent-routes.tsx';

function ParentLayout() {
  return (
    <div className="cms">
      <AppNav items={[{ to: '/notices', label: 'cms.nav.mine' }]} />
      <Outlet />
    </div>
  );
}

export const PARENT_ROUTES: AppRoute[] = parentRoutes(<ParentLayout />);

/** The viewport calls this with the container of this file (spec §2). */
export function mount(ctx: SubAppMountContext) {
  return mountCms(ctx, PARENT_ROUTES);
}
