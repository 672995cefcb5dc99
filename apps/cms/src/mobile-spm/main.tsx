/**
 * mobile_cms_spm, the phone parent variant of the sample sub-app (spec §2 "the mobile equivalent
 * exists"; issue 10): the chosen child's notices of pc_cms_spm (spm/parent-routes.tsx), in one
 * column; opening a notice records the read, as on pc.
 */
import { Outlet } from 'react-router';
import type { SubAppMountContext } from '@campus/sdk/subapp-loader';
import type { AppRoute } from '@campus/ui/router';
import { mountCms } from '../shared/mount-cms.ts';
import { parentRoutes } from '../spm/parent-routes.tsx';
import '../shared/cms-mobile.css';

/** One page, so no navigation: the notices fill the phone's screen. */
function MobileParentLayout() {
  return (
    <div className="cms cms-m">
      <Outlet />
    </div>
  );
}

export const MOBILE_PARENT_ROUTES: AppRoute[] = parentRoutes(<MobileParentLayout />);

/** The viewport calls this with the container of this file (spec §2). */
export function mount(ctx: SubAppMountContext) {
  return mountCms(ctx, MOBILE_PARENT_ROUTES, { mobile: true });
}
