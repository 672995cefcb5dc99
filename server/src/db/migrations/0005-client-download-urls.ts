import type { Kysely } from 'kysely';

/**
 * The desktop client's per-unit download addresses (issue 10 §4, spec §2 download-client
 * dialog): a unit's administrator may give the installer's and the portable package's address
 * instead of (or over) the files of CLIENT_DOWNLOADS_DIR. Null: the folder's file, if any.
 * Portable DDL as in 0004; one column per statement, as SQLite's ALTER TABLE takes one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('unit_desktop_settings')
    /** An absolute http(s) URL (contracts' clientPackageUrl), checked again when answered. */
    .addColumn('client_installer_url', 'text')
    .execute();
  await db.schema
    .alterTable('unit_desktop_settings')
    .addColumn('client_portable_url', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('unit_desktop_settings').dropColumn('client_portable_url').execute();
  await db.schema.alterTable('unit_desktop_settings').dropColumn('client_installer_url').execute();
}
