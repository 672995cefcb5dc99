/**
 * All SQL of the sign-in domain. Returns plain records; the services decide and the
 * routes present. Token columns hold SHA-256 hashes only.
 */
import type { Kysely } from 'kysely';
import type {
  Database,
  SessionTable,
  RefreshTokenTable,
  DeviceCredentialTable,
} from '../../db/schema.ts';

export interface UserRecord {
  id: string;
  unitId: string;
  loginName: string;
  realName: string;
  userType: number;
  passwordHash: string;
  status: number;
  failedCount: number;
  firstFailedAt: number | null;
  lockedUntil: number | null;
  unitType: number;
  unitStatus: number;
}

/** The signed-in user as every authenticated request sees it. */
export interface SessionUserRecord {
  sessionId: string;
  familyId: string;
  accessExpiresAt: number;
  userId: string;
  userType: number;
  unitId: string;
  unitType: number;
  realName: string;
  loginName: string;
  avatar: string | null;
  sex: number;
  superman: number;
  userStatus: number;
  theme: string | null;
  themeColor: string | null;
  currentLayout: string | null;
  langType: string | null;
  currentChildId: string | null;
  unitName: string;
  unitEnName: string | null;
  unitStatus: number;
}

export interface UnitRecord {
  id: string;
  name: string;
  enName: string | null;
  unitType: number;
  status: number;
  logoFileId: string | null;
  footer: string | null;
  footerLink: string | null;
  helpCenter: number;
  autologin: number;
  decorationSet: string | null;
}

export interface ChildRecord {
  id: string;
  /** The student's own unit (a parent's children normally share the parent's). */
  unitId: string;
  realName: string;
  gradeName: string;
  className: string;
}

