/**
 * All SQL of the sign-in domain and of the directory it signs people into: units, users,
 * sessions, refresh tokens, device credentials, per-address failure counts (the uaa's tables,
 * docs/ARCHITECTURE.md). Takes and returns camelCase records, mapped here at the edge; the
 * services decide and the routes present. Token columns hold SHA-256 hashes only.
 */
import { randomUUID } from 'node:crypto';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { PreparedQuery } from '../../db/prepared-query.ts';
import type { WatchedReadCache } from '../../db/watched-read-cache.ts';
import type {
  Database,
  DeviceCredentialTable,
  RefreshTokenTable,
  UnitTable,
  UserTable,
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
  /** The area a school sits under (spec §1), or null. */
  parentId: string | null;
  status: number;
  logoFileId: string | null;
  footer: string | null;
  footerLink: string | null;
  helpCenter: number;
  autologin: number;
  decorationSet: string | null;
  /** The trusted CAS-style ticket issuer's URL prefix (issue 12 §3), or null. */
  ticketIssuerUrl: string | null;
  /** 1: face sign-in is offered once a face is enrolled (issue 14 §1); 0: never. */
  faceSignIn: number;
}

/** What an administrator changes of a unit (issue 13 §2); a field left out stays as it is. */
export interface UnitPatch {
  name?: string;
  enName?: string | null;
  unitType?: number;
  parentId?: string | null;
  logoFileId?: string | null;
  footer?: string | null;
  footerLink?: string | null;
  helpCenter?: number;
  autologin?: number;
  decorationSet?: string | null;
  ticketIssuerUrl?: string | null;
  faceSignIn?: number;
}

/** An account as the administration console shows it: never the password hash. */
export interface AdminUserRecord {
  id: string;
  unitId: string;
  loginName: string;
  realName: string;
  userType: number;
  sex: number;
  phone: string | null;
  email: string | null;
  status: number;
  lockedUntil: number | null;
  createdAt: number;
}

/** What an administrator edits of an account (issue 13 §2). */
export interface UserProfile {
  realName: string;
  phone: string | null;
  email: string | null;
  userType: number;
  sex: number;
}

/** The console's user search: a unit's accounts, optionally narrowed, a page at a time. */
export interface UserSearch {
  unitId: string;
  /** Part of a login name, real name or phone (any case). */
  text?: string;
  userType?: number;
  /** `locked` compares `locked_until` with `now`. */
  state?: 'enabled' | 'disabled' | 'locked';
  now: number;
  offset: number;
  limit: number;
}

/** A new unit: the defaults of everything else (active, no logo, no footer) come from here. */
export interface NewUnit {
  id: string;
  name: string;
  enName: string | null;
  unitType: number;
  parentId: string | null;
  createdAt: number;
}

/** A new account; `newUserRow` gives the rest its defaults. */
export interface NewUser {
  id?: string;
  unitId: string;
  loginName: string;
  realName: string;
  userType: number;
  passwordHash: string;
  sex?: number;
  /** Optional spec §5 contact details (the bulk import's, issue 13 §3). */
  phone?: string | null;
  idCard?: string | null;
  email?: string | null;
  createdAt: number;
}

/** The theme a user sees (spec §2 Theme dialog, §4 Layout). */
export interface UserTheme {
  theme: string | null;
  themeColor: string;
  /** Undefined leaves the current layout as it is. */
  layout: 'top' | 'left' | undefined;
}

export interface SessionRecord {
  id: string;
  userId: string;
  familyId: string;
  accessTokenHash: string;
  accessExpiresAt: number;
  device: string | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: number;
}

export interface RefreshTokenRecord {
  id: string;
  familyId: string;
  userId: string;
  tokenHash: string;
  expiresAt: number;
  usedAt: number | null;
  revokedAt: number | null;
  createdAt: number;
}

/** A remember token (kind 'remember', bound to a device) or an app client id (kind 'client'). */
export interface DeviceCredentialRecord {
  id: string;
  kind: 'remember' | 'client';
  userId: string;
  tokenHash: string;
  deviceId: string | null;
  familyId: string | null;
  expiresAt: number;
  usedAt: number | null;
  revokedAt: number | null;
  createdAt: number;
}

/** What a password reset revoked. */
export interface RevokedCounts {
  sessions: number;
  refreshTokens: number;
  deviceCredentials: number;
}

