import { sql, type Kysely } from 'kysely';
import type {
  AuditLogTable,
  Database,
  StudentTable,
  UnitTable,
  UserTable,
} from '../../db/schema.ts';
import { BaseRepository } from '../base/base.repository.ts';

export type UnitRow = UnitTable;
export type UserRow = UserTable;
export type StudentRow = StudentTable;
export type AuditRow = AuditLogTable;

export interface RevokedCounts {
  sessions: number;
  refreshTokens: number;
  deviceCredentials: number;
}

export class AdminRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repository: AdminRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new AdminRepository(trx)));
  }

  findUnit(id: string): Promise<UnitRow | undefined> {
    return this.db.selectFrom('units').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertUnit(row: UnitRow): Promise<void> {
    await this.db.insertInto('units').values(row).execute();
  }

  findUserByLogin(loginName: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('login_name', '=', loginName)
      .executeTakeFirst();
  }

  /** Case-insensitive, so that `Teacher` cannot be created beside `teacher`. */
  async loginNameTaken(loginName: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(login_name)`, '=', loginName.toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertUser(row: UserRow): Promise<void> {
    await this.db.insertInto('users').values(row).execute();
  }

  /** New password; an administrator's reset also lifts a sign-in lockout. */
  async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        failed_count: 0,
        first_failed_at: null,
        locked_until: null,
      })
      .where('id', '=', userId)
      .execute();
  }

  async setCurrentChildIfEmpty(parentId: string, studentId: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ current_child_id: studentId })
      .where('id', '=', parentId)
      .where('current_child_id', 'is', null)
      .execute();
  }

  /** Revokes every live session, refresh token and device credential of the user. */
  async revokeAllCredentials(userId: string, now: number): Promise<RevokedCounts> {
    const sessions = await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    const refreshTokens = await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    const deviceCredentials = await this.db
      .updateTable('device_credentials')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return {
      sessions: Number(sessions.numUpdatedRows),
      refreshTokens: Number(refreshTokens.numUpdatedRows),
      deviceCredentials: Number(deviceCredentials.numUpdatedRows),
    };
  }

  findStudent(id: string): Promise<StudentRow | undefined> {
    return this.db.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertStudent(row: StudentRow): Promise<void> {
    await this.db.insertInto('students').values(row).execute();
  }

  /** True when the link was added, false when it already existed. */
  async linkParentChild(parentId: string, studentId: string, now: number): Promise<boolean> {
    const result = await this.db
      .insertInto('parent_children')
      .values({ parent_id: parentId, student_id: studentId, created_at: now })
      .onConflict((oc) => oc.columns(['parent_id', 'student_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** The teacher ↔ parent links either account already takes part in. */
  findUserLinks(
    teacherId: string,
    parentId: string,
  ): Promise<{ teacher_id: string; parent_id: string }[]> {
    return this.db
      .selectFrom('user_links')
      .select(['teacher_id', 'parent_id'])
      .where((eb) => eb.or([eb('teacher_id', '=', teacherId), eb('parent_id', '=', parentId)]))
      .execute();
  }

  async insertUserLink(teacherId: string, parentId: string, now: number): Promise<void> {
    await this.db
      .insertInto('user_links')
      .values({ teacher_id: teacherId, parent_id: parentId, created_at: now })
      .execute();
  }

  /** The code of an app named by its code, else by its server id (spec §7 `serverId`). */
  async findAppCode(codeOrServerId: string): Promise<string | undefined> {
    const byCode = await this.db
      .selectFrom('apps')
      .select('code')
      .where('code', '=', codeOrServerId)
      .executeTakeFirst();
    if (byCode) return byCode.code;
    const byServer = await this.db
      .selectFrom('apps')
      .select('code')
      .where('server_id', '=', codeOrServerId)
      .execute();
    // A server id shared by several apps names none of them.
    return byServer.length === 1 ? byServer[0]?.code : undefined;
  }

  /** The licence's end as the base module's licence check reads it. */
  licenceEnd(unitId: string, appCode: string): Promise<number | undefined> {
    return new BaseRepository(this.db).licenceEnd(unitId, appCode);
  }

  /** Creates or replaces the unit's licence for the app. */
  async upsertLicence(unitId: string, appCode: string, endTime: number): Promise<void> {
    await this.db
      .insertInto('licences')
      .values({ unit_id: unitId, app_code: appCode, end_time: endTime })
      .onConflict((oc) => oc.columns(['unit_id', 'app_code']).doUpdateSet({ end_time: endTime }))
      .execute();
  }

  /** The unit's desktop settings row (issue 4), if it has one. */
  unitDesktopSettings(
    unitId: string,
  ): Promise<{ message_pc_open: number; sso_login_url: string | null } | undefined> {
    return this.db
      .selectFrom('unit_desktop_settings')
      .select(['message_pc_open', 'sso_login_url'])
      .where('unit_id', '=', unitId)
      .executeTakeFirst();
  }

  /** Creates or changes the unit's desktop settings; unnamed settings keep their value. */
  async upsertUnitDesktopSettings(
    unitId: string,
    change: { messagePcOpen?: number; ssoLoginUrl?: string | null },
    now: number,
  ): Promise<void> {
    const set = {
      ...(change.messagePcOpen !== undefined ? { message_pc_open: change.messagePcOpen } : {}),
      ...(change.ssoLoginUrl !== undefined ? { sso_login_url: change.ssoLoginUrl } : {}),
      updated_at: now,
    };
    await this.db
      .insertInto('unit_desktop_settings')
      .values({
        unit_id: unitId,
        message_pc_open: change.messagePcOpen ?? 0,
        sso_login_url: change.ssoLoginUrl ?? null,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('unit_id').doUpdateSet(set))
      .execute();
  }

  async insertAudit(row: AuditRow): Promise<void> {
    await this.db.insertInto('audit_log').values(row).execute();
  }
}
