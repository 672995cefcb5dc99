import { describe, expect, it } from 'vitest';
import type { AdminScope, AdminUnit } from '@campus/contracts/admin';
import { BodyStatus } from '@campus/contracts/envelope';
import { ADMIN_PAGES } from './admin-pages.ts';
import {
  findUnit,
  ownUnit,
  pageSegment,
  parentOf,
  pathAfterSwitch,
  showsUnitSwitcher,
  unitKind,
  unitName,
  unitPagePath,
  unitsUnder,
  visiblePages,
  type AdminContext,
} from './admin-rules.ts';
import { scopeStateOf } from './admin-scope.ts';

function unit(overrides: Partial<AdminUnit> & Pick<AdminUnit, 'unitId'>): AdminUnit {
  return { name: '阳光小学', enName: null, unitType: 2, parentId: null, ...overrides };
}

const area = unit({ unitId: 'area', name: '东城区', enName: 'East District', unitType: 1 });
const sunshine = unit({ unitId: 'sunshine', name: '阳光小学', parentId: 'area' });
const river = unit({ unitId: 'river', name: '河畔中学', enName: 'Riverside', parentId: 'area' });
const areaScope: AdminScope = { units: [area, sunshine, river] };
const schoolScope: AdminScope = { units: [unit({ unitId: 'sunshine', parentId: 'area' })] };

describe('the units of a scope (issue 13 §1: an area admin also manages the schools under it)', () => {
  it('names a unit in the page language, the Chinese name when it has no English one', () => {
    expect(unitName(area, 'en')).toBe('East District');
    expect(unitName(area, 'zh-CN')).toBe('东城区');
    expect(unitName(sunshine, 'en')).toBe('阳光小学');
  });

  it('words the unit types of spec §1 (1 an area, 2 a school) and anything else as a unit', () => {
    expect([unitKind(1), unitKind(2), unitKind(7)]).toEqual(['area', 'school', 'other']);
  });

  it("takes the caller's own unit first and lists an area's schools", () => {
    expect(ownUnit(areaScope)).toBe(area);
    expect(ownUnit({ units: [] })).toBeUndefined();
    expect(unitsUnder(areaScope, 'area')).toEqual([sunshine, river]);
    expect(unitsUnder(areaScope, 'sunshine')).toEqual([]);
    expect(findUnit(areaScope, 'river')).toBe(river);
    expect(findUnit(areaScope, 'elsewhere')).toBeUndefined();
    expect(findUnit(areaScope, undefined)).toBeUndefined();
  });

  it('gives a parent the caller administers, else only its id, and none at the top', () => {
    expect(parentOf(areaScope, sunshine)).toEqual({ unit: area });
    expect(parentOf(schoolScope, schoolScope.units[0]!)).toEqual({ unitId: 'area' });
    expect(parentOf(areaScope, area)).toBeNull();
  });

  it('shows the unit switcher only to a caller with more than one unit', () => {
    expect(showsUnitSwitcher(areaScope)).toBe(true);
    expect(showsUnitSwitcher(schoolScope)).toBe(false);
  });
});

describe("menus and routes filtered by the caller's rights", () => {
  const pages = [
    { path: 'overview' },
    { path: 'units', allowed: ({ unit: u }: AdminContext) => unitKind(u.unitType) === 'area' },
    { path: 'users', allowed: () => false },
  ];

  it('keeps the pages without a rule and those whose rule allows the unit, in order', () => {
    const forArea = visiblePages(pages, { scope: areaScope, unit: area });
    expect(forArea.map((p) => p.path)).toEqual(['overview', 'units']);
    const forSchool = visiblePages(pages, { scope: areaScope, unit: sunshine });
    expect(forSchool.map((p) => p.path)).toEqual(['overview']);
  });

  it("lists the pages that exist today; OAuth clients only for a top-level unit's administrator", () => {
    const all = [
      'overview',
      'unit',
      'users',
      'import',
      'messages',
      'apps',
      'roles',
      'licences',
      'themes',
      'oauth',
      'versions',
      'faces',
      'audit',
    ];
    expect(ADMIN_PAGES.map((p) => p.path)).toEqual(all);
    // The area's admin, on the area or on one of its schools: every page.
    for (const unit of [area, sunshine]) {
      expect(visiblePages(ADMIN_PAGES, { scope: areaScope, unit }).map((p) => p.path)).toEqual(all);
    }
    // A school under an area: what every unit shares is not the school admin's (issue 13 §2).
    expect(
      visiblePages(ADMIN_PAGES, { scope: schoolScope, unit: schoolScope.units[0]! }).map(
        (p) => p.path,
      ),
    ).toEqual(all.filter((p) => p !== 'oauth'));
  });

  it('keeps menu keys unique, so each page has one route', () => {
    const paths = ADMIN_PAGES.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^[a-z][a-z-]*$/);
  });
});

describe('console addresses (/admin/{unitId}/{page})', () => {
  it('puts the unit first, encoded, and reads the page back', () => {
    expect(unitPagePath('sunshine', 'overview')).toBe('/sunshine/overview');
    expect(unitPagePath('a/b c', 'overview')).toBe('/a%2Fb%20c/overview');
    expect(pageSegment('/sunshine/overview')).toBe('overview');
    expect(pageSegment('/sunshine/overview/extra')).toBe('overview');
    expect(pageSegment('/sunshine')).toBeUndefined();
  });

  it('keeps the page on a unit switch when the other unit has it, else its first page', () => {
    const both = [{ path: 'overview' }, { path: 'users' }];
    expect(pathAfterSwitch('/area/users', river, both)).toBe('/river/users');
    expect(pathAfterSwitch('/area/units', river, both)).toBe('/river/overview');
    expect(pathAfterSwitch('/area/units', river, [])).toBe('/river');
  });
});

describe('the scope answer (403: the not-an-administrator page, never a blank one)', () => {
  it('reads a scope, a refusal, a lost session and a failure', () => {
    expect(scopeStateOf({ status: BodyStatus.ok, data: areaScope })).toEqual({
      kind: 'ready',
      scope: areaScope,
    });
    expect(scopeStateOf({ status: BodyStatus.ok, data: { units: [] } })).toEqual({
      kind: 'notAdmin',
    });
    expect(scopeStateOf({ status: BodyStatus.forbidden, message: 'x' })).toEqual({
      kind: 'notAdmin',
    });
    expect(scopeStateOf({ status: BodyStatus.unauthorized })).toEqual({ kind: 'signedOut' });
    expect(scopeStateOf({ status: BodyStatus.serverError })).toEqual({ kind: 'failed' });
    expect(scopeStateOf(undefined)).toEqual({ kind: 'failed' });
  });
});
