import { describe, expect, it } from 'vitest';
import type { AppGroup, AppIcon } from '@campus/contracts/desktop';
import {
  appName,
  appPageFor,
  appShortName,
  canDragIcons,
  canDrop,
  groupLabel,
  iconImageFor,
  iconOrder,
  ICON_SLOT_PX,
  menuSections,
  moveIcon,
  panelWidth,
  showGroupHeadings,
  stepIcon,
  TOP_BAR_MAX_ICONS,
  topBarIcons,
  withUnreadCounts,
} from './app-menu-rules.ts';

function icon(code: string, overrides: Partial<AppIcon> = {}): AppIcon {
  return {
    code,
    name: `${code}-zh`,
    shortName: `${code}-short`,
    englishName: `${code}-en`,
    englishShortName: `${code}-en-short`,
    serverId: code,
    deployPath: null,
    iconImg: `/api/storage/app-icon/${code}/color`,
    updateStatus: 1,
    menuRoute: null,
    frontUserType: '1,2,3,4',
    limitUserType: '1,2,3,4',
    unReadCodeCount: 0,
    ...overrides,
  };
}

const group = (code: string, codes: string[]): AppGroup => ({
  code,
  name: `${code}-zh`,
  englishName: `${code}-en`,
  iconVMs: codes.map((c) => icon(c)),
});

const groups = [
  group('teaching', ['edu', 'timetable', 'homework', 'exam', 'evaluate', 'lesson']),
  group('campus', ['base', 'repair', 'attendance', 'visitor']),
  group('home', ['cms', 'leave', 'library', 'canteen', 'growth']),
];

describe('the top bar (spec §2, §9)', () => {
  it('holds at most 10 icons, in menu order, each in a 60 px slot', () => {
    expect(TOP_BAR_MAX_ICONS).toBe(10);
    expect(ICON_SLOT_PX).toBe(60);
    const bar = topBarIcons(groups);
    expect(bar).toHaveLength(10);
    expect(bar.map((i) => i.code).slice(0, 7)).toEqual([
      'edu',
      'timetable',
      'homework',
      'exam',
      'evaluate',
      'lesson',
      'base',
    ]);
    expect(topBarIcons([group('g', ['a', 'b'])])).toHaveLength(2);
    expect(topBarIcons([])).toEqual([]);
  });
});

describe('the expand panel (spec §2, §9: 672, or 780 for unitType 2 with userType 2 or 4)', () => {
  it.each([
    [2, 2, 780],
    [2, 4, 780],
    [2, 1, 672],
    [2, 3, 672],
    [1, 2, 672],
    [1, 4, 672],
    [1, 1, 672],
  ])('unitType %i, userType %i: %i px', (unitType, userType, width) => {
    expect(panelWidth(unitType, userType)).toBe(width);
  });

  it('shows group headings only for user types 2 and 4', () => {
    expect([1, 2, 3, 4, 5].map(showGroupHeadings)).toEqual([false, true, false, true, false]);
  });

  it('lists the apps by group under headings for types 2 and 4, else in one block', () => {
    const teacher = menuSections(groups, 2, 'en');
    expect(teacher.map((s) => [s.key, s.title, s.icons.length])).toEqual([
      ['teaching', 'teaching-en', 6],
      ['campus', 'campus-en', 4],
      ['home', 'home-en', 5],
    ]);
    expect(menuSections(groups, 4, 'zh-CN')[0]?.title).toBe('teaching-zh');
    const parent = menuSections(groups, 3, 'en');
    expect(parent).toHaveLength(1);
    expect(parent[0]?.title).toBeNull();
    expect(parent[0]?.icons.map((i) => i.code)).toEqual(iconOrder(groups));
  });
});

