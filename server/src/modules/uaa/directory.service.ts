/**
 * The directory: units and accounts, as the other modules ask for them. The uaa owns the
 * `units` and `users` tables (docs/ARCHITECTURE.md), so every change to them from elsewhere
 * (an administrator's new account, a saved theme, a parent's current child) comes through here,
 * and here the cached sessions of the users it changed are evicted, so the next request reads
 * them fresh (on every instance, through the session events).
 */
import type { DecorationSet } from '@campus/contracts/uaa';
import type { SessionEvents } from './session-events.ts';
import type {
  AdminUserRecord,
  NewUnit,
  NewUser,
  RevokedCounts,
  UaaRepository,
  UnitPatch,
  UnitRecord,
  UserProfile,
  UserRecord,
  UserSearch,
  UserTheme,
} from './uaa.repository.ts';

/** One of a unit's own themes (spec §3 decorationSet.themeList). */
export type UnitTheme = NonNullable<DecorationSet['themeList']>[number];

export class DirectoryService {
  constructor(
    private readonly repository: UaaRepository,
    private readonly events: Pick<SessionEvents, 'publish'>,
    private readonly clock: () => number,
  ) {}

  findUnit(id: string): Promise<UnitRecord | undefined> {
    return this.repository.findUnit(id);
  }

  /** Every unit under an area, disabled ones too. */
  unitsUnder(areaId: string): Promise<UnitRecord[]> {
    return this.repository.listUnitsUnder(areaId);
  }

  findUser(id: string): Promise<UserRecord | undefined> {
    return this.repository.findUserById(id);
  }

  findUserByLogin(loginName: string): Promise<UserRecord | undefined> {
    return this.repository.findUserByLoginName(loginName);
  }

  /** Case-insensitive (docs/decisions.md: `Teacher` beside `teacher` would confuse). */
  loginNameTaken(loginName: string): Promise<boolean> {
    return this.repository.loginNameTaken(loginName);
  }

  createUnit(unit: NewUnit): Promise<void> {
    return this.repository.insertUnit(unit);
  }

  /** The unit a bare /login shows (the first school, else the first unit); none on an empty database. */
  defaultUnit(): Promise<UnitRecord | undefined> {
    return this.repository.findDefaultUnit();
  }

  /**
   * An administrator's change to a unit (issue 13 §2). The cached sessions of its users are
   * evicted: they carry the unit's names and type.
   */
  async updateUnit(unitId: string, patch: UnitPatch): Promise<void> {
    await this.repository.updateUnit(unitId, patch);
    await this.events.publish({ kind: 'unit', id: unitId });
  }

  // -------------------------------------------------------------------------------------------
  // The administration console's accounts (issue 13 §2)

  findAdminUser(userId: string): Promise<AdminUserRecord | undefined> {
    return this.repository.findAdminUser(userId);
  }

  searchUsers(search: UserSearch): Promise<{ total: number; rows: AdminUserRecord[] }> {
    return this.repository.searchUsers(search);
  }

  async updateProfile(userId: string, profile: UserProfile): Promise<void> {
    await this.repository.updateUserProfile(userId, profile);
    await this.forgetUser(userId);
  }

  /**
   * Disables (and signs out everywhere) or enables an account; answers what a disable revoked
   * (nothing for an enable).
   */
  async setEnabled(userId: string, enabled: boolean): Promise<RevokedCounts> {
    await this.repository.setUserStatus(userId, enabled ? 1 : 0);
    const revoked = enabled
      ? { sessions: 0, refreshTokens: 0, deviceCredentials: 0 }
      : await this.repository.revokeAllCredentials(userId, this.clock());
    await this.forgetUser(userId);
    return revoked;
  }

  /** Lifts a sign-in lockout (DESIGN.md §5): the failure count starts again from nothing. */
  async unlock(userId: string): Promise<void> {
    await this.repository.setFailureState(userId, {
      failedCount: 0,
      firstFailedAt: null,
      lockedUntil: null,
    });
  }

  /** Signs an account out everywhere: every session, refresh token and device token revoked. */
  async signOutEverywhere(userId: string): Promise<RevokedCounts> {
    const revoked = await this.repository.revokeAllCredentials(userId, this.clock());
    await this.forgetUser(userId);
    return revoked;
  }

  createUser(user: NewUser): Promise<void> {
    return this.repository.insertUser(user);
  }

  /** Many new accounts at once (the bulk import, issue 13 §3); none is signed in yet. */
  createUsers(users: readonly NewUser[]): Promise<void> {
    return this.repository.insertUsers(users);
  }

  /** Which of these login names are taken, case-insensitively (as `loginNameTaken`), lower case. */
  takenLoginNames(loginNames: readonly string[]): Promise<Set<string>> {
    return this.repository.takenLoginNames(loginNames);
  }

  /**
   * A new password, set by an administrator: it lifts a lockout and signs the user out
   * everywhere, revoking every session, refresh token and device token (docs/decisions.md).
   */
  async resetPassword(userId: string, passwordHash: string): Promise<RevokedCounts> {
    await this.repository.setPasswordHash(userId, passwordHash);
    const revoked = await this.repository.revokeAllCredentials(userId, this.clock());
    await this.forgetUser(userId);
    return revoked;
  }

  /** Saves the user's own theme (spec §2 Theme dialog). */
  async setTheme(userId: string, theme: UserTheme): Promise<void> {
    await this.repository.setUserTheme(userId, theme);
    await this.forgetUser(userId);
  }

  /** Gives every user of the unit the theme (spec §6 default_color); answers how many. */
  async setUnitTheme(unitId: string, theme: UserTheme): Promise<number> {
    const users = await this.repository.setUnitTheme(unitId, theme);
    await this.events.publish({ kind: 'unit', id: unitId });
    return users;
  }

  /**
   * The unit's own themes (spec §2 Theme dialog custom section, §3 `decorationSet.themeList`):
   * replaces the list and keeps the rest of the decoration (the footer's settings) as it is;
   * unreadable stored text starts again from nothing. Answers the list it replaced.
   */
  async setUnitThemeList(unitId: string, themeList: readonly UnitTheme[]): Promise<UnitTheme[]> {
    const unit = await this.repository.findUnit(unitId);
    let decoration: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(unit?.decorationSet ?? '{}');
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        decoration = parsed as Record<string, unknown>;
      }
    } catch {
      decoration = {};
    }
    const previous = Array.isArray(decoration.themeList)
      ? (decoration.themeList as UnitTheme[])
      : [];
    decoration.themeList = themeList;
    await this.repository.setDecorationSet(unitId, JSON.stringify(decoration));
    return previous;
  }

  /**
   * Stores the parent's current child, which the family module has checked is theirs; with
   * `onlyIfEmpty` a choice already made stays (a newly linked first child becomes current).
   */
  async setCurrentChild(userId: string, studentId: string, onlyIfEmpty = false): Promise<void> {
    await this.repository.setCurrentChild(userId, studentId, onlyIfEmpty);
    await this.forgetUser(userId);
  }

  private forgetUser(userId: string): Promise<void> {
    return this.events.publish({ kind: 'user', id: userId });
  }
}
