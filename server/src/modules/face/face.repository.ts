/**
 * The SQL of face enrolment and clock-in (migration 0015): one face record per user, replaced on
 * re-enrolment, and the attendance rows. Records in camelCase, never rows.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface FaceRecordRow {
  userId: string;
  unitId: string;
  fileId: string;
  /** base64 of float32 LE (face-rules.ts `decodeDescriptor`). */
  descriptor: string;
  enrolledBy: string;
  createdAt: number;
}

export interface AttendanceRecord {
  id: string;
  userId: string;
  unitId: string;
  clockedAt: number;
  device: string | null;
}

/** What changes whenever a unit's enrolments change: the search cache's key (face.service.ts). */
export interface UnitFaceVersion {
  count: number;
  latest: number | null;
}

const recordColumns = [
  'user_id as userId',
  'unit_id as unitId',
  'file_id as fileId',
  'descriptor',
  'enrolled_by as enrolledBy',
  'created_at as createdAt',
] as const;

export class FaceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findByUser(userId: string): Promise<FaceRecordRow | undefined> {
    return this.db
      .selectFrom('face_records')
      .select(recordColumns)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Enrols or re-enrols: the user's one record now holds this photo and descriptor. */
  async upsert(record: FaceRecordRow): Promise<void> {
    await this.db
      .insertInto('face_records')
      .values({
        user_id: record.userId,
        unit_id: record.unitId,
        file_id: record.fileId,
        descriptor: record.descriptor,
        enrolled_by: record.enrolledBy,
        created_at: record.createdAt,
      })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          unit_id: record.unitId,
          file_id: record.fileId,
          descriptor: record.descriptor,
          enrolled_by: record.enrolledBy,
          created_at: record.createdAt,
        }),
      )
      .execute();
  }

  async unitVersion(unitId: string): Promise<UnitFaceVersion> {
    const row = await this.db
      .selectFrom('face_records')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('count'),
        eb.fn.max('created_at').as('latest'),
      ])
      .where('unit_id', '=', unitId)
      .executeTakeFirstOrThrow();
    return {
      count: Number(row.count),
      latest: row.latest === null || row.latest === undefined ? null : Number(row.latest),
    };
  }

  /** Every descriptor enrolled in the unit: the 1:N search's gallery. */
  async descriptorsOfUnit(unitId: string): Promise<{ userId: string; descriptor: string }[]> {
    return this.db
      .selectFrom('face_records')
      .select(['user_id as userId', 'descriptor'])
      .where('unit_id', '=', unitId)
      .execute();
  }

  async insertAttendance(record: AttendanceRecord): Promise<void> {
    await this.db
      .insertInto('face_attendance')
      .values({
        id: record.id,
        user_id: record.userId,
        unit_id: record.unitId,
        clocked_at: record.clockedAt,
        device: record.device,
      })
      .execute();
  }
}
