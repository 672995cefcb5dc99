/**
 * The administration console's calls for apps and what hangs off them (issue 13 §2, DESIGN.md
 * §10): the app catalogue (register, edit, icons per theme, group and order, hide), deploying a
 * sub-app build, menus and permission codes and the roles that grant them, licences, the unit's
 * themes, OAuth clients and version records.
 *
 * Every call names the unit it acts on (`unitId`); the server checks that the caller administers
 * it (`server/src/modules/admin/admin-access.ts`). The app catalogue, menus, deployed builds,
 * OAuth clients and version records are shared by every unit, so changing them (and setting a
 * licence) is for the administrator of a top-level unit only (docs/decisions.md, issue 13).
 * Semantic checks (codes, paths, colours, dates) are the server's, answered as bilingual field
 * errors; the schemas here bound lengths and kinds.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { defineEndpoint } from './endpoint.ts';
import { IdSchema, Line } from './primitives.ts';
import { APP_ICON_VARIANTS } from './storage.ts';

const tag = 'admin';
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The unit a console call acts on. */
export const AdminUnitQuerySchema = Type.Object({ unitId: IdSchema });
export type AdminUnitQuery = Static<typeof AdminUnitQuerySchema>;

/** A code a person types: 1 to 64 characters (the server checks the characters). */
const Code = Line({ minLength: 1, maxLength: 64 });
const Name = Line({ minLength: 1, maxLength: 100 });

// ---------------------------------------------------------------------------------------------
// Apps (spec §3 App icon and App group)

// Spelled out, as storage.ts's `AppIconParamsSchema`: a mapped array loses the literal types
// (Static would be `never`). Kept equal to APP_ICON_VARIANTS by the type below.
export const AppIconVariantSchema = Type.Union([
  Type.Literal('gray'),
  Type.Literal('color'),
  Type.Literal('cartoon'),
]);
const variantsAgree: readonly Static<typeof AppIconVariantSchema>[] = APP_ICON_VARIANTS;
void variantsAgree;

export const AdminAppIconSchema = Type.Object({
  /** The public icon address (the storage's app-icon route). */
  url: Type.String(),
  /** True when an uploaded image replaces the drawn icon. */
  uploaded: Type.Boolean(),
});

export const AdminAppSchema = Type.Object({
  code: Type.String(),
  groupCode: Type.String(),
  name: Type.String(),
  shortName: Type.String(),
  englishName: Type.String(),
  englishShortName: Type.String(),
  serverId: Type.String(),
  deployPath: Type.Union([Type.String(), Type.Null()]),
  /** 0 hidden, 1 shown (spec §3 updateStatus). */
  updateStatus: Type.Integer(),
  menuRoute: Type.Union([Type.String(), Type.Null()]),
  /** Comma-separated user types, e.g. '1,2,3,4'. */
  frontUserType: Type.String(),
  limitUserType: Type.String(),
  iconColor: Type.String(),
  sort: Type.Integer(),
  icons: Type.Object({
    gray: AdminAppIconSchema,
    color: AdminAppIconSchema,
    cartoon: AdminAppIconSchema,
  }),
  /** Whether a build is deployed under PAGES_DIR (`{serverId}/manifest.json` exists). */
  installed: Type.Boolean(),
});
export type AdminApp = Static<typeof AdminAppSchema>;

export const AdminAppGroupSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  enName: Type.String(),
  sort: Type.Integer(),
});
export type AdminAppGroup = Static<typeof AdminAppGroupSchema>;

export const AdminAppCatalogueSchema = Type.Object({
  /** Whether the caller may change the shared catalogue (a top-level unit's administrator). */
  editable: Type.Boolean(),
  groups: Type.Array(AdminAppGroupSchema),
  apps: Type.Array(AdminAppSchema),
});
export type AdminAppCatalogue = Static<typeof AdminAppCatalogueSchema>;

