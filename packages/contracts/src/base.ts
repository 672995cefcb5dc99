/**
 * Base-platform contracts used by every sub-application at start-up (spec §4, §7): the
 * theme colour, the licence check, the admin role check, the access log and the
 * per-app server version.
 */
import { Type, type Static } from 'typebox';

const Id = Type.String({ minLength: 1, maxLength: 64 });
/** App codes as they appear in paths: letters, digits, '_' and '-'. */
export const AppCodeSchema = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
});

/** Spec §3: the theme colour when the user has chosen none. */
export const DEFAULT_THEME_COLOR = '#457CD6';

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
/** The role check's route, as the server registers it. */
export const BASE_ADMIN_ROLE_ROUTE = `/api/base/role/user/:userId/${BASE_ADMIN_ROLE}/base`;

/** The role check's address for one user (spec §6 admin status). */
export function baseAdminRolePath(userId: string): string {
  return BASE_ADMIN_ROLE_ROUTE.replace(':userId', encodeURIComponent(userId));
}

/** POST /api/base/user_access_detail (spec §7): the access log of an opened app. */
export const AccessDetailBodySchema = Type.Object({
  userId: Id,
  userType: Type.Integer({ minimum: 1, maximum: 4 }),
  unitId: Id,
  resId: Type.String({ minLength: 1, maxLength: 64 }),
  resName: Type.String({ minLength: 1, maxLength: 100 }),
  type: Type.Integer({ minimum: 1, maximum: 9 }),
});
export type AccessDetailBody = Static<typeof AccessDetailBodySchema>;

/** GET /api/{code}/nl/{code}_package_versions (spec §3 server version reply). */
export const PackageVersionsParamsSchema = Type.Object({
  code: AppCodeSchema,
  file: Type.String({ minLength: 1, maxLength: 100 }),
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
