/**
 * All SQL of the file store: the storage module owns `files` (docs/ARCHITECTURE.md). A record
 * is a descriptor: a name, a type and an owner pointing at a blob by its content hash, so two
 * records may share one blob (two uploads of the same bytes, an instant upload). Returns
 * camelCase records, mapped here.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, FileTable } from '../../db/schema.ts';

/** A stored file as the rest of the server sees it (never the raw row). */
export interface FileRecord {
  id: string;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  createdAt: number;
  /** Lower-case hex MD5; null on records from before migration 0006. */
  md5: string | null;
  /** The uploader's unit; null for files no one uploaded (seeded logos). */
  unitId: string | null;
  /** The uploader; null for files no one uploaded. */
  uploadedBy: string | null;
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

  /** The records of these ids that exist (in no particular order). */
  async findFiles(ids: readonly string[]): Promise<FileRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('files')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
    return rows.map(toFileRecord);
  }

  /**
   * An earlier record of the same content under the same name and type that no one uploaded
   * (a seeded logo), if any: putting it again adds nothing. Uploads always get their own.
   */
  async findSameFile(sha256: string, name: string, mime: string): Promise<FileRecord | undefined> {
    const row = await this.db
      .selectFrom('files')
      .selectAll()
      .where('sha256', '=', sha256)
      .where('name', '=', name)
      .where('mime', '=', mime)
      .where('uploaded_by', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row && toFileRecord(row);
  }

  /**
   * The newest file of a unit with this MD5 (DESIGN.md §7 instant upload: only inside the
   * caller's unit), optionally of this size.
   */
  async findUnitFileByMd5(
    unitId: string,
    md5: string,
    size?: number,
  ): Promise<FileRecord | undefined> {
    let query = this.db
      .selectFrom('files')
      .selectAll()
      .where('unit_id', '=', unitId)
      .where('md5', '=', md5.toLowerCase());
    if (size !== undefined) query = query.where('size', '=', size);
    const row = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && toFileRecord(row);
  }

  /** The newest file this user stored in this unit with this MD5 and size since `since`. */
  async findRecentUpload(
    owner: { userId: string; unitId: string },
    md5: string,
    size: number,
    since: number,
  ): Promise<FileRecord | undefined> {
    const row = await this.db
      .selectFrom('files')
      .selectAll()
      .where('unit_id', '=', owner.unitId)
      .where('md5', '=', md5.toLowerCase())
      .where('uploaded_by', '=', owner.userId)
      .where('size', '=', size)
      .where('created_at', '>=', since)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && toFileRecord(row);
  }

  /** Removes a record; answers whether another record still points at its blob. */
  async deleteFile(id: string, sha256: string): Promise<{ blobShared: boolean }> {
    await this.db.deleteFrom('files').where('id', '=', id).execute();
    const other = await this.db
      .selectFrom('files')
      .select('id')
      .where('sha256', '=', sha256)
      .limit(1)
      .executeTakeFirst();
    return { blobShared: other !== undefined };
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
        md5: file.md5?.toLowerCase() ?? null,
        unit_id: file.unitId,
        uploaded_by: file.uploadedBy,
      })
      .execute();
  }
}

function toFileRecord(row: Selectable<FileTable>): FileRecord {
  return {
    id: row.id,
    name: row.name,
    mime: row.mime,
    size: Number(row.size),
    sha256: row.sha256,
    createdAt: Number(row.created_at),
    md5: row.md5,
    unitId: row.unit_id,
    uploadedBy: row.uploaded_by,
  };
}
