import type { Kysely } from 'kysely';

/**
 * A notice's attached files (issue 11 §4): links from a notice to the storage's file records,
 * in the order the publisher gave. The files themselves are the storage's; the cms owns only
 * the links, and answers "who may read this file" for them (DESIGN.md §7).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cms_notice_attachments')
    .addColumn('notice_id', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('cms_notice_attachments_pk', ['notice_id', 'file_id'])
    .execute();
  // Every download of an attachment asks which notices hold the file.
  await db.schema
    .createIndex('cms_notice_attachments_file')
    .on('cms_notice_attachments')
    .column('file_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cms_notice_attachments').execute();
}
