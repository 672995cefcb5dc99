/**
 * The teacher pages of cms and their permission codes (spec §2, §6), one table for pc_cms_tm
 * and mobile_cms_tm: the two differ only in the layout around the pages and in how the read
 * counts are drawn, so a code or a route changed here changes both.
 */
import type { ReactElement } from 'react';
import type { AppRoute } from '@campus/ui/router';
import { NoticeList } from './NoticeList.tsx';
import { PublishNotice } from './PublishNotice.tsx';
import { Stats } from './Stats.tsx';

export function teacherRoutes(parts: {
  layout: ReactElement;
  readCounts: ReactElement;
}): AppRoute[] {
  return [
    {
      path: '/',
      element: parts.layout,
      children: [
        { path: '/', redirect: '/notice/list' },
        { path: '/notice/list', element: <NoticeList />, meta: { code: 'cms:notice:list' } },
        {
          path: '/notice/publish',
          element: <PublishNotice />,
          meta: { code: 'cms:notice:publish' },
        },
        { path: '/notice/reads', element: parts.readCounts, meta: { code: 'cms:notice:reads' } },
        { path: '/stats', element: <Stats />, meta: { code: 'cms:stats' } },
      ],
    },
  ];
}
