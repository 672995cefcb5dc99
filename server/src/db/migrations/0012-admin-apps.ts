import type { Kysely } from 'kysely';

/**
 * The app console of issue 13 §2:
 * - `app_icons`: an uploaded image (a `files` id) replacing one theme variant's drawn icon
 *   (spec §3: gray, colour, cartoon); without a row the icon is drawn from the app's name;
 * - `resources.roles`: the roles of the app (comma-separated, as `user_types`) whose holders
 *   hold the resource too, so a permission can be granted to some teachers and not all (the
 *   roles are the `user_roles` rows of that app); null grants by user type only.
 * Portable DDL as in 0001 (text ids, bigint epoch-ms times).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_icons')
    .addColumn('app_code', 'text', (c) => c.notNull().references('apps.code'))
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('app_icons_pk', ['app_code', 'variant'])
    .execute();

  await db.schema.alterTable('resources').addColumn('roles', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('resources').dropColumn('roles').execute();
  await db.schema.dropTable('app_icons').ifExists().execute();
}
