/**
 * The console's rules, kept pure so they are tested without a browser (issue 13 §1, DESIGN.md
 * §10): which unit is being administered, how a unit is named and typed, which pages the caller
 * may see, and where a unit switch leads. The server checks every call again; these only decide
 * what the console offers.
 */
import type { AdminScope, AdminUnit } from '@campus/contracts/admin';
import { isArea, isSchool } from '@campus/contracts/user-types';
import type { Language } from '@campus/sdk/language';

/** What a page and its rights check read: the caller's whole scope and the unit in hand. */
export interface AdminContext {
  scope: AdminScope;
  unit: AdminUnit;
  /** Asks for the scope again (after a change to it, e.g. a new school), keeping the page. */
  refreshScope?: () => Promise<void>;
}

/** A page's rights: absent means every administrator of the unit (the menu's default). */
export interface RightsFiltered {
  allowed?: (context: AdminContext) => boolean;
}

/** The unit's name in the page language: the English name when en and set (spec §2 Header). */
export function unitName(unit: Pick<AdminUnit, 'name' | 'enName'>, lang: Language): string {
  return lang === 'en' && unit.enName ? unit.enName : unit.name;
}

/** The word for a unit type (spec §1: 1 an area, 2 a school). */
export type UnitKind = 'area' | 'school' | 'other';

export function unitKind(unitType: number): UnitKind {
  if (isArea(unitType)) return 'area';
  if (isSchool(unitType)) return 'school';
  return 'other';
}

/** The caller's own unit: the scope lists it first (contracts `AdminScope`). */
export function ownUnit(scope: AdminScope): AdminUnit | undefined {
  return scope.units[0];
}

export function findUnit(scope: AdminScope, unitId: string | undefined): AdminUnit | undefined {
  return unitId === undefined ? undefined : scope.units.find((u) => u.unitId === unitId);
}

/** The units of the scope directly under `unitId` (an area's schools). */
export function unitsUnder(scope: AdminScope, unitId: string): AdminUnit[] {
  return scope.units.filter((u) => u.parentId === unitId);
}

/**
 * The parent of a unit: the scope's unit when the caller administers it, else only its id
 * (a school admin does not administer the area above the school), or null at the top.
 */
export function parentOf(
  scope: AdminScope,
  unit: AdminUnit,
): { unit: AdminUnit } | { unitId: string } | null {
  if (unit.parentId === null) return null;
  const parent = findUnit(scope, unit.parentId);
  return parent ? { unit: parent } : { unitId: unit.parentId };
}

/** The unit switcher shows when the caller administers more than one unit (an area's admin). */
export function showsUnitSwitcher(scope: AdminScope): boolean {
  return scope.units.length > 1;
}

/** The pages the caller may see for the unit in hand, in menu order. */
export function visiblePages<P extends RightsFiltered>(
  pages: readonly P[],
  context: AdminContext,
): P[] {
  return pages.filter((page) => page.allowed?.(context) ?? true);
}

/**
 * A page's address inside the console's router (its basename is `/admin`): the unit first, so
 * an address names what it administers and can be bookmarked or shared.
 *
 * @example unitPagePath('demo-unit-sunshine', 'overview') // '/demo-unit-sunshine/overview'
 */
export function unitPagePath(unitId: string, pagePath: string): string {
  return `/${encodeURIComponent(unitId)}/${pagePath}`;
}

/** The page segment of a router address `/{unitId}/{page}/…`, or undefined. */
export function pageSegment(pathname: string): string | undefined {
  const segment = pathname.split('/').filter(Boolean)[1];
  return segment === undefined ? undefined : decodeURIComponent(segment);
}

/**
 * Where a unit switch goes: the same page for the other unit when the caller may see it there,
 * else that unit's first page.
 */
export function pathAfterSwitch(
  pathname: string,
  next: AdminUnit,
  pagesForNext: readonly { path: string }[],
): string {
  const current = pageSegment(pathname);
  const same = pagesForNext.find((page) => page.path === current);
  const target = same ?? pagesForNext[0];
  return target ? unitPagePath(next.unitId, target.path) : `/${encodeURIComponent(next.unitId)}`;
}
