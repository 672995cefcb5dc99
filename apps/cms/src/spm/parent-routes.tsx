/**
 * The parent page of cms, one table for pc_cms_spm and mobile_cms_spm: they differ only in the
 * layout around it. The route has no permission code (parents have no permission tree, spec
 * §6); the server decides which notices the child may see.
 */
import type { ReactElement } from 'react';
import type { AppRoute } from '@campus/ui/router';
import { ChildNotices } from './ChildNotices.tsx';

export function parentRoutes(layout: ReactElement): AppRoute[] {
  return [
    {
      path: '/',
      element: layout,
      children: [
        { path: '/', redirect: '/notices' },
        { path: '/notices', element: <ChildNotices /> },
      ],
    },
  ];
}
