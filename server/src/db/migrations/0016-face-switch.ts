import { sql, type Kysely } from 'kysely';

/**
 * The unit's face sign-in switch (issue 14 §1 "when the unit enables it"; docs/decisions.md):
 * `units.face_sign_in`, 1 when the login page may offer face sign-in (and a face is enrolled),
 * 0 (the default, so a new unit) when not. A unit that already has enrolled faces offered face
 * sign-in before the switch existed, so it starts switched on.
 * Portable DDL as in 0009: booleans are integers 0/1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('units')
    .addColumn('face_sign_in', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update units set face_sign_in = 1 where id in (select unit_id from face_records)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('units').dropColumn('face_sign_in').execute();
}
