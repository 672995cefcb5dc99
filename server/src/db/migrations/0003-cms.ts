import { sql, type Kysely } from 'kysely';

/**
 * The sample sub-app cms (school notices): notices per unit with an optional grade or
 * grade+class audience, and one read record per notice and student. Portable DDL as in
 * 0001 (text ids, bigint epoch-ms times).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cms_notices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('unit_id', 'text', (c) => c.notNull().references('units.id'))
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    /** Null: the whole unit. */
    .addColumn('audience_grade', 'text')
    /** Null: the whole grade; never set without audience_grade. */
    .addColumn('audience_class', 'text')
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint(
      'cms_notices_class_needs_grade',
      sql`audience_class is null or audience_grade is not null`,
    )
    .execute();
  await db.schema
    .createIndex('cms_notices_unit_published_idx')
    .on('cms_notices')
    .columns(['unit_id', 'published_at'])
    .execute();

  await db.schema
    .createTable('cms_notice_reads')
    .addColumn('notice_id', 'text', (c) => c.notNull().references('cms_notices.id'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id'))
    /** The parent who opened it for the student. */
    .addColumn('parent_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('cms_notice_reads_pk', ['notice_id', 'student_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cms_notice_reads').ifExists().execute();
  await db.schema.dropTable('cms_notices').ifExists().execute();
}
