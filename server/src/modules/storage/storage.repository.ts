import type { Kysely } from 'kysely';
import type { Database, FileTable } from '../../db/schema.ts';

export type FileRow = FileTable;

/** What an app icon is drawn from (apps table). */
export interface AppIconSource {
  code: string;
  name: string;
  shortName: string;
  englishShortName: string;
  iconColor: string;
}

export class StorageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findFile(id: string): Promise<FileRow | undefined> {
    return this.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** An earlier record of the same content under the same name and type, if any. */
  async findSameFile(sha256: string, name: string, mime: string): Promise<FileRow | undefined> {
    return this.db
      .selectFrom('files')
      .selectAll()
      .where('sha256', '=', sha256)
      .where('name', '=', name)
      .where('mime', '=', mime)
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  }

  async insertFile(row: FileRow): Promise<void> {
    await this.db.insertInto('files').values(row).execute();
  }

  /** undefined: no such unit; null: the unit has no logo. */
  async findUnitLogoFileId(unitId: string): Promise<string | null | undefined> {
    const row = await this.db
      .selectFrom('units')
      .select('logo_file_id')
      .where('id', '=', unitId)
      .executeTakeFirst();
    return row === undefined ? undefined : row.logo_file_id;
  }

  async findAppIconSource(code: string): Promise<AppIconSource | undefined> {
    const row = await this.db
      .selectFrom('apps')
      .select(['code', 'name', 'short_name', 'english_short_name', 'icon_color'])
      .where('code', '=', code)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      code: row.code,
      name: row.name,
      shortName: row.short_name,
      englishShortName: row.english_short_name,
      iconColor: row.icon_color,
    };
  }
}
