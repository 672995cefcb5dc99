/** SQL of the base platform: licences, roles and units as the start-up checks read them. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export class BaseRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async appExists(code: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('apps')
      .select('code')
      .where('code', '=', code)
      .executeTakeFirst();
    return row !== undefined;
  }

  async licenceEnd(unitId: string, appCode: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('licences')
      .select('end_time')
      .where('unit_id', '=', unitId)
      .where('app_code', '=', appCode)
      .executeTakeFirst();
    return row?.end_time;
  }

  async hasRole(userId: string, appCode: string, role: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_roles')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('app_code', '=', appCode)
      .where('role', '=', role)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The unit's parent, to let an area's staff look at its schools. */
  async parentUnitOf(unitId: string): Promise<string | null | undefined> {
    const row = await this.db
      .selectFrom('units')
      .select('parent_id')
      .where('id', '=', unitId)
      .executeTakeFirst();
    return row ? row.parent_id : undefined;
  }

  /** The app's resources held by a user type, in menu order; the service builds the tree. */
  async resourcesFor(appCode: string, userType: number): Promise<ResourceRecord[]> {
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
      ])
      .where('app_code', '=', appCode)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.filter((r) =>
      r.userTypes
        .split(',')
        .map((t) => t.trim())
        .includes(String(userType)),
    );
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
