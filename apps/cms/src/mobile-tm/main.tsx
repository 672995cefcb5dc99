/**
 * mobile_cms_tm, the phone teacher variant of the sample sub-app (spec §2 "the mobile equivalent
 * exists"; issue 10): the pages of pc_cms_tm with the same routes and permission codes
 * (tm/teacher-routes.tsx), in one column with bottom tabs and the read counts as cards. The
 * access check (spec §6) treats mobile_cms_tm as the teacher module, as it does pc_cms_tm.
 */
import type { SubAppMountContext } from '@campus/sdk/subapp-loader';
import type { AppRoute } from '@campus/ui/router';
import { mountCms } from '../shared/mount-cms.ts';
import { ReadCounts } from '../tm/ReadCounts.tsx';
import { teacherRoutes } from '../tm/teacher-routes.tsx';
import { MobileTeacherLayout } from './MobileTeacherLayout.tsx';
import { ReadCountCards } from './ReadCountCards.tsx';

export const MOBILE_TEACHER_ROUTES: AppRoute[] = teacherRoutes({
  layout: <MobileTeacherLayout />,
  readCounts: <ReadCounts view={ReadCountCards} />,
});

/** The viewport calls this with the container of this file (spec §2). */
export function mount(ctx: SubAppMountContext) {
  return mountCms(ctx, MOBILE_TEACHER_ROUTES, { mobile: true });
}
