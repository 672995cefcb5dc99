import type { Kysely } from 'kysely';

/**
 * One feed of messages, to-dos and badges from every app (issue 13 §4, DESIGN.md §10):
 * - `app_credentials`: an app's client credential for one unit (its own and, for an area, the
 *   schools under it), only the secret's SHA-256 kept; one per app and unit, rotated in place;
 * - `feed_sends`: each message or to-do sent to an audience (by an app's server, the console
 *   or cms), with what was addressed, so the console lists them with their read counts;
 * - `app_badges`: the per-user unread count an app sets for its icon (spec §3 unReadCodeCount);
 * - `messages.send_id`, `todos.send_id`: the send a row came from (null for older rows).
 * Portable DDL as in 0010; one column per ALTER TABLE, as SQLite takes one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_credentials')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('app_code', 'text', (c) => c.notNull().references('apps.code'))
    .addColumn('unit_id', 'text', (c) => c.notNull().references('units.id'))
    /** SHA-256 (hex) of the secret: 256 random bits, so a fast hash is enough (no guessing). */
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    /** The administrator who made or last rotated it; null from the CLI. */
    .addColumn('created_by', 'text')
    .addUniqueConstraint('app_credentials_app_unit', ['app_code', 'unit_id'])
    .execute();

  await db.schema
    .createTable('feed_sends')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** 'message' or 'todo'. */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** No reference: the console sends as `base`, which a fresh database need not list yet. */
    .addColumn('app_code', 'text', (c) => c.notNull())
    /** The unit addressed. */
    .addColumn('unit_id', 'text', (c) => c.notNull().references('units.id'))
    /** The console's author, or null for an app (then `client_id`, or cms in process). */
    .addColumn('sender_user_id', 'text')
    .addColumn('client_id', 'text')
    /** The message's text (messageMeno) or the to-do's title. */
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('importance', 'integer')
    .addColumn('url', 'text')
    /** JSON text: { gradeName, className, userTypes, userIds } as addressed. */
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('recipient_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('feed_sends_unit_idx')
    .on('feed_sends')
    .columns(['unit_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('app_badges')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('app_code', 'text', (c) => c.notNull().references('apps.code'))
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('app_badges_pk', ['user_id', 'app_code'])
    .execute();

  await db.schema.alterTable('messages').addColumn('send_id', 'text').execute();
  await db.schema.createIndex('messages_send_idx').on('messages').column('send_id').execute();
  await db.schema.alterTable('todos').addColumn('send_id', 'text').execute();
  await db.schema.createIndex('todos_send_idx').on('todos').column('send_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('todos_send_idx').ifExists().execute();
  await db.schema.alterTable('todos').dropColumn('send_id').execute();
  await db.schema.dropIndex('messages_send_idx').ifExists().execute();
  await db.schema.alterTable('messages').dropColumn('send_id').execute();
  await db.schema.dropTable('app_badges').ifExists().execute();
  await db.schema.dropIndex('feed_sends_unit_idx').ifExists().execute();
  await db.schema.dropTable('feed_sends').ifExists().execute();
  await db.schema.dropTable('app_credentials').ifExists().execute();
}
