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
}
