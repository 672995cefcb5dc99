/**
 * Access contracts: the resource menu of spec §3 and the permission tree the server answers at
 * `GET /api/base/resource/user/code/tree?code={appCode}` (spec §7). The SDK's access check
 * (spec §6) reads the menu routes, and its permission helpers read the codes, of the same tree,
 * so the server and the page agree on one shape.
 */
import { Type, type Static } from 'typebox';
import { EnvelopeSchema } from './envelope.ts';
import { Line } from './primitives.ts';

/**
 * Spec §3 "Menu entry: resourceType (2 means a page)". Other resource types exist (folders,
 * buttons) but their numbers are not shown in the spec, so only 2 gets a name.
 */
export const RESOURCE_TYPE_PAGE = 2;

/** One entry of a user's resource menu (spec §3); menus are trees through `children`. */
export interface MenuEntry {
  /** 2 is a page (spec §3); the access check of spec §6 reads only those. */
  resourceType: number;
  /** The hash route of the page, e.g. `/notice/list`; absent or null on folders. */
  menuRoute?: string | null;
  children?: MenuEntry[];
}

/**
 * A node of the permission tree (spec §6, §7): a menu entry that also carries the permission
 * code the routes' `meta.code` and the permission directive name.
 */
export interface PermissionNode {
  /** The permission code, e.g. `cms:notice:publish`. */
  code: string;
  name?: string;
  resourceType: number;
  menuRoute?: string | null;
  children?: PermissionNode[];
}

// A bounded string keeps a hostile or broken answer from carrying megabyte routes.
const RouteString = Type.Union([Type.String({ maxLength: 512 }), Type.Null()]);

/**
 * JSON schema of {@link MenuEntry}; recursive through `Type.Cyclic`, so `Value.Check` and
 * Fastify validate whole trees.
 */
export const MenuEntrySchema = Type.Cyclic(
  {
    MenuEntry: Type.Object({
      resourceType: Type.Integer(),
      menuRoute: Type.Optional(RouteString),
      children: Type.Optional(Type.Array(Type.Ref('MenuEntry'))),
    }),
  },
  'MenuEntry',
);

/** JSON schema of {@link PermissionNode}, recursive like {@link MenuEntrySchema}. */
export const PermissionNodeSchema = Type.Cyclic(
  {
    PermissionNode: Type.Object({
      code: Type.String({ minLength: 1, maxLength: 128 }),
      name: Type.Optional(Type.String({ maxLength: 128 })),
      resourceType: Type.Integer(),
      menuRoute: Type.Optional(RouteString),
      children: Type.Optional(Type.Array(Type.Ref('PermissionNode'))),
    }),
  },
  'PermissionNode',
);

/** Query of `GET /api/base/resource/user/code/tree` (spec §7: payload `code`, the app code). */
export const PermissionTreeQuerySchema = Type.Object({
  code: Line({ minLength: 1, maxLength: 64 }),
});
export type PermissionTreeQuery = Static<typeof PermissionTreeQuerySchema>;

/** Answer of the permission-tree call: the roots of the user's tree for that app. */
export const PermissionTreeResponseSchema = EnvelopeSchema(Type.Array(PermissionNodeSchema));
