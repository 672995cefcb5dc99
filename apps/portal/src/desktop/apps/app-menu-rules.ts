/**
 * The app-icon menu's rules, pure (spec §2 Top app-icon menu and Left layout, §3 App icon and
 * App group, §6 roles, §9 numbers): how many icons the top bar holds, how wide the expand panel
 * is, who sees group headings and who may drag, how a drag reorders the icons, how apps are
 * named, and which page an icon opens.
 */
import { isSchool, isTeacherOrStaff, landingVariant } from '@campus/contracts/user-types';
import type { AppGroup, AppIcon, UnreadCodeCount } from '@campus/contracts/desktop';
import { appIconUrl, iconVariantForTheme } from '@campus/contracts/storage';
import { appPagePath } from '@campus/sdk/app-paths';
import type { Language } from '@campus/sdk/language';

/** Spec §9: the top bar shows at most 10 icons. */
export const TOP_BAR_MAX_ICONS = 10;
/** Spec §9: each top-bar icon sits in a 60 px slot. */
export const ICON_SLOT_PX = 60;

/** Spec §2, §9: the expand panel's width cap, and the wider one for school teachers and staff. */
export const PANEL_WIDTH = { default: 672, wide: 780 } as const;

/**
 * The expand panel's width cap (spec §2, §9): 780 for a school (unitType 2) user of type 2 or
 * 4, else 672.
 *
 * @example panelWidth(2, 2) // 780
 * @example panelWidth(1, 2) // 672
 * @example panelWidth(2, 3) // 672
 */
export function panelWidth(unitType: number, userType: number): number {
  return isSchool(unitType) && isTeacherOrStaff(userType) ? PANEL_WIDTH.wide : PANEL_WIDTH.default;
}

/** Spec §2, §6: group headings appear only for user types 2 and 4. */
export function showGroupHeadings(userType: number): boolean {
  return isTeacherOrStaff(userType);
}

/** Spec §2, §6: teachers and type 4 can drag icons. */
export function canDragIcons(userType: number): boolean {
  return isTeacherOrStaff(userType);
}

/** Every icon in menu order: groups in order, icons in their (drag) order within a group. */
export function flattenIcons(groups: readonly AppGroup[]): AppIcon[] {
  return groups.flatMap((group) => group.iconVMs);
}

/** Spec §2, §9: the top bar's icons, the first 10 in menu order. */
export function topBarIcons(groups: readonly AppGroup[]): AppIcon[] {
  return flattenIcons(groups).slice(0, TOP_BAR_MAX_ICONS);
}

/** One block of the expand panel or the sidebar: a group under its heading, or every icon. */
export interface MenuSection {
  key: string;
  /** The group's heading; null when headings are not shown. */
  title: string | null;
  icons: AppIcon[];
}

/**
 * How the expand panel and the sidebar list the apps (spec §2, §6): by group under headings for
 * user types 2 and 4, else every icon in one block without a heading.
 */
export function menuSections(
  groups: readonly AppGroup[],
  userType: number,
  lang: Language,
): MenuSection[] {
  if (!showGroupHeadings(userType)) {
    return [{ key: 'all', title: null, icons: flattenIcons(groups) }];
  }
  return groups.map((group) => ({
    key: group.code,
    title: groupLabel(group, lang),
    icons: group.iconVMs,
  }));
}

/** The codes in menu order: what POST icon_order saves. */
export function iconOrder(groups: readonly AppGroup[]): string[] {
  return flattenIcons(groups).map((icon) => icon.code);
}

/** The group an icon belongs to, or null. */
export function groupOf(groups: readonly AppGroup[], code: string): AppGroup | null {
  return groups.find((group) => group.iconVMs.some((icon) => icon.code === code)) ?? null;
}

/**
 * Whether `code` may be dropped onto `target`: both in the same group, and not the same icon.
 * The server keeps icons inside their group (my_app_icon answers by group), so a move across
 * groups could not persist; the menu refuses it rather than showing an order that a reload
 * would undo.
 */
export function canDrop(groups: readonly AppGroup[], code: string, target: string): boolean {
  if (code === target) return false;
  const group = groupOf(groups, code);
  return group !== null && group.iconVMs.some((icon) => icon.code === target);
}

