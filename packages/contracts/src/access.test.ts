import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Static } from 'typebox';
import { Value } from 'typebox/value';
import {
  MenuEntrySchema,
  PermissionNodeSchema,
  PermissionTreeQuerySchema,
  PermissionTreeResponseSchema,
  RESOURCE_TYPE_PAGE,
  type MenuEntry,
  type PermissionNode,
} from './access.ts';

const tree: PermissionNode[] = [
  {
    code: 'cms',
    resourceType: 1,
    menuRoute: null,
    children: [
      { code: 'cms:notice', name: 'Notices', resourceType: 2, menuRoute: '/notice/list' },
      {
        code: 'cms:reads',
        resourceType: 2,
        menuRoute: '/notice/reads',
        children: [{ code: 'cms:reads:export', resourceType: 3 }],
      },
    ],
  },
];

describe('menu entry and permission tree contracts (spec §3 menu entry, §6, §7 permission tree)', () => {
  it('spec §3: resourceType 2 means a page', () => {
    expect(RESOURCE_TYPE_PAGE).toBe(2);
  });

  it('spec §3: a menu is a tree, validated to any depth', () => {
    const menu: MenuEntry = {
      resourceType: 1,
      children: [{ resourceType: 2, menuRoute: '/a', children: [{ resourceType: 2 }] }],
    };
    expect(Value.Check(MenuEntrySchema, menu)).toBe(true);
    expect(
      Value.Check(MenuEntrySchema, { resourceType: 1, children: [{ resourceType: 'page' }] }),
    ).toBe(false);
    expect(
      Value.Check(MenuEntrySchema, { resourceType: 2, children: [{ menuRoute: '/no-type' }] }),
    ).toBe(false);
  });

  it('spec §7: the permission tree answer holds nodes with codes, to any depth', () => {
    expect(Value.Check(PermissionTreeResponseSchema, { status: 200, data: tree })).toBe(true);
    const missingCode = [{ resourceType: 2, children: [{ resourceType: 3 }] }];
    expect(Value.Check(PermissionTreeResponseSchema, { status: 200, data: missingCode })).toBe(
      false,
    );
    expect(Value.Check(PermissionNodeSchema, { code: '', resourceType: 2 })).toBe(false);
    expect(Value.Check(PermissionTreeQuerySchema, { code: 'cms' })).toBe(true);
    expect(Value.Check(PermissionTreeQuerySchema, {})).toBe(false);
  });

  it('the hand-written types match the schemas', () => {
    expectTypeOf<Static<typeof MenuEntrySchema>>().toExtend<MenuEntry>();
    expectTypeOf<MenuEntry>().toExtend<Static<typeof MenuEntrySchema>>();
    expectTypeOf<Static<typeof PermissionNodeSchema>>().toExtend<PermissionNode>();
    expectTypeOf<PermissionNode>().toExtend<Static<typeof PermissionNodeSchema>>();
    // A permission node is usable wherever a menu entry is.
    expectTypeOf<PermissionNode>().toExtend<MenuEntry>();
  });
});