/** Register or edit an app: every field an administrator types (the code names the app). */
export const AdminAppBodySchema = Type.Object({
  unitId: IdSchema,
  code: Code,
  groupCode: Code,
  name: Name,
  shortName: Line({ minLength: 1, maxLength: 20 }),
  englishName: Name,
  englishShortName: Line({ minLength: 1, maxLength: 40 }),
  serverId: Code,
  deployPath: Type.Optional(Nullable(Line({ maxLength: 300 }))),
  menuRoute: Type.Optional(Nullable(Line({ maxLength: 200 }))),
  frontUserType: Line({ minLength: 1, maxLength: 20 }),
  limitUserType: Line({ minLength: 1, maxLength: 20 }),
  iconColor: Line({ minLength: 1, maxLength: 7 }),
});
export type AdminAppBody = Static<typeof AdminAppBodySchema>;

export const AdminAppStatusBodySchema = Type.Object({
  unitId: IdSchema,
  code: Code,
  /** 0 hides the app everywhere, 1 shows it (spec §3). */
  updateStatus: Type.Integer(),
});
export type AdminAppStatusBody = Static<typeof AdminAppStatusBodySchema>;

/** The catalogue's order: apps once at most, in menu order, each with its group; any app not named follows them. */
export const AdminAppArrangeBodySchema = Type.Object({
  unitId: IdSchema,
  apps: Type.Array(Type.Object({ code: Code, groupCode: Code }), { maxItems: 1000 }),
});
export type AdminAppArrangeBody = Static<typeof AdminAppArrangeBodySchema>;

export const AdminAppGroupBodySchema = Type.Object({
  unitId: IdSchema,
  code: Code,
  name: Name,
  enName: Name,
  sort: Type.Integer({ minimum: 0, maximum: 100000 }),
});
export type AdminAppGroupBody = Static<typeof AdminAppGroupBodySchema>;

export const AdminCodeBodySchema = Type.Object({ unitId: IdSchema, code: Code });
export type AdminCodeBody = Static<typeof AdminCodeBodySchema>;

/** An uploaded image (the storage's upload calls answer its id) as one theme's icon; null draws it again. */
export const AdminAppIconBodySchema = Type.Object({
  unitId: IdSchema,
  code: Code,
  variant: AppIconVariantSchema,
  fileId: Type.Union([IdSchema, Type.Null()]),
});
export type AdminAppIconBody = Static<typeof AdminAppIconBodySchema>;

/** The text fields of a deploy upload, before its `file` part (a zip of the build's `pages/`). */
export const AdminDeployFieldsSchema = Type.Object({ unitId: IdSchema, code: Code });
export type AdminDeployFields = Static<typeof AdminDeployFieldsSchema>;

export const AdminDeployResultSchema = Type.Object({
  code: Type.String(),
  /** The folders replaced under PAGES_DIR, e.g. ['cms', 'cms-version']. */
  folders: Type.Array(Type.String()),
  files: Type.Integer(),
  bytes: Type.Integer(),
  /** package.json's appVersion (spec §3 Package info). */
  appVersion: Type.String(),
  /** The manifest's pages, e.g. ['pc_cms_tm', 'pc_cms_spm']. */
  pages: Type.Array(Type.String()),
});
export type AdminDeployResult = Static<typeof AdminDeployResultSchema>;

// ---------------------------------------------------------------------------------------------
// Menus, permission codes and roles (spec §6)

export const AdminResourceSchema = Type.Object({
  id: Type.String(),
  appCode: Type.String(),
  parentId: Type.Union([Type.String(), Type.Null()]),
  code: Type.String(),
  name: Type.String(),
  enName: Type.String(),
  /** 1 a module or folder, 2 a page (a menu entry), 3 a button. */
  resourceType: Type.Integer(),
  menuRoute: Type.Union([Type.String(), Type.Null()]),
  /** The user types that hold it (teachers 2 and type 4 load a tree, spec §6). */
  userTypes: Type.Array(Type.Integer()),
  /** The roles of this app whose holders hold it too. */
  roles: Type.Array(Type.String()),
  sort: Type.Integer(),
});
export type AdminResource = Static<typeof AdminResourceSchema>;

export const AdminAppCodeQuerySchema = Type.Object({ unitId: IdSchema, code: Code });
export type AdminAppCodeQuery = Static<typeof AdminAppCodeQuerySchema>;

