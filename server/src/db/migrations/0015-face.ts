import type { Kysely } from 'kysely';

/**
 * Face enrolment and clock-in (issue 14 §2; DESIGN.md §9):
 * - `face_records`: one enrolled face per user, replaced on re-enrolment: the unit it is searched
 *   in (1:N within the unit), the photo's file in the file store, and face-api's 128-d
 *   descriptor as base64 of little-endian float32 (512 bytes, portable text);
 * - `face_attendance`: a clock-in row per recognised person (user, time, device).
 * Portable DDL as in 0009: text ids, bigint epoch-ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('face_records')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('unit_id', 'text', (c) => c.notNull().references('units.id'))
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('descriptor', 'text', (c) => c.notNull())
    .addColumn('enrolled_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('face_records_unit').on('face_records').column('unit_id').execute();

  await db.schema
    .createTable('face_attendance')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('unit_id', 'text', (c) => c.notNull())
    .addColumn('clocked_at', 'bigint', (c) => c.notNull())
    .addColumn('device', 'text')
    .execute();
  await db.schema
    .createIndex('face_attendance_unit_time')
    .on('face_attendance')
    .columns(['unit_id', 'clocked_at'])
    .execute();
  await db.schema
    .createIndex('face_attendance_user')
    .on('face_attendance')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('face_attendance_user').execute();
  await db.schema.dropIndex('face_attendance_unit_time').execute();
  await db.schema.dropTable('face_attendance').execute();
  await db.schema.dropIndex('face_records_unit').execute();
  await db.schema.dropTable('face_records').execute();
}
