/**
 * The SQL of face enrolment and clock-in (migration 0015): one face record per user, replaced on
 * re-enrolment, and the attendance rows. Records in camelCase, never rows.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
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

/** One enrolment as the console lists it. */
export interface EnrolledRecord {
  userId: string;
  loginName: string;
  realName: string;
  userType: number;
  enrolledAt: number;
}

/** One attendance row with its person, as the console lists and exports it. */
export interface AttendanceListed {
  id: string;
  userId: string;
  loginName: string;
  realName: string;
  clockedAt: number;
  device: string | null;
}

export interface AttendanceFilter {
  unitId: string;
  /** Part of a login name or a real name, any case. */
  user?: string;
  from?: number;
  to?: number;
  device?: string;
}

/** A contains-match in any case; `%`, `_` and `\` typed by the administrator match themselves. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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

  /** Removes a user's record (the descriptor); answers it as it was, for its photo. */
  async deleteByUser(userId: string): Promise<FaceRecordRow | undefined> {
    const row = await this.findByUser(userId);
    if (!row) return undefined;
    await this.db.deleteFrom('face_records').where('user_id', '=', userId).execute();
    return row;
  }

  /** A page of the unit's enrolments, newest first, and how many match in all. */
  async listEnrolled(search: {
    unitId: string;
    text?: string;
    offset: number;
    limit: number;
  }): Promise<{ total: number; rows: EnrolledRecord[] }> {
    let query = this.db
      .selectFrom('face_records')
      .innerJoin('users', 'users.id', 'face_records.user_id')
      .where('face_records.unit_id', '=', search.unitId);
    if (search.text) {
      const pattern = containsPattern(search.text);
      query = query.where((eb) =>
        eb.or(
          (['users.login_name', 'users.real_name'] as const).map(
            (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
          ),
        ),
      );
    }
    const counted = await query
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
      .executeTakeFirst();
    const rows = await query
      .select([
        'face_records.user_id as userId',
        'users.login_name as loginName',
        'users.real_name as realName',
        'users.user_type as userType',
        'face_records.created_at as enrolledAt',
      ])
      .orderBy('face_records.created_at', 'desc')
      .orderBy('face_records.user_id')
      .offset(search.offset)
      .limit(search.limit)
      .execute();
    return {
      total: Number(counted?.total ?? 0),
      rows: rows.map((r) => ({
        ...r,
        userType: Number(r.userType),
        enrolledAt: Number(r.enrolledAt),
      })),
    };
  }

  /** A page of the unit's attendance by the filter, newest first, and how many match in all. */
  async searchAttendance(
    filter: AttendanceFilter,
    page: { offset: number; limit: number },
  ): Promise<{ total: number; rows: AttendanceListed[] }> {
    const query = this.attendanceQuery(filter);
    const counted = await query
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
      .executeTakeFirst();
    const rows = await query
      .select([
        'face_attendance.id as id',
        'face_attendance.user_id as userId',
        'users.login_name as loginName',
        'users.real_name as realName',
        'face_attendance.clocked_at as clockedAt',
        'face_attendance.device as device',
      ])
      .orderBy('face_attendance.clocked_at', 'desc')
      .orderBy('face_attendance.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    return {
      total: Number(counted?.total ?? 0),
      rows: rows.map((r) => ({ ...r, clockedAt: Number(r.clockedAt) })),
    };
  }

  private attendanceQuery(
    filter: AttendanceFilter,
  ): SelectQueryBuilder<Database, 'face_attendance' | 'users', object> {
    let query = this.db
      .selectFrom('face_attendance')
      .innerJoin('users', 'users.id', 'face_attendance.user_id')
      .where('face_attendance.unit_id', '=', filter.unitId);
    if (filter.user) {
      const pattern = containsPattern(filter.user);
      query = query.where((eb) =>
        eb.or(
          (['users.login_name', 'users.real_name'] as const).map(
            (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
          ),
        ),
      );
    }
    if (filter.from !== undefined)
      query = query.where('face_attendance.clocked_at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('face_attendance.clocked_at', '<', filter.to);
    if (filter.device !== undefined)
      query = query.where('face_attendance.device', '=', filter.device);
    return query;
  }
}
