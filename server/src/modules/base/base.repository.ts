/**
 * SQL of the base platform: the app catalogue (apps and their groups), the units' licences,
 * the roles and the resource menus the start-up checks read. The base module owns `apps`,
 * `app_groups`, `licences`, `user_roles` and `resources` (docs/ARCHITECTURE.md). Returns
 * camelCase records, mapped here.
 */
import type { Kysely } from 'kysely';
import { PreparedQuery } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';
import type { WatchedReadCache } from '../../db/watched-read-cache.ts';

export interface AppGroupRecord {
  code: string;
  name: string;
  enName: string;
}

export interface AppRecord {
  code: string;
  groupCode: string;
  name: string;
  shortName: string;
  englishName: string;
  englishShortName: string;
  serverId: string;
  deployPath: string | null;
  updateStatus: number;
  menuRoute: string | null;
  frontUserType: string;
  limitUserType: string;
  /** The colour its icons are drawn in (spec §3 App icon). */
  iconColor: string;
  sort: number;
}

export class BaseRepository {
  private readonly reads: ReturnType<typeof firstLoadReads>;

  constructor(
    private readonly db: Kysely<Database>,
    /**
     * The licence and role reads kept while every change is heard (watched-read-cache.ts); only
     * the repository on the database itself has it: a transaction's must read its own writes.
     */
    private readonly watched?: WatchedReadCache,
  ) {
    this.reads = firstLoadReads(db);
  }

  // -------------------------------------------------------------------------------------------
  // The app catalogue

  appGroups(): Promise<AppGroupRecord[]> {
    return this.db
      .selectFrom('app_groups')
      .select(['code', 'name', 'en_name as enName'])
      .orderBy('sort')
      .orderBy('code')
      .execute();
  }

  /** Every app in its default order; the callers decide who sees which. */
  apps(): Promise<AppRecord[]> {
    return this.appQuery().orderBy('sort').orderBy('code').execute();
  }

  findApp(code: string): Promise<AppRecord | undefined> {
    return this.appQuery().where('code', '=', code).executeTakeFirst();
  }

  /** The apps whose server id (spec §7 `serverId`) is this one. */
  appsOfServer(serverId: string): Promise<AppRecord[]> {
    return this.appQuery().where('server_id', '=', serverId).orderBy('code').execute();
  }

  private appQuery() {
    return this.db
      .selectFrom('apps')
      .select([
        'code',
        'group_code as groupCode',
        'name',
        'short_name as shortName',
        'english_name as englishName',
        'english_short_name as englishShortName',
        'server_id as serverId',
        'deploy_path as deployPath',
        'update_status as updateStatus',
        'menu_route as menuRoute',
        'front_user_type as frontUserType',
        'limit_user_type as limitUserType',
        'icon_color as iconColor',
        'sort',
      ]);
  }

  /** The uploaded image replacing one theme variant's drawn icon (migration 0011), if any. */
  async iconFileId(code: string, variant: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('app_icons')
      .select('file_id')
      .where('app_code', '=', code)
      .where('variant', '=', variant)
      .executeTakeFirst();
    return row?.file_id;
  }

  /**
   * Whether the app is registered, and the unit's licence end for it (undefined: none), in one
   * round trip (issue 15 §1): the desktop asks on every load.
   */
  async appLicence(
    unitId: string,
    appCode: string,
  ): Promise<{ registered: boolean; end: number | undefined }> {
    const load = async () => {
      const { rows } = await this.db.executeQuery(
        this.reads.appLicence.query<{ end: number | null }>({ unitId, appCode }),
      );
      const row = rows[0];
      return { registered: row !== undefined, end: row?.end ?? undefined };
    };
    return this.watched ? this.watched.read(`licence\0${unitId}\0${appCode}`, load) : load();
  }

  // -------------------------------------------------------------------------------------------
  // Licences, roles, resources

  async licenceEnd(unitId: string, appCode: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('licences')
      .select('end_time')
      .where('unit_id', '=', unitId)
      .where('app_code', '=', appCode)
      .executeTakeFirst();
    return row?.end_time;
  }

  /** Creates or replaces the unit's licence for the app. */
  async upsertLicence(unitId: string, appCode: string, endTime: number): Promise<void> {
    await this.db
      .insertInto('licences')
      .values({ unit_id: unitId, app_code: appCode, end_time: endTime })
      .onConflict((oc) => oc.columns(['unit_id', 'app_code']).doUpdateSet({ end_time: endTime }))
      .execute();
  }

