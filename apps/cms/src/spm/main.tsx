/**
 * pc_cms_spm, the parent variant of the sample sub-app (issue 3): the notices for the chosen
 * child. Its route has no permission code (parents have no permission tree, spec §6); the
 * server decides which notices the child may see.
 */
import { Outlet } from 'react-router';
import type { SubAppMountContext } from '@campus/sdk/subapp-loader';
import type { AppRoute } from '@campus/ui/router';
import { mountCms } from '../shared/mount-cms.ts';
import { AppNav } from '../shared/AppNav.tsx';
import { ChildNotices } from './ChildNotices.tsx';

function ParentLayout() {
  return (
    <div className="cms">
      <AppNav items={[{ to: '/notices', label: 'cms.nav.mine' }]} />
      <Outlet />
    </div>
  );
}

export const PARENT_ROUTES: AppRoute[] = [
  {
    path: '/',
    element: <ParentLayout />,
    children: [
      { path: '/', redirect: '/notices' },
      { path: '/notices', element: <ChildNotices /> },
    ],
  },
];

/** The viewport calls this with the container of this file (spec §2). */
export function mount(ctx: SubAppMountContext) {
  return mountCms(ctx, PARENT_ROUTES);
}
