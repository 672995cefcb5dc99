import type { Kysely } from 'kysely';

/**
 * Bulk import of users (issue 13 §3, DESIGN.md §10):
 * - `users.phone`, `users.id_card`: optional, the spec §5 phone and identity card an import (or
 *   an administrator) gives an account; checked by the §5 validators before they are stored;
 * - `admin_import_results`: a committed import's new accounts with their initial passwords,
 *   waiting to be downloaded once. The content is AES-256-GCM encrypted under a key only the
 *   administrator holds (the result id handed back by the commit); the row is found by the
 *   SHA-256 of that key, so the database alone reveals no password. Deleted when downloaded or
 *   expired.
 * Portable DDL as in 0009; one column per ALTER TABLE, as SQLite takes one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('phone', 'text').execute();
  await db.schema.alterTable('users').addColumn('id_card', 'text').execute();

  await db.schema
    .createTable('admin_import_results')
    .addColumn('key_hash', 'text', (c) => c.primaryKey())
    .addColumn('unit_id', 'text', (c) => c.notNull().references('units.id'))
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('admin_import_results_expires')
    .on('admin_import_results')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_import_results').execute();
  await db.schema.alterTable('users').dropColumn('id_card').execute();
  await db.schema.alterTable('users').dropColumn('phone').execute();
}
