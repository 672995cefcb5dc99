/**
 * pc_cms_tm, the teacher variant of the sample sub-app (issue 3): lists and publishes notices and
 * shows the read-count table. Its routes carry the permission codes of the cms menu, so the
 * router drops what the user may not open (spec §2) and the access check (spec §6) refuses
 * addresses outside the user's menu.
 */
import type { SubAppMountContext } from '@campus/sdk/subapp-loader';
import type { AppRoute } from '@campus/ui/router';
import { mountCms } from '../shared/mount-cms.ts';
import { ReadCounts } from './ReadCounts.tsx';
import { TeacherLayout } from './TeacherLayout.tsx';
import { teacherRoutes } from './teacher-routes.tsx';

export const TEACHER_ROUTES: AppRoute[] = teacherRoutes({
  layout: <TeacherLayout />,
  readCounts: <ReadCounts />,
});

/** The viewport calls this with the container of this file (spec §2). */
export function mount(ctx: SubAppMountContext) {
  return mountCms(ctx, TEACHER_ROUTES);
}
