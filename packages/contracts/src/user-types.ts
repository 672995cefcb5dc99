/**
 * User types and unit types (spec §1, §6), and the rules that read them. Every place that asks
 * "is this a teacher?" or "is this unit an area?" asks here, so the numbers appear once.
 */

/**
 * Spec §1, §6: 1 unit administrators and staff, 2 teachers, 3 parents, 4 other staff.
 *
 * @example me.userType === UserType.parent
 */
export const UserType = {
  unitStaff: 1,
  teacher: 2,
  parent: 3,
  otherStaff: 4,
} as const;
export type UserType = (typeof UserType)[keyof typeof UserType];

/** Every user type, in order. */
export const USER_TYPES: readonly UserType[] = [1, 2, 3, 4];

/** Spec §1: unit type 1 is an area (an education bureau), 2 a school, the default. */
export const UnitType = { area: 1, school: 2 } as const;
export type UnitType = (typeof UnitType)[keyof typeof UnitType];

/** Every unit type, in order. */
export const UNIT_TYPES: readonly UnitType[] = [1, 2];

/** Spec §3 login response: unitType defaults to 2 (a school). */
export const DEFAULT_UNIT_TYPE: UnitType = UnitType.school;

export function isUserType(value: unknown): value is UserType {
  return (USER_TYPES as readonly unknown[]).includes(value);
}

export function isUnitType(value: unknown): value is UnitType {
  return (UNIT_TYPES as readonly unknown[]).includes(value);
}

/**
 * Teachers (2) and type 4 (spec §6): they see grouped app categories, drag icons, load the
 * teacher permission tree and use the teacher ('tm') pages.
 */
export function isTeacherOrStaff(userType: number | undefined): boolean {
  return userType === UserType.teacher || userType === UserType.otherStaff;
}

/** Spec §6: user types 1 and 3 are denied addresses of a teacher module (`pc_{app}_tm`). */
export function isDeniedTeacherPages(userType: number | undefined): boolean {
  return userType === UserType.unitStaff || userType === UserType.parent;
}

/** A page variant: 'tm' (teachers and staff) or 'spm' (the others). */
export type PageVariant = 'tm' | 'spm';

/**
 * The landing reading of spec §6: types 2 and 4 are 'tm', every other type 'spm'. Used where a
 * user is sent to a page (spec §4 redirect order, the redirect-path rule of spec §2). The two
 * readings agree on types 1 to 4 and differ only for an unknown or missing type, which this one
 * sends to the narrower spm page.
 *
 * @example
 * landingVariant(2); // 'tm'
 * landingVariant(undefined); // 'spm'
 */
export function landingVariant(userType: number | undefined): PageVariant {
  return isTeacherOrStaff(userType) ? 'tm' : 'spm';
}

/**
 * The id-path reading of spec §6: types 1 and 3 are 'spm', every other type 'tm'. This is the
 * session's `idPath` (spec §3), which app page addresses use when no explicit variant is given.
 *
 * @example
 * idPathVariant(3); // 'spm'
 * idPathVariant(undefined); // 'tm'
 */
export function idPathVariant(userType: number | undefined): PageVariant {
  return isDeniedTeacherPages(userType) ? 'spm' : 'tm';
}

/** Spec §2, §6: the app menu shows group headings only for types 2 and 4. */
export const showsAppGroups = isTeacherOrStaff;
/** Spec §2, §6: teachers and type 4 can drag icons. */
export const canDragIcons = isTeacherOrStaff;
/** Spec §6: the teacher menu permission tree loads only for user types 2 and 4. */
export const loadsPermissionTree = isTeacherOrStaff;

/** Spec §6: parents (3) pick a child. */
export function isParent(userType: number | undefined): boolean {
  return userType === UserType.parent;
}

/** Spec §1: unit type 1 is an area. */
export function isArea(unitType: number): boolean {
  return unitType === UnitType.area;
}

/** Spec §1: unit type 2 is a school (the default). */
export function isSchool(unitType: number): boolean {
  return unitType === UnitType.school;
}

/**
 * The user types of a comma-separated list, as apps carry them (spec §3 limitUserType,
 * frontUserType): '1,2,4' → [1, 2, 4]; junk entries are skipped.
 */
export function userTypesOf(list: string | null | undefined): number[] {
  return (list ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map(Number);
}
