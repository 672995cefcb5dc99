import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL only: a statement trigger on each watched table (server/src/db/table-changes.ts)
 * that sends pg_notify(TABLE_CHANGES_CHANNEL, the table's name), delivered at commit to every
 * server listening, so their caches of these tables hear every change, whoever made it (issue
 * 15 §1). SQLite has no notices; its server keeps no such cache.
 * The names are written out, not imported: an applied migration never changes; a later change
 * to the watched tables is a migration of its own (table-changes.test.ts checks they agree).
 */
const CHANNEL = 'campus_table_changes';
const TABLES = ['apps', 'licences', 'units', 'unit_desktop_settings', 'user_roles'];

function onPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export { CHANNEL as NOTICE_CHANNEL, TABLES as NOTICE_TABLES };

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  await sql
    .raw(
      `create or replace function campus_table_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('${CHANNEL}', tg_table_name);
  return null;
end $$`,
    )
    .execute(db);
  for (const table of TABLES) {
    await sql
      .raw(
        `create trigger campus_table_changed after insert or update or delete or truncate on ${table}
  for each statement execute function campus_table_changed()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  for (const table of TABLES) {
    await sql.raw(`drop trigger if exists campus_table_changed on ${table}`).execute(db);
  }
  await sql.raw('drop function if exists campus_table_changed()').execute(db);
}