export const AdminResourceBodySchema = Type.Object({
  unitId: IdSchema,
  appCode: Code,
  /** Absent: a new resource. */
  id: Type.Optional(IdSchema),
  parentId: Type.Optional(Type.Union([IdSchema, Type.Null()])),
  code: Line({ minLength: 1, maxLength: 100 }),
  name: Name,
  enName: Name,
  resourceType: Type.Integer(),
  menuRoute: Type.Optional(Nullable(Line({ maxLength: 200 }))),
  userTypes: Type.Array(Type.Integer(), { maxItems: 4 }),
  roles: Type.Array(Line({ minLength: 1, maxLength: 64 }), { maxItems: 20 }),
  sort: Type.Integer({ minimum: 0, maximum: 100000 }),
});
export type AdminResourceBody = Static<typeof AdminResourceBodySchema>;

export const AdminIdBodySchema = Type.Object({ unitId: IdSchema, id: IdSchema });
export type AdminIdBody = Static<typeof AdminIdBodySchema>;

export const AdminRoleAssignmentSchema = Type.Object({
  userId: Type.String(),
  loginName: Type.String(),
  realName: Type.String(),
  userType: Type.Integer(),
  appCode: Type.String(),
  role: Type.String(),
});
export type AdminRoleAssignment = Static<typeof AdminRoleAssignmentSchema>;

export const AdminRolesSchema = Type.Object({
  /** The roles held by the unit's users. */
  assignments: Type.Array(AdminRoleAssignmentSchema),
  /** The roles that can be given: the base-admin role and every role a menu entry names. */
  known: Type.Array(Type.Object({ appCode: Type.String(), role: Type.String() })),
});
export type AdminRoles = Static<typeof AdminRolesSchema>;

export const AdminRoleBodySchema = Type.Object({
  unitId: IdSchema,
  userId: IdSchema,
  appCode: Code,
  role: Line({ minLength: 1, maxLength: 64 }),
});
export type AdminRoleBody = Static<typeof AdminRoleBodySchema>;

// ---------------------------------------------------------------------------------------------
// Licences (spec §4)

export const AdminLicenceSchema = Type.Object({
  appCode: Type.String(),
  name: Type.String(),
  englishName: Type.String(),
  /** Epoch ms, null when the unit has no licence for the app. */
  endTime: Type.Union([Type.Number(), Type.Null()]),
  valid: Type.Boolean(),
});
export type AdminLicence = Static<typeof AdminLicenceSchema>;

export const AdminLicencesSchema = Type.Object({
  /** Whether the caller may set this unit's licences. */
  editable: Type.Boolean(),
  licences: Type.Array(AdminLicenceSchema),
});
export type AdminLicences = Static<typeof AdminLicencesSchema>;

export const AdminLicenceBodySchema = Type.Object({
  unitId: IdSchema,
  appCode: Code,
  /** `YYYY-MM-DD` (the licence runs through that day) or `expired` (it ends now). */
  until: Line({ minLength: 1, maxLength: 20 }),
});
export type AdminLicenceBody = Static<typeof AdminLicenceBodySchema>;

export const AdminLicenceResultSchema = Type.Object({
  unitId: Type.String(),
  appCode: Type.String(),
  endTime: Type.Number(),
  previousEndTime: Type.Union([Type.Number(), Type.Null()]),
});
export type AdminLicenceResult = Static<typeof AdminLicenceResultSchema>;

// ---------------------------------------------------------------------------------------------
// The unit's themes (spec §2 Theme dialog custom section, §3 decorationSet.themeList)

export const AdminUnitThemeSchema = Type.Object({
  name: Line({ minLength: 1, maxLength: 20 }),
  enName: Type.Optional(Line({ maxLength: 40 })),
  color: Line({ minLength: 1, maxLength: 7 }),
});
export type AdminUnitTheme = Static<typeof AdminUnitThemeSchema>;

export const AdminThemesSchema = Type.Object({ themeList: Type.Array(AdminUnitThemeSchema) });
export type AdminThemes = Static<typeof AdminThemesSchema>;

export const AdminThemeListBodySchema = Type.Object({
  unitId: IdSchema,
  themeList: Type.Array(AdminUnitThemeSchema, { maxItems: 12 }),
});
export type AdminThemeListBody = Static<typeof AdminThemeListBodySchema>;

