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

  /** Sets what `{code}_package_versions` answers for the app. */
  async saveServerVersion(appCode: string, record: ServerVersionRecord): Promise<void> {
    const values = {
      server_version: record.serverVersion,
      web_code_version: record.webCodeVersion,
      date: record.date,
    };
    await this.db
      .insertInto('app_server_versions')
      .values({ app_code: appCode, ...values })
      .onConflict((oc) => oc.column('app_code').doUpdateSet(values))
      .execute();
  }

  /** The app's release records (spec §3 version record), newest date first. */
  async releases(appCode: string): Promise<ReleaseRecord[]> {
    const rows = await this.db
      .selectFrom('app_versions')
      .select(['id', 'app_code', 'version', 'date', 'metto'])
      .where('app_code', '=', appCode)
      .orderBy('date', 'desc')
      .orderBy('version', 'desc')
      .execute();
    return rows.map(toRelease);
  }

  async findRelease(id: string): Promise<ReleaseRecord | undefined> {
    const row = await this.db
      .selectFrom('app_versions')
      .select(['id', 'app_code', 'version', 'date', 'metto'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toRelease(row) : undefined;
  }

  async saveRelease(release: ReleaseRecord, create: boolean): Promise<void> {
    const values = {
      app_code: release.appCode,
      version: release.version,
      date: release.date,
      metto: JSON.stringify(release.metto),
    };
    if (create) {
      await this.db
        .insertInto('app_versions')
        .values({ id: release.id, ...values })
        .execute();
    } else {
      await this.db.updateTable('app_versions').set(values).where('id', '=', release.id).execute();
    }
  }

  async deleteRelease(id: string): Promise<void> {
    await this.db.deleteFrom('app_versions').where('id', '=', id).execute();
  }
}

/** One release's notes (spec §3 version record: version, date, metto `[{ cn, en }]`). */
export interface ReleaseRecord {
  id: string;
  appCode: string;
  version: string;
  date: string;
  metto: { cn: string; en: string }[];
}

function toRelease(row: {
  id: string;
  app_code: string;
  version: string;
  date: string;
  metto: string;
}): ReleaseRecord {
  let metto: ReleaseRecord['metto'] = [];
  try {
    const parsed: unknown = JSON.parse(row.metto);
    if (Array.isArray(parsed)) {
      metto = parsed
        .filter((n): n is { cn?: unknown; en?: unknown } => typeof n === 'object' && n !== null)
        .map((n) => ({
          cn: typeof n.cn === 'string' ? n.cn : '',
          en: typeof n.en === 'string' ? n.en : '',
        }));
    }
  } catch {
    // A record written by hand that is not JSON shows no notes rather than failing the list.
  }
  return { id: row.id, appCode: row.app_code, version: row.version, date: row.date, metto };
}
