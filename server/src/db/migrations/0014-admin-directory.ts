import type { Kysely } from 'kysely';

/**
 * The administration console's users and audit log (issue 13 §2, DESIGN.md §10):
 * - (`users.phone`, searched and edited by the unit's administrator, comes with 0013;)
 * - an index on `users (unit_id, login_name)`: the console lists a unit's accounts by login name;
 * - an index on `audit_log (unit_id, at)`: the console searches the log of its units, newest
 *   first.
 * Portable DDL as in 0004; one column per ALTER TABLE, as SQLite takes one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('users_unit_login')
    .on('users')
    .columns(['unit_id', 'login_name'])
    .execute();
  await db.schema
    .createIndex('audit_log_unit_at')
    .on('audit_log')
    .columns(['unit_id', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_unit_at').execute();
  await db.schema.dropIndex('users_unit_login').execute();
}
