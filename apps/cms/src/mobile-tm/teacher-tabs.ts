/**
 * The bottom tabs of the phone teacher page (mobile_cms_tm): the pc navigation's routes and
 * permission codes (spec §2, §6), so a tab shows exactly when its page may be opened, with the
 * short labels that four tabs across a 375 px screen have room for.
 */
import type { NavItem } from '../shared/AppNav.tsx';
import { TEACHER_NAV } from '../tm/TeacherLayout.tsx';

/** The short tab label of each pc navigation label. */
export const TAB_LABELS: Readonly<Record<string, string>> = {
  'cms.nav.list': 'cms.tab.list',
  'cms.nav.publish': 'cms.tab.publish',
  'cms.nav.reads': 'cms.tab.reads',
  'cms.nav.stats': 'cms.tab.stats',
};

/** A pc navigation item as a tab: the same route and code, its short label when it has one. */
export function asTab(item: NavItem): NavItem {
  return { ...item, label: TAB_LABELS[item.label] ?? item.label };
}

export const TEACHER_TABS: readonly NavItem[] = TEACHER_NAV.map(asTab);