/** New user rows per INSERT statement (22 columns each: 11,000 parameters). */
const USERS_PER_INSERT = 500;
/** Login names per IN list. */
const NAMES_PER_QUERY = 1000;

export class UaaRepository {
  /** The statements of every sign-in (LoginService.login), built and compiled once. */
  private readonly signInQueries: ReturnType<typeof signInQueries>;

  constructor(
    private readonly db: Kysely<Database>,
    /**
     * Units read by id kept while every change is heard (watched-read-cache.ts); only the
     * repository on the database itself has it: a transaction's must read its own writes.
     */
    private readonly watched?: WatchedReadCache,
  ) {
    this.signInQueries = signInQueries(db);
  }

  /**
   * House-keeping: removes sessions whose access token, and refresh tokens and device
   * credentials that expired before `cutoff`; none of them can be presented any more.
   */
  async deleteExpiredSignIns(cutoff: number): Promise<number> {
    const sessions = await this.db
      .deleteFrom('sessions')
      .where('access_expires_at', '<', cutoff)
      .executeTakeFirst();
    let removed = Number(sessions.numDeletedRows);
    for (const table of ['refresh_tokens', 'device_credentials'] as const) {
      const result = await this.db
        .deleteFrom(table)
        .where('expires_at', '<', cutoff)
        .executeTakeFirst();
      removed += Number(result.numDeletedRows);
    }
    return removed;
  }

  // -------------------------------------------------------------------------------------------
  // Users

  async findUserByLoginName(loginName: string): Promise<UserRecord | undefined> {
    const { rows } = await this.db.executeQuery(
      this.signInQueries.userByLoginName.query<UserRecord>({ loginName }),
    );
    return rows[0];
  }

  async findUserById(id: string): Promise<UserRecord | undefined> {
    return this.userQuery().where('users.id', '=', id).executeTakeFirst();
  }