/**
 * The groups after dropping `code` onto `target` (spec §2 drag): the icon takes the target's
 * place and the icons between shift by one. Null when the drop is not allowed ({@link canDrop}).
 *
 * @example moveIcon(groups, 'exam', 'timetable') // exam now sits where timetable was
 */
export function moveIcon(
  groups: readonly AppGroup[],
  code: string,
  target: string,
): AppGroup[] | null {
  if (!canDrop(groups, code, target)) return null;
  return groups.map((group) => {
    const from = group.iconVMs.findIndex((icon) => icon.code === code);
    const to = group.iconVMs.findIndex((icon) => icon.code === target);
    if (from < 0 || to < 0) return group;
    const icons = [...group.iconVMs];
    const [moved] = icons.splice(from, 1);
    if (!moved) return group;
    icons.splice(to, 0, moved);
    return { ...group, iconVMs: icons };
  });
}

/**
 * The groups after moving `code` one place towards `direction` inside its group (the keyboard
 * form of the drag); null at the group's edge.
 */
export function stepIcon(
  groups: readonly AppGroup[],
  code: string,
  direction: -1 | 1,
): AppGroup[] | null {
  const group = groupOf(groups, code);
  if (!group) return null;
  const index = group.iconVMs.findIndex((icon) => icon.code === code);
  const neighbour = group.iconVMs[index + direction];
  return neighbour ? moveIcon(groups, code, neighbour.code) : null;
}

/**
 * Spec §3 unReadCodeCount: the per-app unread counts of the dedicated call replace those the
 * icons came with (the call is the fresher of the two); an app it does not list has none.
 */
export function withUnreadCounts(
  groups: readonly AppGroup[],
  counts: UnreadCodeCount | null,
): AppGroup[] {
  if (!counts) return [...groups];
  return groups.map((group) => ({
    ...group,
    iconVMs: group.iconVMs.map((icon) => ({ ...icon, unReadCodeCount: counts[icon.code] ?? 0 })),
  }));
}

/**
 * An app's name in the page language (spec §3 englishName): the title of its tiles and the name
 * the licence notice gives.
 */
export function appName(app: Pick<AppIcon, 'name' | 'englishName'>, lang: Language): string {
  return lang === 'en' && app.englishName ? app.englishName : app.name;
}

/**
 * The short name a tile shows (spec §3 shortName, englishShortName), falling back to the
 * longer names of the language, then to the Chinese short name.
 *
 * @example appShortName({ name: '信息发布', shortName: '信息', englishName: 'Notices', englishShortName: '' }, 'en') // 'Notices'
 */
export function appShortName(
  app: Pick<AppIcon, 'name' | 'shortName' | 'englishName' | 'englishShortName'>,
  lang: Language,
): string {
  if (lang === 'en') return app.englishShortName || app.englishName || app.shortName || app.name;
  return app.shortName || app.name;
}

/** A group's heading in the page language. */
export function groupLabel(group: AppGroup, lang: Language): string {
  return lang === 'en' && group.englishName ? group.englishName : group.name;
}

/**
 * The icon image for the current theme (spec §3: gray, colour, cartoon), so a theme change
 * shows the new set at once, without asking the server again.
 */
export function iconImageFor(code: string, theme: string | null | undefined): string {
  return appIconUrl(code, iconVariantForTheme(theme));
}

/**
 * The page an icon opens (spec §2 app pages): `{deployPath or pages}/{serverId}/{pc or
 * mobile}_{code}_{tm or spm}/index.html`, the variant by user type (spec §6 landing reading: 2
 * and 4 tm, others spm; the id-path reading agrees on types 1 to 4). The mobile page is the one
 * the mobile desktop (mobile_desktop_all) opens.
 *
 * @example appPageFor({ code: 'cms', serverId: 'cms', deployPath: null }, 2) // '/pages/cms/pc_cms_tm/index.html'
 * @example appPageFor({ code: 'cms', serverId: 'cms', deployPath: null }, 3, { mobile: true }) // '/pages/cms/mobile_cms_spm/index.html'
 */
export function appPageFor(
  icon: Pick<AppIcon, 'code' | 'serverId' | 'deployPath'>,
  userType: number,
  options: { mobile?: boolean } = {},
): string {
  return appPagePath({
    code: icon.code,
    serverId: icon.serverId || icon.code,
    deployPath: icon.deployPath,
    idPath: landingVariant(userType),
    mobile: options.mobile ?? false,
  });
}
