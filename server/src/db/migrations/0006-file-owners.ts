import type { Kysely } from 'kysely';

/**
 * Files get an owner (issue 11, DESIGN.md §7): every upload is a descriptor of its own for the
 * caller, pointing at a blob shared by content hash. `md5` is what the uploader announced and
 * the store verified (instant upload looks it up, `second_upload_check`); `unit_id` scopes that
 * look-up to the caller's unit, so one school cannot probe another's files by hash; and
 * `uploaded_by` is who may read the file besides what an owning feature grants. All three are
 * null on rows from before (the seeded unit logos), which no one uploaded.
 * Portable DDL as in 0005: one column per statement, as SQLite's ALTER TABLE takes one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  /** Lower-case hex MD5 of the content. */
  await db.schema.alterTable('files').addColumn('md5', 'text').execute();
  /** The uploader's unit when it was stored (a user may later move; the file stays). */
  await db.schema.alterTable('files').addColumn('unit_id', 'text').execute();
  /** The uploader's user id. No foreign key: a file outlives a removed account's rights. */
  await db.schema.alterTable('files').addColumn('uploaded_by', 'text').execute();
  // second_upload_check and the merge's retry read a unit's files by md5.
  await db.schema
    .createIndex('files_unit_md5_idx')
    .on('files')
    .columns(['unit_id', 'md5'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('files_unit_md5_idx').ifExists().execute();
  await db.schema.alterTable('files').dropColumn('uploaded_by').execute();
  await db.schema.alterTable('files').dropColumn('unit_id').execute();
  await db.schema.alterTable('files').dropColumn('md5').execute();
}
