/**
 * Base-platform contracts used by every sub-application at start-up (spec §4, §7): the
 * theme colour, the licence check, the admin role check, the access log and the
 * per-app server version.
 */
import { Type, type Static } from 'typebox';
import { PermissionNodeSchema, PermissionTreeQuerySchema } from './access.ts';
import { defineEndpoint, endpointPath } from './endpoint.ts';
import { AppCodeSchema, IdSchema, Line } from './primitives.ts';

const Id = IdSchema;
export { AppCodeSchema };

/** GET /api/base/my_desktop/color: the user's theme (spec §3 theme colours). */
export const ThemeColorDataSchema = Type.Object({
  theme: Type.Union([Type.String(), Type.Null()]),
  themeColor: Type.String(),
  currentLayout: Type.Union([Type.Literal('top'), Type.Literal('left')]),
});
export type ThemeColorData = Static<typeof ThemeColorDataSchema>;

/** GET /api/base/license/unit and /unit_oam (spec §7): true fine, false expired (spec §4). */
export const LicenceQuerySchema = Type.Object({ unitId: Id, serverId: AppCodeSchema });
export type LicenceQuery = Static<typeof LicenceQuerySchema>;

/** GET /api/base/role/user/{userId}/XX_SYS_/base (spec §6 admin status). */
export const RoleCheckParamsSchema = Type.Object({ userId: Id });
export type RoleCheckParams = Static<typeof RoleCheckParamsSchema>;
export const BASE_ADMIN_ROLE = 'XX_SYS_';

/** POST /api/base/user_access_detail (spec §7): the access log of an opened app. */
export const AccessDetailBodySchema = Type.Object({
  userId: Id,
  userType: Type.Integer({ minimum: 1, maximum: 4 }),
  unitId: Id,
  resId: Line({ minLength: 1, maxLength: 64 }),
  resName: Line({ minLength: 1, maxLength: 100 }),
  type: Type.Integer({ minimum: 1, maximum: 9 }),
});
export type AccessDetailBody = Static<typeof AccessDetailBodySchema>;

/** GET /api/{code}/nl/{code}_package_versions (spec §3 server version reply). */
export const PackageVersionsParamsSchema = Type.Object({
  code: AppCodeSchema,
  file: Line({ minLength: 1, maxLength: 100 }),
});
export type PackageVersionsParams = Static<typeof PackageVersionsParamsSchema>;

export const PackageVersionsDataSchema = Type.Object({
  serverVersion: Type.String(),
  webCodeVersion: Type.String(),
  date: Type.String(),
});
export type PackageVersionsData = Static<typeof PackageVersionsDataSchema>;

/** GET /api/base/resource/inside/module: the unit's licensed modules (spec §4 module status). */
export const ModuleSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  englishName: Type.String(),
  endTime: Type.Number({ description: 'Epoch milliseconds' }),
});
export type Module = Static<typeof ModuleSchema>;

// ---------------------------------------------------------------------------------------------
// Endpoints (spec §7)

const tag = 'base';

const licence = {
  method: 'GET',
  tag,
  access: 'session',
  summary: "The unit's licence for an app: true fine, false expired (spec §4)",
  query: LicenceQuerySchema,
  data: Type.Boolean(),
} as const;

/** The base-platform endpoints every sub-app calls at start-up (spec §7). */
export const baseEndpoints = {
  themeColor: defineEndpoint({
    method: 'GET',
    path: '/api/base/my_desktop/color',
    tag,
    access: 'session',
    summary: "The user's theme colour and layout (spec §3, §4)",
    data: ThemeColorDataSchema,
  }),
  // Spec §7 names both; `unit_oam` serves the operations deployment and answers alike.
  licence: defineEndpoint({ ...licence, path: '/api/base/license/unit' }),
  licenceOam: defineEndpoint({ ...licence, path: '/api/base/license/unit_oam' }),
  adminRole: defineEndpoint({
    method: 'GET',
    path: `/api/base/role/user/:userId/${BASE_ADMIN_ROLE}/base`,
    tag,
    access: 'session',
    summary: 'Whether the user holds the base-app admin role (spec §6)',
    params: RoleCheckParamsSchema,
    data: Type.Boolean(),
  }),
  accessDetail: defineEndpoint({
    method: 'POST',
    path: '/api/base/user_access_detail',
    tag,
    access: 'session',
    summary: 'Access log: the user opened an app (spec §7)',
    body: AccessDetailBodySchema,
    data: Type.Boolean(),
  }),
  permissionTree: defineEndpoint({
    method: 'GET',
    path: '/api/base/resource/user/code/tree',
    tag,
    access: 'session',
    summary: "The user's permission tree for an app (spec §6; user types 2 and 4)",
    query: PermissionTreeQuerySchema,
    data: Type.Array(PermissionNodeSchema),
  }),
  modules: defineEndpoint({
    method: 'GET',
    path: '/api/base/resource/inside/module',
    tag,
    access: 'session',
    summary: "The unit's licensed modules and their end times (spec §4)",
    data: Type.Array(ModuleSchema),
  }),
  // Spec §7 `/api/{versionName or code}/nl/{versionName or code}_package_versions`: the route
  // takes any file name and answers 404 unless it is `{code}_package_versions`.
  packageVersions: defineEndpoint({
    method: 'GET',
    path: '/api/:code/nl/:file',
    tag: 'versions',
    access: 'session',
    summary: "An app's server version and the front-end version it needs",
    params: PackageVersionsParamsSchema,
    data: PackageVersionsDataSchema,
  }),
} as const;

/**
 * The version endpoint's address for one app (spec §7).
 *
 * @example packageVersionsPath('cms') // '/api/cms/nl/cms_package_versions'
 */
export function packageVersionsPath(code: string): string {
  return endpointPath(baseEndpoints.packageVersions, { code, file: `${code}_package_versions` });
}
