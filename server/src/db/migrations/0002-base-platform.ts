import type { Kysely } from 'kysely';

/**
 * The base platform's tables for the shared runtime (issue 3): per-app server versions
 * (spec §7 `{code}_package_versions`) and menu resources with permission codes (spec §6
 * access check and permission tree).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_server_versions')
    .addColumn('app_code', 'text', (c) => c.primaryKey())
    .addColumn('server_version', 'text', (c) => c.notNull())
    /** The lowest front-end version this server works with. */
    .addColumn('web_code_version', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('resources')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('app_code', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text')
    /** The permission code routes and elements are filtered by (spec §6). */
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('en_name', 'text', (c) => c.notNull())
    /** 1 a module or folder, 2 a page (spec §3 menu entry), 3 a button. */
    .addColumn('resource_type', 'integer', (c) => c.notNull())
    .addColumn('menu_route', 'text')
    /** Comma-separated user types that hold this resource. */
    .addColumn('user_types', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('resources_app_idx').on('resources').column('app_code').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('resources').ifExists().execute();
  await db.schema.dropTable('app_server_versions').ifExists().execute();
}
