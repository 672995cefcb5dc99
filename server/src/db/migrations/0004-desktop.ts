import type { Kysely } from 'kysely';

/**
 * The desktop shell (issue 4): per-unit message configuration and single-sign-on URL, and the
 * per-user state the shell keeps: the left-layout lock (spec §2), recently used apps (spec §9,
 * 10 per user) and the icon drag order (spec §6, teachers and type 4). Portable DDL as in 0001
 * (text ids, bigint epoch-ms times, integer flags). A unit or user without a settings row has
 * the defaults (pcOpen 0, no SSO URL, unlocked).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('unit_desktop_settings')
    .addColumn('unit_id', 'text', (c) => c.primaryKey().references('units.id'))
    /** Spec §2: 1 shows a plain dot on the message bell instead of the count. */
    .addColumn('message_pc_open', 'integer', (c) => c.notNull().defaultTo(0))
    /** Spec §7 single-sign-on URL (`desktopEndpoints.ssoLoginUrl`); only http(s) URLs are stored and answered. */
    .addColumn('sso_login_url', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_desktop_prefs')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    /** Spec §2 Left layout: the sidebar's lock toggle, 1 locked. */
    .addColumn('left_locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_recent_apps')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('app_code', 'text', (c) => c.notNull().references('apps.code'))
    /** Strictly increasing per user, so two opens in the same millisecond keep their order. */
    .addColumn('used_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_recent_apps_pk', ['user_id', 'app_code'])
    .execute();
  await db.schema
    .createIndex('user_recent_apps_user_idx')
    .on('user_recent_apps')
    .columns(['user_id', 'used_at'])
    .execute();

  await db.schema
    .createTable('user_icon_orders')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('app_code', 'text', (c) => c.notNull().references('apps.code'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_icon_orders_pk', ['user_id', 'app_code'])
    .execute();

  // The to-do popup and the bell count read a user's open to-dos on every desktop load.
  await db.schema
    .createIndex('todos_user_idx')
    .on('todos')
    .columns(['user_id', 'done_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('todos_user_idx').ifExists().execute();
  await db.schema.dropTable('user_icon_orders').ifExists().execute();
  await db.schema.dropTable('user_recent_apps').ifExists().execute();
  await db.schema.dropTable('user_desktop_prefs').ifExists().execute();
  await db.schema.dropTable('unit_desktop_settings').ifExists().execute();
}