  async hasRole(userId: string, appCode: string, role: string): Promise<boolean> {
    const load = async () => {
      const { rows } = await this.db.executeQuery(
        this.reads.hasRole.query<{ user_id: string }>({ userId, appCode, role }),
      );
      return rows.length > 0;
    };
    return this.watched ? this.watched.read(`role\0${userId}\0${appCode}\0${role}`, load) : load();
  }

  /** Gives a user a role of an app; granting it again changes nothing. */
  async grantRole(userId: string, appCode: string, role: string): Promise<void> {
    await this.db
      .insertInto('user_roles')
      .values({ user_id: userId, app_code: appCode, role })
      .onConflict((oc) => oc.columns(['user_id', 'app_code', 'role']).doNothing())
      .execute();
  }

  /** Whether anyone at all holds the role (a fresh deployment has no administrator yet). */
  async anyoneHolds(appCode: string, role: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_roles')
      .select('user_id')
      .where('app_code', '=', appCode)
      .where('role', '=', role)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The roles a user holds in one app (`user_roles`). */
  async rolesOf(userId: string, appCode: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('user_roles')
      .select('role')
      .where('user_id', '=', userId)
      .where('app_code', '=', appCode)
      .execute();
    return rows.map((r) => r.role);
  }

  /**
   * The app's resources held by a user type, or granted to one of `roles` (migration 0011), in
   * menu order; the service builds the tree.
   */
  async resourcesFor(
    appCode: string,
    userType: number,
    roles: readonly string[] = [],
  ): Promise<ResourceRecord[]> {
    const rows = await this.db
      .selectFrom('resources')
      .select([
        'id',
        'parent_id as parentId',
        'code',
        'name',
        'en_name as enName',
        'resource_type as resourceType',
        'menu_route as menuRoute',
        'user_types as userTypes',
        'roles',
      ])
      .where('app_code', '=', appCode)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    const list = (text: string | null) => (text ?? '').split(',').map((t) => t.trim());
    return rows
      .filter(
        (r) =>
          list(r.userTypes).includes(String(userType)) ||
          list(r.roles).some((role) => role !== '' && roles.includes(role)),
      )
      .map(({ roles: _granted, ...record }) => record);
  }

  /** The unit's licensed, visible apps with their end times (the module list). */
  async unitModules(unitId: string): Promise<ModuleRecord[]> {
    return this.db
      .selectFrom('licences')
      .innerJoin('apps', 'apps.code', 'licences.app_code')
      .select([
        'apps.code as code',
        'apps.name as name',
        'apps.english_name as englishName',
        'licences.end_time as endTime',
      ])
      .where('licences.unit_id', '=', unitId)
      .where('apps.update_status', '!=', 0)
      .orderBy('apps.sort')
      .execute();
  }
}

export interface ResourceRecord {
  id: string;
  parentId: string | null;
  code: string;
  name: string;
  enName: string;
  resourceType: number;
  menuRoute: string | null;
  userTypes: string;
}

export interface ModuleRecord {
  code: string;
  name: string;
  englishName: string;
  endTime: number;
}

/**
 * The reads the desktop's first load makes here (the licence and the admin role), as
 * PreparedQuery: Kysely's building cost more than the indexed statement (issue 15 §1).
 */
function firstLoadReads(db: Kysely<Database>) {
  return {
    appLicence: new PreparedQuery<'unitId' | 'appCode'>(
      (v) =>
        db
          .selectFrom('apps')
          .leftJoin('licences', (join) =>
            join
              .onRef('licences.app_code', '=', 'apps.code')
              .on('licences.unit_id', '=', v('unitId')),
          )
          .select('licences.end_time as end')
          .where('apps.code', '=', v('appCode')),
      ['unitId', 'appCode'],
    ),
    hasRole: new PreparedQuery<'userId' | 'appCode' | 'role'>(
      (v) =>
        db
          .selectFrom('user_roles')
          .select('user_id')
          .where('user_id', '=', v('userId'))
          .where('app_code', '=', v('appCode'))
          .where('role', '=', v('role')),
      ['userId', 'appCode', 'role'],
    ),
  };
}
