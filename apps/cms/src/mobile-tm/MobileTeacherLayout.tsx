import { Outlet } from 'react-router';
import { AppNav } from '../shared/AppNav.tsx';
import { TEACHER_TABS } from './teacher-tabs.ts';
import '../shared/cms-mobile.css';

/**
 * The phone teacher page: one column, the page's content, and the tabs held at the bottom of
 * the screen within reach of a thumb (the pc navigation, laid out as tabs).
 */
export function MobileTeacherLayout() {
  return (
    <div className="cms cms-m cms-m--tabs" data-testid="cms.tm">
      <div className="cms-m__body">
        <Outlet />
      </div>
      <AppNav items={TEACHER_TABS} />
    </div>
  );
}
