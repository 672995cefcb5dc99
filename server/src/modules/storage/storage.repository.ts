/**
 * All SQL of the file store: the storage module owns `files` (docs/ARCHITECTURE.md), one
 * record per stored name and type of a content hash.
 */
import type { Kysely } from 'kysely';
import type { Database, FileTable } from '../../db/schema.ts';

export type FileRow = FileTable;

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
}
