import { describe, expect, it } from 'vitest';
import {
  UnitType,
  UserType,
  canDragIcons,
  idPathVariant,
  isArea,
  isDeniedTeacherPages,
  isParent,
  isSchool,
  isUnitType,
  isUserType,
  landingVariant,
  loadsPermissionTree,
  showsAppGroups,
} from './user-types.ts';

describe('user types and unit types (spec §1, §6)', () => {
  it('name the numbers of spec §1', () => {
    expect(UserType).toEqual({ unitStaff: 1, teacher: 2, parent: 3, otherStaff: 4 });
    expect(UnitType).toEqual({ area: 1, school: 2 });
    expect([0, 1, 4, 5, '2'].map(isUserType)).toEqual([false, true, true, false, false]);
    expect([0, 1, 2, 3].map(isUnitType)).toEqual([false, true, true, false]);
    expect([isArea(1), isArea(2), isSchool(2), isSchool(1)]).toEqual([true, false, true, false]);
  });

  it('give teachers and type 4 the grouped, draggable menu and the permission tree (spec §6)', () => {
    for (const rule of [showsAppGroups, canDragIcons, loadsPermissionTree]) {
      expect([1, 2, 3, 4, undefined].map(rule)).toEqual([false, true, false, true, false]);
    }
  });

  it('deny types 1 and 3 the teacher pages and let parents pick a child (spec §6)', () => {
    expect([1, 2, 3, 4].map(isDeniedTeacherPages)).toEqual([true, false, true, false]);
    expect([1, 2, 3, 4].map(isParent)).toEqual([false, false, true, false]);
  });

  it('keep both tm/spm readings of spec §6, which agree on types 1 to 4', () => {
    expect([1, 2, 3, 4].map(landingVariant)).toEqual(['spm', 'tm', 'spm', 'tm']);
    expect([1, 2, 3, 4].map(idPathVariant)).toEqual(['spm', 'tm', 'spm', 'tm']);
    expect([landingVariant(undefined), idPathVariant(undefined)]).toEqual(['spm', 'tm']);
  });
});
