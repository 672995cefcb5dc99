import type { Kysely } from 'kysely';

/**
 * Password self-service and ticket sign-in (issue 12 §3, §4; DESIGN.md §8):
 * - `users.email`: optional, where a forgotten-password link is sent;
 * - `units.ticket_issuer_url`: the unit's trusted CAS-style ticket issuer (its URL prefix, as
 *   `…/serviceValidate` is appended); null: no ticket path, so a `?ticket=` visit gets the
 *   spec §8 notification. The unit's SSO URL already lives in `unit_desktop_settings` (0004);
 * - `password_reset_tokens`: one-time links, only the SHA-256 of the token kept;
 * - `used_tickets`: every ticket presented, by its SHA-256, so a replay is refused before the
 *   issuer is asked.
 * Portable DDL as in 0004; one column per ALTER TABLE, as SQLite takes one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email', 'text').execute();
  await db.schema.createIndex('users_email').on('users').column('email').execute();
  await db.schema.alterTable('units').addColumn('ticket_issuer_url', 'text').execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_user')
    .on('password_reset_tokens')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('used_tickets')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('unit_id', 'text', (c) => c.notNull())
    .addColumn('used_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('used_tickets').execute();
  await db.schema.dropTable('password_reset_tokens').execute();
  await db.schema.alterTable('units').dropColumn('ticket_issuer_url').execute();
  await db.schema.dropIndex('users_email').execute();
  await db.schema.alterTable('users').dropColumn('email').execute();
}
