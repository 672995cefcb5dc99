import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export class VersionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async serverVersion(
    appCode: string,
  ): Promise<{ serverVersion: string; webCodeVersion: string; date: string } | undefined> {
    return this.db
      .selectFrom('app_server_versions')
      .select(['server_version as serverVersion', 'web_code_version as webCodeVersion', 'date'])
      .where('app_code', '=', appCode)
      .executeTakeFirst();
  }
}
