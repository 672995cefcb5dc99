import { Outlet } from 'react-router';
import { AppNav, type NavItem } from '../shared/AppNav.tsx';

/** The teacher variant's pages, each behind its permission code (spec §2, §6). */
export const TEACHER_NAV: readonly NavItem[] = [
  { to: '/notice/list', label: 'cms.nav.list', code: 'cms:notice:list' },
  { to: '/notice/publish', label: 'cms.nav.publish', code: 'cms:notice:publish' },
  { to: '/notice/reads', label: 'cms.nav.reads', code: 'cms:notice:reads' },
  { to: '/stats', label: 'cms.nav.stats', code: 'cms:stats' },
];

export function TeacherLayout() {
  return (
    <div className="cms" data-testid="cms.tm">
      <AppNav items={TEACHER_NAV} />
      <Outlet />
    </div>
  );
}