  private userQuery() {
    return selectUsers(this.db);
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

  async insertUser(user: NewUser): Promise<void> {
    await this.db.insertInto('users').values(newUserRow(user)).execute();
  }

  /**
   * Many new accounts, a few hundred to a statement (a user row has some 20 columns, and
   * SQLite binds at most 32,766 parameters a statement, PostgreSQL 65,535).
   */
  async insertUsers(users: readonly NewUser[]): Promise<void> {
    for (let i = 0; i < users.length; i += USERS_PER_INSERT) {
      const rows = users.slice(i, i + USERS_PER_INSERT).map(newUserRow);
      await this.db.insertInto('users').values(rows).execute();
    }
  }

  /** Which of these login names are taken, compared case-insensitively; answers them lower case. */
  async takenLoginNames(loginNames: readonly string[]): Promise<Set<string>> {
    const wanted = [...new Set(loginNames.map((name) => name.toLowerCase()))];
    const taken = new Set<string>();
    for (let i = 0; i < wanted.length; i += NAMES_PER_QUERY) {
      const rows = await this.db
        .selectFrom('users')
        .select(sql<string>`lower(login_name)`.as('name'))
        .where(sql<string>`lower(login_name)`, 'in', wanted.slice(i, i + NAMES_PER_QUERY))
        .execute();
      for (const row of rows) taken.add(row.name);
    }
    return taken;
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

  async setUserTheme(userId: string, theme: UserTheme): Promise<void> {
    await this.db.updateTable('users').set(themeColumns(theme)).where('id', '=', userId).execute();
  }

  /** Gives every user of the unit the theme; answers how many users it reached. */
  async setUnitTheme(unitId: string, theme: UserTheme): Promise<number> {
    const result = await this.db
      .updateTable('users')
      .set(themeColumns(theme))
      .where('unit_id', '=', unitId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The unit's login page decoration (spec §3 decorationSet: JSON text), replaced whole. */
  async setDecorationSet(unitId: string, decorationSet: string): Promise<void> {
    await this.db
      .updateTable('units')
      .set({ decoration_set: decorationSet })
      .where('id', '=', unitId)
      .execute();
  }

  /**
   * Stores the parent's current child (spec §6), which the family module chooses; with
   * `onlyIfEmpty`, a choice already made stays.
   */
  async setCurrentChild(userId: string, studentId: string, onlyIfEmpty = false): Promise<void> {
    let update = this.db
      .updateTable('users')
      .set({ current_child_id: studentId })
      .where('id', '=', userId);
    if (onlyIfEmpty) update = update.where('current_child_id', 'is', null);
    await update.execute();
  }

  // -------------------------------------------------------------------------------------------
  // The administration console's view of accounts (issue 13 §2)

  private adminUserQuery() {
    return this.db
      .selectFrom('users')
      .select([
        'id',
        'unit_id as unitId',
        'login_name as loginName',
        'real_name as realName',
        'user_type as userType',
        'sex',
        'phone',
        'email',
        'status',
        'locked_until as lockedUntil',
        'created_at as createdAt',
      ]);
  }

  async findAdminUser(id: string): Promise<AdminUserRecord | undefined> {
    return this.adminUserQuery().where('id', '=', id).executeTakeFirst();
  }

  /** A page of a unit's accounts by login name, and how many match in all. */
  async searchUsers(search: UserSearch): Promise<{ total: number; rows: AdminUserRecord[] }> {
    let query = this.db.selectFrom('users').where('unit_id', '=', search.unitId);
    if (search.text) {
      // A contains-match in any case; `%`, `_` and `\` typed by the administrator match themselves.
      const pattern = `%${search.text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or(
          (['login_name', 'real_name', 'phone'] as const).map(
            (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
          ),
        ),
      );
    }
    if (search.userType !== undefined) query = query.where('user_type', '=', search.userType);
    if (search.state === 'enabled') query = query.where('status', '=', 1);
    if (search.state === 'disabled') query = query.where('status', '!=', 1);
    if (search.state === 'locked') query = query.where('locked_until', '>', search.now);
    const counted = await query
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
      .executeTakeFirst();
    const ids = await query
      .select('id')
      .orderBy('login_name')
      .orderBy('id')
      .offset(search.offset)
      .limit(search.limit)
      .execute();
    const rows =
      ids.length === 0
        ? []
        : await this.adminUserQuery()
            .where(
              'id',
              'in',
              ids.map((r) => r.id),
            )
            .orderBy('login_name')
            .orderBy('id')
            .execute();
    return { total: Number(counted?.total ?? 0), rows };
  }

  async updateUserProfile(userId: string, profile: UserProfile): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        real_name: profile.realName,
        phone: profile.phone,
        email: profile.email,
        user_type: profile.userType,
        sex: profile.sex,
      })
      .where('id', '=', userId)
      .execute();
  }

  /** 1 enabled, 0 disabled (a disabled account cannot sign in, DESIGN.md §5). */
  async setUserStatus(userId: string, status: number): Promise<void> {
    await this.db.updateTable('users').set({ status }).where('id', '=', userId).execute();
  }

  // -------------------------------------------------------------------------------------------
  // Sessions, refresh tokens, device credentials

  /**
   * A sign-in's three records, in one transaction (the caller's, when it is in one), with
   * `alsoCommit`: another module's writes that belong to it (its audit entry, built by the audit
   * module), so that SQLite commits once per sign-in and PostgreSQL makes one round trip fewer.
   */
  async insertSignIn(
    session: SessionRecord,
    refreshToken: RefreshTokenRecord,
    clientCredential: DeviceCredentialRecord,
    alsoCommit: readonly CompiledQuery[] = [],
  ): Promise<void> {
    const queries = this.signInQueries;
    const work = async (db: Kysely<Database>) => {
      await db.executeQuery(queries.insertSession.query(session));
      await db.executeQuery(queries.insertRefreshToken.query(refreshToken));
      await db.executeQuery(queries.insertDeviceCredential.query(clientCredential));
      for (const statement of alsoCommit) await db.executeQuery(statement);
    };
    await (this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work));
  }

  async insertDeviceCredential(credential: DeviceCredentialRecord): Promise<void> {
    await this.db.executeQuery(this.signInQueries.insertDeviceCredential.query(credential));
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

  async findRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | undefined> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row && toRefreshTokenRecord(row);
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
    kind: DeviceCredentialRecord['kind'],
    tokenHash: string,
  ): Promise<DeviceCredentialRecord | undefined> {
    const row = await this.db
      .selectFrom('device_credentials')
      .selectAll()
      .where('kind', '=', kind)
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row && toDeviceCredentialRecord(row, kind);
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

  /** Revokes every live session, refresh token and device credential of the user. */
  async revokeAllCredentials(userId: string, at: number): Promise<RevokedCounts> {
    const [sessions, refreshTokens, deviceCredentials] = [
      await this.revokeLive('sessions', userId, at),
      await this.revokeLive('refresh_tokens', userId, at),
      await this.revokeLive('device_credentials', userId, at),
    ];
    return { sessions, refreshTokens, deviceCredentials };
  }

  private async revokeLive(
    table: 'sessions' | 'refresh_tokens' | 'device_credentials',
    userId: string,
    at: number,
  ): Promise<number> {
    const result = await this.db
      .updateTable(table)
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
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

  // -------------------------------------------------------------------------------------------
  // Units

  private unitQuery() {
    return this.db
      .selectFrom('units')
      .select([
        'id',
        'name',
        'en_name as enName',
        'unit_type as unitType',
        'parent_id as parentId',
        'status',
        'logo_file_id as logoFileId',
        'footer',
        'footer_link as footerLink',
        'help_center as helpCenter',
        'autologin',
        'decoration_set as decorationSet',
        'ticket_issuer_url as ticketIssuerUrl',
        'face_sign_in as faceSignIn',
      ]);
  }

  async findUnit(id: string): Promise<UnitRecord | undefined> {
    const load = () => this.unitQuery().where('id', '=', id).executeTakeFirst();
    return this.watched ? this.watched.read(`unit\0${id}`, load) : load();
  }

  async insertUnit(unit: NewUnit): Promise<void> {
    await this.db.insertInto('units').values(newUnitRow(unit)).execute();
  }

  /** Changes the given fields of a unit (issue 13 §2); the others stay. */
  async updateUnit(id: string, patch: UnitPatch): Promise<void> {
    const columns = {
      name: patch.name,
      en_name: patch.enName,
      unit_type: patch.unitType,
      parent_id: patch.parentId,
      logo_file_id: patch.logoFileId,
      footer: patch.footer,
      footer_link: patch.footerLink,
      help_center: patch.helpCenter,
      autologin: patch.autologin,
      decoration_set: patch.decorationSet,
      ticket_issuer_url: patch.ticketIssuerUrl,
      face_sign_in: patch.faceSignIn,
    };
    const set = Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length === 0) return;
    await this.db.updateTable('units').set(set).where('id', '=', id).execute();
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

  /** Every unit under an area, disabled ones too (the admin console's scope), by name. */
  async listUnitsUnder(parentId: string): Promise<UnitRecord[]> {
    return this.unitQuery()
      .where('parent_id', '=', parentId)
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

  // -------------------------------------------------------------------------------------------
  // Failed sign-ins per address

  async getIpFailures(ip: string): Promise<{ windowStart: number; count: number } | undefined> {
    const { rows } = await this.db.executeQuery(
      this.signInQueries.ipFailures.query<{ windowStart: number; count: number }>({ ip }),
    );
    return rows[0];
  }

  async setIpFailures(ip: string, windowStart: number, count: number): Promise<void> {
    await this.db
      .insertInto('ip_failures')
      .values({ ip, window_start: windowStart, count })
      .onConflict((oc) => oc.column('ip').doUpdateSet({ window_start: windowStart, count }))
      .execute();
  }
}

/**
 * A user row with the defaults of a new account: active, no theme, no child chosen, no failed
 * sign-in. The demo seed writes its accounts with it too, so both start alike.
 */
export function newUserRow(user: NewUser): UserTable {
  return {
    id: user.id ?? randomUUID(),
    unit_id: user.unitId,
    login_name: user.loginName,
    real_name: user.realName,
    user_type: user.userType,
    password_hash: user.passwordHash,
    sex: user.sex ?? 0,
    avatar: null,
    superman: 0,
    status: 1,
    theme: null,
    theme_color: null,
    current_layout: null,
    lang_type: null,
    current_child_id: null,
    failed_count: 0,
    first_failed_at: null,
    locked_until: null,
    email: user.email ?? null,
    created_at: user.createdAt,
    phone: user.phone ?? null,
    id_card: user.idCard ?? null,
  };
}

/**
 * A unit row with the defaults of a new unit: active, no hosts, no logo, no footer. The demo
 * seed writes its units with it too.
 */
export function newUnitRow(unit: NewUnit): UnitTable {
  return {
    id: unit.id,
    name: unit.name,
    en_name: unit.enName,
    unit_type: unit.unitType,
    parent_id: unit.parentId,
    hosts: null,
    status: 1,
    logo_file_id: null,
    footer: null,
    footer_link: null,
    help_center: 0,
    autologin: 0,
    decoration_set: null,
    ticket_issuer_url: null,
    created_at: unit.createdAt,
    face_sign_in: 0,
  };
}

function themeColumns(theme: UserTheme) {
  return {
    theme: theme.theme,
    theme_color: theme.themeColor,
    ...(theme.layout ? { current_layout: theme.layout } : {}),
  };
}

function toRefreshTokenRecord(row: RefreshTokenTable): RefreshTokenRecord {
  return {
    id: row.id,
    familyId: row.family_id,
    userId: row.user_id,
    tokenHash: row.token_hash,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
    revokedAt: row.revoked_at,
    createdAt: row.created_at,
  };
}

function toDeviceCredentialRecord(
  row: DeviceCredentialTable,
  kind: DeviceCredentialRecord['kind'],
): DeviceCredentialRecord {
  return {
    id: row.id,
    kind,
    userId: row.user_id,
    tokenHash: row.token_hash,
    deviceId: row.device_id,
    familyId: row.family_id,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
    revokedAt: row.revoked_at,
    createdAt: row.created_at,
  };
}

/** The account and its unit's type and status, as UserRecord (joined once, read by id or name). */
function selectUsers(db: Kysely<Database>) {
  return db
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

/**
 * The statements every sign-in runs (the address's failures, the account, the three sign-in
 * records), as PreparedQuery: issue 15 §1 found Kysely's building and compiling a tenth of a
 * sign-in's time on the event loop, beside the Argon2 verify on the thread pool.
 */
function signInQueries(db: Kysely<Database>) {
  return {
    userByLoginName: new PreparedQuery<'loginName'>(
      (v) => selectUsers(db).where('users.login_name', '=', v('loginName')),
      ['loginName'],
    ),
    ipFailures: new PreparedQuery<'ip'>(
      (v) =>
        db
          .selectFrom('ip_failures')
          .select(['window_start as windowStart', 'count'])
          .where('ip', '=', v('ip')),
      ['ip'],
    ),
    insertSession: new PreparedQuery<keyof SessionRecord>(
      (v) =>
        db.insertInto('sessions').values({
          id: v('id'),
          user_id: v('userId'),
          family_id: v('familyId'),
          access_token_hash: v('accessTokenHash'),
          access_expires_at: v('accessExpiresAt'),
          // Not a value: a parameter PreparedQuery would find no marker for.
          revoked_at: sql<null>`null`,
          device: v('device'),
          ip: v('ip'),
          user_agent: v('userAgent'),
          created_at: v('createdAt'),
        }),
      [
        'id',
        'userId',
        'familyId',
        'accessTokenHash',
        'accessExpiresAt',
        'device',
        'ip',
        'userAgent',
        'createdAt',
      ],
    ),
    insertRefreshToken: new PreparedQuery<keyof RefreshTokenRecord>(
      (v) =>
        db.insertInto('refresh_tokens').values({
          id: v('id'),
          family_id: v('familyId'),
          user_id: v('userId'),
          token_hash: v('tokenHash'),
          expires_at: v('expiresAt'),
          used_at: v('usedAt'),
          revoked_at: v('revokedAt'),
          created_at: v('createdAt'),
        }),
      ['id', 'familyId', 'userId', 'tokenHash', 'expiresAt', 'usedAt', 'revokedAt', 'createdAt'],
    ),
    insertDeviceCredential: new PreparedQuery<keyof DeviceCredentialRecord>(
      (v) =>
        db.insertInto('device_credentials').values({
          id: v('id'),
          kind: v('kind'),
          user_id: v('userId'),
          token_hash: v('tokenHash'),
          device_id: v('deviceId'),
          family_id: v('familyId'),
          expires_at: v('expiresAt'),
          used_at: v('usedAt'),
          revoked_at: v('revokedAt'),
          created_at: v('createdAt'),
        }),
      [
        'id',
        'kind',
        'userId',
        'tokenHash',
        'deviceId',
        'familyId',
        'expiresAt',
        'usedAt',
        'revokedAt',
        'createdAt',
      ],
    ),
  };
}