export class UaaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findUserByLoginName(loginName: string): Promise<UserRecord | undefined> {
    return this.userQuery().where('users.login_name', '=', loginName).executeTakeFirst();
  }

  async findUserById(id: string): Promise<UserRecord | undefined> {
    return this.userQuery().where('users.id', '=', id).executeTakeFirst();
  }

  private userQuery() {
    return this.db
      .selectFrom('users')
      .innerJoin('units', 'units.id', 'users.unit_id')
      .select([
        'users.id as id',
        'users.unit_id as unitId',
        'users.login_name as loginName',
        'users.real_name as realName',
        'users.user_type as userType',
        'users.password_hash as passwordHash',
        'users.status as status',
        'users.failed_count as failedCount',
        'users.first_failed_at as firstFailedAt',
        'users.locked_until as lockedUntil',
        'units.unit_type as unitType',
        'units.status as unitStatus',
      ]);
  }

  async setFailureState(
    userId: string,
    state: { failedCount: number; firstFailedAt: number | null; lockedUntil: number | null },
  ): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        failed_count: state.failedCount,
        first_failed_at: state.firstFailedAt,
        locked_until: state.lockedUntil,
      })
      .where('id', '=', userId)
      .execute();
  }

  async insertSession(row: SessionTable): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  async insertRefreshToken(row: RefreshTokenTable): Promise<void> {
    await this.db.insertInto('refresh_tokens').values(row).execute();
  }

  async insertDeviceCredential(row: DeviceCredentialTable): Promise<void> {
    await this.db.insertInto('device_credentials').values(row).execute();
  }

  /** One indexed join: the hot path of every authenticated request. */
  async findSessionUser(
    accessTokenHash: string,
  ): Promise<(SessionUserRecord & { revokedAt: number | null }) | undefined> {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .innerJoin('units', 'units.id', 'users.unit_id')
      .select([
        'sessions.id as sessionId',
        'sessions.family_id as familyId',
        'sessions.access_expires_at as accessExpiresAt',
        'sessions.revoked_at as revokedAt',
        'users.id as userId',
        'users.user_type as userType',
        'users.unit_id as unitId',
        'units.unit_type as unitType',
        'users.real_name as realName',
        'users.login_name as loginName',
        'users.avatar as avatar',
        'users.sex as sex',
        'users.superman as superman',
        'users.status as userStatus',
        'users.theme as theme',
        'users.theme_color as themeColor',
        'users.current_layout as currentLayout',
        'users.lang_type as langType',
        'users.current_child_id as currentChildId',
        'units.name as unitName',
        'units.en_name as unitEnName',
        'units.status as unitStatus',
      ])
      .where('sessions.access_token_hash', '=', accessTokenHash)
      .executeTakeFirst();
  }

  async findRefreshToken(tokenHash: string): Promise<RefreshTokenTable | undefined> {
    return this.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Marks a refresh token used; false when another request used it first (a race or a reuse). */
  async markRefreshUsed(id: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('refresh_tokens')
      .set({ used_at: at })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async findDeviceCredential(
    kind: string,
    tokenHash: string,
  ): Promise<DeviceCredentialTable | undefined> {
    return this.db
      .selectFrom('device_credentials')
      .selectAll()
      .where('kind', '=', kind)
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async markCredentialUsed(id: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('device_credentials')
      .set({ used_at: at })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async revokeCredential(id: string, at: number): Promise<void> {
    await this.db
      .updateTable('device_credentials')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Ends every session, refresh token and app-client id of one sign-in. */
  async revokeFamily(familyId: string, at: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .execute();
      await trx
        .updateTable('refresh_tokens')
        .set({ revoked_at: at })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .execute();
      await trx
        .updateTable('device_credentials')
        .set({ revoked_at: at })
        .where('family_id', '=', familyId)
        .where('kind', '=', 'client')
        .where('revoked_at', 'is', null)
        .execute();
    });
  }

  /** Sessions of a family other than `keepSessionId`: after a refresh only the newest stays. */
  async revokeOtherSessions(familyId: string, keepSessionId: string, at: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('family_id', '=', familyId)
      .where('id', '!=', keepSessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** True when the two accounts are a linked teacher and parent, in either order (spec §6). */
  async areLinked(userA: string, userB: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_links')
      .select('teacher_id')
      .where((eb) =>
        eb.or([
          eb.and([eb('teacher_id', '=', userA), eb('parent_id', '=', userB)]),
          eb.and([eb('teacher_id', '=', userB), eb('parent_id', '=', userA)]),
        ]),
      )
      .executeTakeFirst();
    return row !== undefined;
  }

  async findLinkedAccount(userId: string): Promise<{ id: string; userType: number } | undefined> {
    const asTeacher = await this.db
      .selectFrom('user_links')
      .innerJoin('users', 'users.id', 'user_links.parent_id')
      .select(['users.id as id', 'users.user_type as userType'])
      .where('user_links.teacher_id', '=', userId)
      .executeTakeFirst();
    if (asTeacher) return asTeacher;
    return this.db
      .selectFrom('user_links')
      .innerJoin('users', 'users.id', 'user_links.teacher_id')
      .select(['users.id as id', 'users.user_type as userType'])
      .where('user_links.parent_id', '=', userId)
      .executeTakeFirst();
  }

  async listChildren(parentId: string): Promise<ChildRecord[]> {
    return this.db
      .selectFrom('parent_children')
      .innerJoin('students', 'students.id', 'parent_children.student_id')
      .select([
        'students.id as id',
        'students.unit_id as unitId',
        'students.real_name as realName',
        'students.grade_name as gradeName',
        'students.class_name as className',
      ])
      .where('parent_children.parent_id', '=', parentId)
      .orderBy('students.real_name')
      .execute();
  }

  private unitQuery() {
    return this.db
      .selectFrom('units')
      .select([
        'id',
        'name',
        'en_name as enName',
        'unit_type as unitType',
        'status',
        'logo_file_id as logoFileId',
        'footer',
        'footer_link as footerLink',
        'help_center as helpCenter',
        'autologin',
        'decoration_set as decorationSet',
      ]);
  }

  async findUnit(id: string): Promise<UnitRecord | undefined> {
    return this.unitQuery().where('id', '=', id).executeTakeFirst();
  }

  /** The units under an area (spec §1: unit type 1 is an area), active ones only, by name. */
  async listChildUnits(parentId: string): Promise<Pick<UnitRecord, 'id' | 'name' | 'enName'>[]> {
    return this.db
      .selectFrom('units')
      .select(['id', 'name', 'en_name as enName'])
      .where('parent_id', '=', parentId)
      .where('status', '=', 1)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  /** Units whose `hosts` list names this host; the caller checks the exact entry. */
  async findUnitsByHostLike(host: string): Promise<(UnitRecord & { hosts: string | null })[]> {
    return this.unitQuery().select('hosts').where('hosts', 'like', `%${host}%`).execute();
  }

  /** The unit a bare /login shows: the first school, else the first unit. */
  async findDefaultUnit(): Promise<UnitRecord | undefined> {
    return this.unitQuery()
      .orderBy('unit_type', 'desc')
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  }

  async getIpFailures(ip: string): Promise<{ windowStart: number; count: number } | undefined> {
    return this.db
      .selectFrom('ip_failures')
      .select(['window_start as windowStart', 'count'])
      .where('ip', '=', ip)
      .executeTakeFirst();
  }

  async setIpFailures(ip: string, windowStart: number, count: number): Promise<void> {
    await this.db
      .insertInto('ip_failures')
      .values({ ip, window_start: windowStart, count })
      .onConflict((oc) => oc.column('ip').doUpdateSet({ window_start: windowStart, count }))
      .execute();
  }
}
