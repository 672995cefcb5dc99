/**
 * The base platform's writes for the administration console (issue 13 §2): apps and their
 * groups, uploaded icons (`app_icons`), menu resources with the roles that grant them, role
 * holders (`user_roles`) and a unit's licences as a list. The base owns these tables
 * (docs/ARCHITECTURE.md); reads the start-up checks need stay in `base.repository.ts`. Takes and
 * returns camelCase records.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Every column of an app an administrator sets (the code names it; sort and status aside). */
export interface AppFields {
  groupCode: string;
  name: string;
  shortName: string;
  englishName: string;
  englishShortName: string;
  serverId: string;
  deployPath: string | null;
  menuRoute: string | null;
  frontUserType: string;
  limitUserType: string;
  iconColor: string;
}

export interface NewApp extends AppFields {
  code: string;
  sort: number;
  updateStatus: number;
}

export interface AppGroupFields {
  code: string;
  name: string;
  enName: string;
  sort: number;
}

/** A resource as the console edits it (migration 0011 adds `roles`). */
export interface AdminResourceRecord {
  id: string;
  appCode: string;
  parentId: string | null;
  code: string;
  name: string;
  enName: string;
  resourceType: number;
  menuRoute: string | null;
  /** Comma-separated user types. */
  userTypes: string;
  /** Comma-separated roles of the app, or null. */
  roles: string | null;
  sort: number;
}

export interface RoleAssignmentRecord {
  userId: string;
  loginName: string;
  realName: string;
  userType: number;
  appCode: string;
  role: string;
}

export interface IconRecord {
  appCode: string;
  variant: string;
  fileId: string;
}