export const AdminThemePushBodySchema = Type.Object({
  unitId: IdSchema,
  /** ink, lotus, cartoon, a swatch name or a #RGB/#RRGGBB colour (spec §2). */
  theme: Line({ minLength: 1, maxLength: 20 }),
  layout: Type.Optional(Type.Union([Type.Literal('top'), Type.Literal('left')])),
});
export type AdminThemePushBody = Static<typeof AdminThemePushBodySchema>;

export const AdminThemePushResultSchema = Type.Object({
  theme: Type.Union([Type.String(), Type.Null()]),
  themeColor: Type.String(),
  /** How many of the unit's users now have it. */
  users: Type.Integer(),
});
export type AdminThemePushResult = Static<typeof AdminThemePushResultSchema>;

// ---------------------------------------------------------------------------------------------
// OAuth clients (DESIGN.md §8)

export const AdminOAuthClientSchema = Type.Object({
  clientId: Type.String(),
  name: Type.String(),
  redirectUris: Type.Array(Type.String()),
  /** A confidential client has a secret (never answered again after it is made). */
  confidential: Type.Boolean(),
  createdAt: Type.Number(),
});
export type AdminOAuthClient = Static<typeof AdminOAuthClientSchema>;

const RedirectUris = Type.Array(Line({ minLength: 1, maxLength: 500 }), {
  minItems: 1,
  maxItems: 10,
});

export const AdminOAuthClientCreateBodySchema = Type.Object({
  unitId: IdSchema,
  clientId: Code,
  name: Name,
  redirectUris: RedirectUris,
  /** True: a secret is made and answered once (client_secret_basic); false: public, PKCE only. */
  confidential: Type.Boolean(),
});
export type AdminOAuthClientCreateBody = Static<typeof AdminOAuthClientCreateBodySchema>;

export const AdminOAuthClientUpdateBodySchema = Type.Object({
  unitId: IdSchema,
  clientId: Code,
  name: Name,
  redirectUris: RedirectUris,
});
export type AdminOAuthClientUpdateBody = Static<typeof AdminOAuthClientUpdateBodySchema>;

export const AdminOAuthClientIdBodySchema = Type.Object({ unitId: IdSchema, clientId: Code });
export type AdminOAuthClientIdBody = Static<typeof AdminOAuthClientIdBodySchema>;

export const AdminOAuthClientSecretSchema = Type.Object({
  client: AdminOAuthClientSchema,
  /** Shown once: the server keeps it for the provider and never answers it again. */
  secret: Type.Union([Type.String(), Type.Null()]),
});
export type AdminOAuthClientSecret = Static<typeof AdminOAuthClientSecretSchema>;

// ---------------------------------------------------------------------------------------------
// Version records (spec §3 server version reply and version record, §7)

export const AdminReleaseNoteSchema = Type.Object({
  cn: Line({ maxLength: 200 }),
  en: Line({ maxLength: 200 }),
});

export const AdminReleaseSchema = Type.Object({
  id: Type.String(),
  version: Type.String(),
  date: Type.String(),
  metto: Type.Array(AdminReleaseNoteSchema),
});
export type AdminRelease = Static<typeof AdminReleaseSchema>;

export const AdminServerVersionSchema = Type.Object({
  serverVersion: Type.String(),
  webCodeVersion: Type.String(),
  date: Type.String(),
});

export const AdminVersionsSchema = Type.Object({
  appCode: Type.String(),
  /** What `/api/{code}/nl/{code}_package_versions` answers; null when the app has none. */
  server: Type.Union([AdminServerVersionSchema, Type.Null()]),
  /** Newest first. */
  releases: Type.Array(AdminReleaseSchema),
});
export type AdminVersions = Static<typeof AdminVersionsSchema>;

export const AdminServerVersionBodySchema = Type.Object({
  unitId: IdSchema,
  appCode: Code,
  serverVersion: Line({ minLength: 1, maxLength: 30 }),
  webCodeVersion: Line({ minLength: 1, maxLength: 30 }),
  date: Line({ minLength: 1, maxLength: 10 }),
});
export type AdminServerVersionBody = Static<typeof AdminServerVersionBodySchema>;