describe('dragging icons (spec §2, §6: teachers and type 4)', () => {
  it('is for user types 2 and 4 only', () => {
    expect([1, 2, 3, 4].map(canDragIcons)).toEqual([false, true, false, true]);
  });

  it('moves an icon to the place of the one it is dropped on, in both directions', () => {
    const forward = moveIcon(groups, 'timetable', 'evaluate');
    expect(forward?.[0]?.iconVMs.map((i) => i.code)).toEqual([
      'edu',
      'homework',
      'exam',
      'evaluate',
      'timetable',
      'lesson',
    ]);
    const back = moveIcon(groups, 'canteen', 'cms');
    expect(back?.[2]?.iconVMs.map((i) => i.code)).toEqual([
      'canteen',
      'cms',
      'leave',
      'library',
      'growth',
    ]);
    expect(iconOrder(back ?? [])).toHaveLength(15);
    expect(iconOrder(back ?? []).slice(10)).toEqual([
      'canteen',
      'cms',
      'leave',
      'library',
      'growth',
    ]);
  });

  it('keeps icons inside their group and leaves the input untouched', () => {
    expect(canDrop(groups, 'cms', 'edu')).toBe(false);
    expect(canDrop(groups, 'cms', 'cms')).toBe(false);
    expect(canDrop(groups, 'nope', 'cms')).toBe(false);
    expect(moveIcon(groups, 'cms', 'edu')).toBeNull();
    moveIcon(groups, 'timetable', 'evaluate');
    expect(groups[0]?.iconVMs[1]?.code).toBe('timetable');
  });

  it('steps an icon one place with the keyboard, stopping at the group edge', () => {
    expect(stepIcon(groups, 'timetable', -1)?.[0]?.iconVMs[0]?.code).toBe('timetable');
    expect(stepIcon(groups, 'edu', -1)).toBeNull();
    expect(stepIcon(groups, 'visitor', 1)).toBeNull();
  });
});

describe('icons, names and pages', () => {
  it('takes the per-app unread counts of unReadCodeCount', () => {
    const merged = withUnreadCounts(groups, { cms: 13, edu: 2 });
    expect(merged[2]?.iconVMs[0]?.unReadCodeCount).toBe(13);
    expect(merged[0]?.iconVMs[0]?.unReadCodeCount).toBe(2);
    expect(merged[1]?.iconVMs[0]?.unReadCodeCount).toBe(0);
    expect(withUnreadCounts(groups, null)).toEqual(groups);
  });

  it('uses the English names in en and the icon set of the theme (spec §3)', () => {
    const cms = icon('cms', { englishShortName: '' });
    expect(appName(cms, 'en')).toBe('cms-en');
    expect(appShortName(cms, 'en')).toBe('cms-en');
    expect(appName(cms, 'zh-CN')).toBe('cms-zh');
    expect(appShortName(cms, 'zh-CN')).toBe('cms-short');
    expect(appShortName(icon('cms'), 'en')).toBe('cms-en-short');
    expect(groupLabel(group('g', []), 'en')).toBe('g-en');
    expect(iconImageFor('cms', 'cartoon')).toBe('/api/storage/app-icon/cms/cartoon');
    expect(iconImageFor('cms', 'ink')).toBe('/api/storage/app-icon/cms/gray');
    expect(iconImageFor('cms', 'lotus')).toBe('/api/storage/app-icon/cms/gray');
    expect(iconImageFor('cms', null)).toBe('/api/storage/app-icon/cms/color');
  });

  it('opens the tm page for types 2 and 4 and the spm page for the others (spec §2, §6)', () => {
    const cms = icon('cms');
    expect(appPageFor(cms, 2)).toBe('/pages/cms/pc_cms_tm/index.html');
    expect(appPageFor(cms, 4)).toBe('/pages/cms/pc_cms_tm/index.html');
    expect(appPageFor(cms, 3)).toBe('/pages/cms/pc_cms_spm/index.html');
    expect(appPageFor(cms, 1)).toBe('/pages/cms/pc_cms_spm/index.html');
    expect(appPageFor(icon('x', { serverId: 'srv', deployPath: '/apps' }), 2)).toBe(
      '/apps/srv/pc_x_tm/index.html',
    );
    // An icon without a server id lives in the folder of its code.
    expect(appPageFor(icon('x', { serverId: '' }), 3)).toBe('/pages/x/pc_x_spm/index.html');
  });

  it('opens the mobile page from the mobile desktop (spec §2 app pages, mobile equivalent)', () => {
    const cms = icon('cms');
    expect(appPageFor(cms, 2, { mobile: true })).toBe('/pages/cms/mobile_cms_tm/index.html');
    expect(appPageFor(cms, 3, { mobile: true })).toBe('/pages/cms/mobile_cms_spm/index.html');
    expect(appPageFor(cms, 3, { mobile: false })).toBe('/pages/cms/pc_cms_spm/index.html');
  });

  it('falls back from the missing names of a language (spec §3 shortName, englishShortName)', () => {
    const bare = icon('lib', { englishName: '', englishShortName: '', shortName: '' });
    expect(appName(bare, 'en')).toBe('lib-zh');
    expect(appShortName(bare, 'en')).toBe('lib-zh');
    expect(appShortName(bare, 'zh-CN')).toBe('lib-zh');
    expect(appShortName({ ...bare, shortName: 'lib-short' }, 'en')).toBe('lib-short');
  });
});
