/**
 * All SQL of the file store: the storage module owns `files` (docs/ARCHITECTURE.md), one
 * record per stored name and type of a content hash. Returns camelCase records, mapped here.
 */
import type { Kysely } from 'kysely';
import type { Database, FileTable } from '../../db/schema.ts';

/** A stored file as the rest of the server sees it (never the raw row). */
export interface FileRecord {
  id: string;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  createdAt: number;
}

export class StorageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findFile(id: string): Promise<FileRecord | undefined> {
    const row = await this.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toFileRecord(row);
  }

  /** An earlier record of the same content under the same name and type, if any. */
  async findSameFile(sha256: string, name: string, mime: string): Promise<FileRecord | undefined> {
    const row = await this.db
      .selectFrom('files')
      .selectAll()
      .where('sha256', '=', sha256)
      .where('name', '=', name)
      .where('mime', '=', mime)
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row && toFileRecord(row);
  }

  async insertFile(file: FileRecord): Promise<void> {
    await this.db
      .insertInto('files')
      .values({
        id: file.id,
        name: file.name,
        mime: file.mime,
        size: file.size,
        sha256: file.sha256,
        created_at: file.createdAt,
      })
      .execute();
  }
}

function toFileRecord(row: FileTable): FileRecord {
  return {
    id: row.id,
    name: row.name,
    mime: row.mime,
    size: Number(row.size),
    sha256: row.sha256,
    createdAt: Number(row.created_at),
  };
}