export class CatalogueAdminRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // -------------------------------------------------------------------------------------------
  // Apps and groups

  async insertApp(app: NewApp): Promise<void> {
    await this.db
      .insertInto('apps')
      .values({
        code: app.code,
        ...appColumns(app),
        update_status: app.updateStatus,
        sort: app.sort,
      })
      .execute();
  }

  async updateApp(code: string, fields: AppFields): Promise<void> {
    await this.db.updateTable('apps').set(appColumns(fields)).where('code', '=', code).execute();
  }

  async setUpdateStatus(code: string, updateStatus: number): Promise<void> {
    await this.db
      .updateTable('apps')
      .set({ update_status: updateStatus })
      .where('code', '=', code)
      .execute();
  }

  async placeApp(code: string, groupCode: string, sort: number): Promise<void> {
    await this.db
      .updateTable('apps')
      .set({ group_code: groupCode, sort })
      .where('code', '=', code)
      .execute();
  }

  /** The next default position: after every app there is. */
  async nextSort(): Promise<number> {
    const row = await this.db
      .selectFrom('apps')
      .select((eb) => eb.fn.max('sort').as('max'))
      .executeTakeFirst();
    return Number(row?.max ?? 0) + 1;
  }

  async findGroup(code: string): Promise<AppGroupFields | undefined> {
    return this.db
      .selectFrom('app_groups')
      .select(['code', 'name', 'en_name as enName', 'sort'])
      .where('code', '=', code)
      .executeTakeFirst();
  }

  async listGroups(): Promise<AppGroupFields[]> {
    return this.db
      .selectFrom('app_groups')
      .select(['code', 'name', 'en_name as enName', 'sort'])
      .orderBy('sort')
      .orderBy('code')
      .execute();
  }

  async saveGroup(group: AppGroupFields): Promise<void> {
    const values = { name: group.name, en_name: group.enName, sort: group.sort };
    await this.db
      .insertInto('app_groups')
      .values({ code: group.code, ...values })
      .onConflict((oc) => oc.column('code').doUpdateSet(values))
      .execute();
  }

  async countAppsInGroup(code: string): Promise<number> {
    const row = await this.db
      .selectFrom('apps')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('group_code', '=', code)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async deleteGroup(code: string): Promise<void> {
    await this.db.deleteFrom('app_groups').where('code', '=', code).execute();
  }

  // -------------------------------------------------------------------------------------------
  // Icons

  async icons(): Promise<IconRecord[]> {
    return this.db
      .selectFrom('app_icons')
      .select(['app_code as appCode', 'variant', 'file_id as fileId'])
      .execute();
  }

  async setIcon(appCode: string, variant: string, fileId: string, now: number): Promise<void> {
    await this.db
      .insertInto('app_icons')
      .values({ app_code: appCode, variant, file_id: fileId, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['app_code', 'variant']).doUpdateSet({ file_id: fileId, updated_at: now }),
      )
      .execute();
  }

  async clearIcon(appCode: string, variant: string): Promise<void> {
    await this.db
      .deleteFrom('app_icons')
      .where('app_code', '=', appCode)
      .where('variant', '=', variant)
      .execute();
  }

  // -------------------------------------------------------------------------------------------
  // Resources (menus and permission codes)

  async resourcesOfApp(appCode: string): Promise<AdminResourceRecord[]> {
    return this.resourceQuery()
      .where('app_code', '=', appCode)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  async findResource(id: string): Promise<AdminResourceRecord | undefined> {
    return this.resourceQuery().where('id', '=', id).executeTakeFirst();
  }

  /** Whether another resource of the app has this permission code. */
  async resourceCodeTaken(
    appCode: string,
    code: string,
    exceptId: string | null,
  ): Promise<boolean> {
    let query = this.db
      .selectFrom('resources')
      .select('id')
      .where('app_code', '=', appCode)
      .where('code', '=', code);
    if (exceptId) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async countChildren(id: string): Promise<number> {
    const row = await this.db
      .selectFrom('resources')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('parent_id', '=', id)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async saveResource(resource: AdminResourceRecord, create: boolean): Promise<void> {
    const values = {
      app_code: resource.appCode,
      parent_id: resource.parentId,
      code: resource.code,
      name: resource.name,
      en_name: resource.enName,
      resource_type: resource.resourceType,
      menu_route: resource.menuRoute,
      user_types: resource.userTypes,
      roles: resource.roles,
      sort: resource.sort,
    };
    if (create) {
      await this.db
        .insertInto('resources')
        .values({ id: resource.id, ...values })
        .execute();
    } else {
      await this.db.updateTable('resources').set(values).where('id', '=', resource.id).execute();
    }
  }

  async deleteResource(id: string): Promise<void> {
    await this.db.deleteFrom('resources').where('id', '=', id).execute();
  }

  /** Every role a resource names, per app (for the console's role picker). */
  async rolesNamedByResources(): Promise<{ appCode: string; roles: string }[]> {
    return this.db
      .selectFrom('resources')
      .select(['app_code as appCode', 'roles'])
      .where('roles', 'is not', null)
      .execute() as Promise<{ appCode: string; roles: string }[]>;
  }

  private resourceQuery() {
    return this.db
      .selectFrom('resources')
      .select([
        'id',
        'app_code as appCode',
        'parent_id as parentId',
        'code',
        'name',
        'en_name as enName',
        'resource_type as resourceType',
        'menu_route as menuRoute',
        'user_types as userTypes',
        'roles',
        'sort',
      ]);
  }

  // -------------------------------------------------------------------------------------------
  // Roles

  async roleAssignments(unitId: string): Promise<RoleAssignmentRecord[]> {
    return this.db
      .selectFrom('user_roles')
      .innerJoin('users', 'users.id', 'user_roles.user_id')
      .select([
        'users.id as userId',
        'users.login_name as loginName',
        'users.real_name as realName',
        'users.user_type as userType',
        'user_roles.app_code as appCode',
        'user_roles.role as role',
      ])
      .where('users.unit_id', '=', unitId)
      .orderBy('users.login_name')
      .orderBy('user_roles.app_code')
      .orderBy('user_roles.role')
      .execute();
  }

  /** Gives the role; answers false when the user held it already. */
  async grantRole(userId: string, appCode: string, role: string): Promise<boolean> {
    const result = await this.db
      .insertInto('user_roles')
      .values({ user_id: userId, app_code: appCode, role })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Takes the role; answers false when the user did not hold it. */
  async revokeRole(userId: string, appCode: string, role: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('user_roles')
      .where('user_id', '=', userId)
      .where('app_code', '=', appCode)
      .where('role', '=', role)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  // -------------------------------------------------------------------------------------------
  // Licences

  async licencesOf(unitId: string): Promise<{ appCode: string; endTime: number }[]> {
    return this.db
      .selectFrom('licences')
      .select(['app_code as appCode', 'end_time as endTime'])
      .where('unit_id', '=', unitId)
      .execute();
  }
}

function appColumns(app: AppFields) {
  return {
    group_code: app.groupCode,
    name: app.name,
    short_name: app.shortName,
    english_name: app.englishName,
    english_short_name: app.englishShortName,
    server_id: app.serverId,
    deploy_path: app.deployPath,
    menu_route: app.menuRoute,
    front_user_type: app.frontUserType,
    limit_user_type: app.limitUserType,
    icon_color: app.iconColor,
  };
}