export const AdminReleaseBodySchema = Type.Object({
  unitId: IdSchema,
  appCode: Code,
  /** Absent: a new record. */
  id: Type.Optional(IdSchema),
  version: Line({ minLength: 1, maxLength: 30 }),
  date: Line({ minLength: 1, maxLength: 10 }),
  metto: Type.Array(AdminReleaseNoteSchema, { maxItems: 30 }),
});
export type AdminReleaseBody = Static<typeof AdminReleaseBodySchema>;

// ---------------------------------------------------------------------------------------------
// Endpoints

const get = <P extends string, Q extends TSchema, D extends TSchema>(
  path: P,
  summary: string,
  query: Q,
  data: D,
) => ({ method: 'GET' as const, path, summary, tag, access: 'session' as const, query, data });

const post = <P extends string, B extends TSchema, D extends TSchema>(
  path: P,
  summary: string,
  body: B,
  data: D,
) => ({
  method: 'POST' as const,
  path,
  summary,
  tag,
  access: 'session' as const,
  json: true as const,
  body,
  data,
});

export const adminAppEndpoints = {
  apps: defineEndpoint(
    get(
      '/api/admin/apps',
      'The app catalogue with groups, icons and whether each is deployed (issue 13 §2)',
      AdminUnitQuerySchema,
      AdminAppCatalogueSchema,
    ),
  ),
  createApp: defineEndpoint(
    post(
      '/api/admin/apps/create',
      'Register an app (spec §3 App icon; top-level administrators)',
      AdminAppBodySchema,
      AdminAppSchema,
    ),
  ),
  updateApp: defineEndpoint(
    post(
      '/api/admin/apps/update',
      "Edit an app's names, server, paths and user types",
      AdminAppBodySchema,
      AdminAppSchema,
    ),
  ),
  appStatus: defineEndpoint(
    post(
      '/api/admin/apps/status',
      'Hide (updateStatus 0) or show (1) an app everywhere',
      AdminAppStatusBodySchema,
      AdminAppSchema,
    ),
  ),
  arrangeApps: defineEndpoint(
    post(
      '/api/admin/apps/arrange',
      "The apps' groups and default order: the apps named, in order; any app not named follows them, in its own order",
      AdminAppArrangeBodySchema,
      Type.Array(AdminAppSchema),
    ),
  ),
  saveGroup: defineEndpoint(
    post(
      '/api/admin/apps/groups/save',
      'Create or edit an app group (spec §3 App group)',
      AdminAppGroupBodySchema,
      AdminAppGroupSchema,
    ),
  ),
  deleteGroup: defineEndpoint(
    post(
      '/api/admin/apps/groups/delete',
      'Delete an app group that holds no app',
      AdminCodeBodySchema,
      Type.Boolean(),
    ),
  ),
  appIcon: defineEndpoint(
    post(
      '/api/admin/apps/icon',
      "An uploaded image as one theme's icon (gray, colour, cartoon), or null to draw it again",
      AdminAppIconBodySchema,
      AdminAppSchema,
    ),
  ),
  deploy: defineEndpoint({
    method: 'POST',
    path: '/api/admin/apps/deploy',
    summary:
      'Deploy a sub-app build: multipart unitId, code and file (a zip of its pages/ folder), checked and swapped in under PAGES_DIR',
    tag,
    access: 'session',
    body: AdminDeployFieldsSchema,
    data: AdminDeployResultSchema,
    multipart: true,
  }),
  resources: defineEndpoint(
    get(
      '/api/admin/apps/resources',
      "An app's menus and permission codes (spec §6), flat in menu order",
      AdminAppCodeQuerySchema,
      Type.Array(AdminResourceSchema),
    ),
  ),
  saveResource: defineEndpoint(
    post(
      '/api/admin/apps/resources/save',
      'Create or edit a menu entry or permission code, and who holds it',
      AdminResourceBodySchema,
      AdminResourceSchema,
    ),
  ),
  deleteResource: defineEndpoint(
    post(
      '/api/admin/apps/resources/delete',
      'Delete a menu entry or permission code without children',
      AdminIdBodySchema,
      Type.Boolean(),
    ),
  ),
  roles: defineEndpoint(
    get(
      '/api/admin/roles',
      "The roles the unit's users hold, and the roles that can be given",
      AdminUnitQuerySchema,
      AdminRolesSchema,
    ),
  ),
  grantRole: defineEndpoint(
    post(
      '/api/admin/roles/grant',
      'Give a user of the unit a role of an app',
      AdminRoleBodySchema,
      AdminRoleAssignmentSchema,
    ),
  ),
  revokeRole: defineEndpoint(
    post(
      '/api/admin/roles/revoke',
      'Take a role of an app from a user of the unit',
      AdminRoleBodySchema,
      Type.Boolean(),
    ),
  ),
  licences: defineEndpoint(
    get(
      '/api/admin/licences',
      "The unit's licence for every app (spec §4)",
      AdminUnitQuerySchema,
      AdminLicencesSchema,
    ),
  ),
  setLicence: defineEndpoint(
    post(
      '/api/admin/licences/set',
      "Set the unit's licence for an app: through a day, or expired (top-level administrators)",
      AdminLicenceBodySchema,
      AdminLicenceResultSchema,
    ),
  ),
  themes: defineEndpoint(
    get(
      '/api/admin/themes',
      "The unit's own themes (the theme dialog's custom section, spec §2)",
      AdminUnitQuerySchema,
      AdminThemesSchema,
    ),
  ),
  setThemes: defineEndpoint(
    post(
      '/api/admin/themes/list',
      "Replace the unit's own themes",
      AdminThemeListBodySchema,
      AdminThemesSchema,
    ),
  ),
  pushTheme: defineEndpoint(
    post(
      '/api/admin/themes/push',
      'Give every user of the unit a theme (spec §6 default_color)',
      AdminThemePushBodySchema,
      AdminThemePushResultSchema,
    ),
  ),
  oauthClients: defineEndpoint(
    get(
      '/api/admin/oauth-clients',
      'The registered OpenID Connect clients, without secrets (DESIGN.md §8)',
      AdminUnitQuerySchema,
      Type.Array(AdminOAuthClientSchema),
    ),
  ),
  createOAuthClient: defineEndpoint(
    post(
      '/api/admin/oauth-clients/create',
      'Register an OpenID Connect client; a confidential one gets a secret shown once',
      AdminOAuthClientCreateBodySchema,
      AdminOAuthClientSecretSchema,
    ),
  ),
  updateOAuthClient: defineEndpoint(
    post(
      '/api/admin/oauth-clients/update',
      "Edit a client's name and exact redirect URIs",
      AdminOAuthClientUpdateBodySchema,
      AdminOAuthClientSchema,
    ),
  ),
  rotateOAuthSecret: defineEndpoint(
    post(
      '/api/admin/oauth-clients/rotate-secret',
      'A new secret for a client (it becomes confidential), shown once',
      AdminOAuthClientIdBodySchema,
      AdminOAuthClientSecretSchema,
    ),
  ),
  deleteOAuthClient: defineEndpoint(
    post(
      '/api/admin/oauth-clients/delete',
      'Remove a client: its sign-ins stop',
      AdminOAuthClientIdBodySchema,
      Type.Boolean(),
    ),
  ),
  versions: defineEndpoint(
    get(
      '/api/admin/versions',
      "An app's server version record and release notes (spec §3, §7)",
      AdminAppCodeQuerySchema,
      AdminVersionsSchema,
    ),
  ),
  setServerVersion: defineEndpoint(
    post(
      '/api/admin/versions/server',
      "Set what an app's {code}_package_versions answers (spec §7)",
      AdminServerVersionBodySchema,
      AdminVersionsSchema,
    ),
  ),
  saveRelease: defineEndpoint(
    post(
      '/api/admin/versions/releases/save',
      'Create or edit a release note record (spec §3 version record)',
      AdminReleaseBodySchema,
      AdminVersionsSchema,
    ),
  ),
  deleteRelease: defineEndpoint(
    post(
      '/api/admin/versions/releases/delete',
      'Delete a release note record',
      AdminIdBodySchema,
      Type.Boolean(),
    ),
  ),
} as const;
