/**
 * SQL of the versions module, which owns `app_server_versions` and `app_versions`
 * (docs/ARCHITECTURE.md). Returns camelCase records.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface ServerVersionRecord {
  serverVersion: string;
  webCodeVersion: string;
  date: string;
}

export class VersionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async serverVersion(appCode: string): Promise<ServerVersionRecord | undefined> {
    return this.db
      .selectFrom('app_server_versions')
      .select(['server_version as serverVersion', 'web_code_version as webCodeVersion', 'date'])
      .where('app_code', '=', appCode)
      .executeTakeFirst();
  }
}
