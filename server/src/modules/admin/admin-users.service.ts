/**
 * The console's users (issue 13 §2 "Users", DESIGN.md §10): search and paging, create and edit,
 * disable and enable, a password reset (typed or made here, answered once), unlocking a locked
 * account, signing out everywhere, linked teacher and parent accounts, and a parent's children.
 * Every call names the unit it acts in: {@link AdminAccess} checks the caller administers it,
 * and a user named by id must belong to it (another unit's account is not found, so its
 * existence does not leak). Checks are the CLI's (`admin-rules.ts`, the family's rules); each
 * change runs in one transaction with its audit entry. Answers never hold a password hash.
 */
import {
  type AdminChildBody,
  type AdminChildNamesBody,
  type AdminNewUser,
  type AdminNewUserBody,
  type AdminPasswordReset,
  type AdminSignOut,
  type AdminUser,
  type AdminUserDetail,
  type AdminUserPage,
  type AdminUserProfileBody,
  type AdminUserSearchQuery,
} from '@campus/contracts/admin-directory';
import type { FieldError } from '@campus/contracts/envelope';
import { isParent } from '@campus/contracts/user-types';
import { randomUUID } from 'node:crypto';
import { badRequest, notFound } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { ChildRecord } from '../family/family.repository.ts';
import type { ChildNames } from '../family/family.service.ts';
import { hashPassword } from '../uaa/password.ts';
import { checkedEmail } from '../uaa/recovery-admin.service.ts';
import type { SessionUser } from '../uaa/session.service.ts';
import type { AdminUserRecord } from '../uaa/uaa.repository.ts';
import type { ConsoleDeps } from './admin-console.ts';
import {
  actorOf,
  auditEntry,
  checkNewLoginName,
  checkPassword,
  checkPhone,
  checkRealName,
  checkSex,
  checkUserType,
  childNames,
  field,
  generatePassword,
} from './admin-rules.ts';

const DEFAULT_PAGE_SIZE = 20;

const userNotFound = () =>
  notFound(bilingual('本单位没有这个账号', 'No such account in this unit'));

export class AdminUsersService {
  private readonly hash: (password: string) => Promise<string>;

  constructor(
    private readonly deps: ConsoleDeps,
    options: { hash?: (password: string) => Promise<string> } = {},
  ) {
    this.hash = options.hash ?? hashPassword;
  }

  /** A page of the unit's accounts, by login name. */
  async search(user: SessionUser, query: AdminUserSearchQuery): Promise<AdminUserPage> {
    await this.deps.access.assertManages(user, query.unitId);
    const page = query.page ?? 1;
    const size = query.size ?? DEFAULT_PAGE_SIZE;
    const text = query.q?.trim();
    const now = this.deps.clock();
    const { total, rows } = await this.deps.domains.directory.searchUsers({
      unitId: query.unitId,
      ...(text ? { text } : {}),
      ...(query.userType !== undefined ? { userType: query.userType } : {}),
      ...(query.state ? { state: query.state } : {}),
      now,
      offset: (page - 1) * size,
      limit: size,
    });
    return { total, page, size, items: rows.map((row) => toAdminUser(row, now)) };
  }

  async detail(user: SessionUser, unitId: string, userId: string): Promise<AdminUserDetail> {
    const target = await this.target(user, unitId, userId);
    return this.read(target.id);
  }

  /** A new account; the initial password is the one typed, or one made here, answered once. */
  async create(
    user: SessionUser,
    unitId: string,
    body: AdminNewUserBody,
    ip: string | null,
  ): Promise<AdminNewUser> {
    await this.deps.access.assertManages(user, unitId);
    const { directory } = this.deps.domains;
    const errors: FieldError[] = [];
    const loginName = await checkNewLoginName(errors, body.loginName, (login) =>
      directory.loginNameTaken(login),
    );
    const realName = checkRealName(errors, body.realName);
    checkUserType(errors, body.userType);
    checkSex(errors, body.sex);
    const phone = checkPhone(errors, body.phone);
    const email = checkedEmail(body.email);
    if ('error' in email) errors.push(email.error);
    const typed = body.password ?? '';
    if (typed !== '') checkPassword(errors, typed);
    if (errors.length > 0 || 'error' in email) throw badRequest(errors);

    const password = typed !== '' ? typed : generatePassword();
    const passwordHash = await this.hash(password);
    const id = randomUUID();
    await this.deps.inTransaction(async ({ directory: dir, audit }) => {
      await dir.createUser({
        id,
        unitId,
        loginName,
        realName,
        userType: body.userType,
        sex: body.sex,
        phone,
        email: email.value,
        passwordHash,
        createdAt: this.deps.clock(),
      });
      await audit.record(
        'admin.create_user',
        auditEntry(actorOf(user, ip), unitId, {
          userId: id,
          loginName,
          realName,
          userType: body.userType,
          generatedPassword: typed === '',
        }),
      );
    });
    return { user: await this.read(id), password, generated: typed === '' };
  }

  /**
   * An account's real name, phone, email, user type and sex. The type of an account with a
   * linked account or children stays: those links are what the type means (spec §6).
   */
  async update(
    user: SessionUser,
    unitId: string,
    userId: string,
    body: AdminUserProfileBody,
    ip: string | null,
  ): Promise<AdminUserDetail> {
    const target = await this.target(user, unitId, userId);
    const errors: FieldError[] = [];
    const realName = checkRealName(errors, body.realName);
    checkUserType(errors, body.userType);
    checkSex(errors, body.sex);
    const phone = checkPhone(errors, body.phone);
    const email = checkedEmail(body.email);
    if ('error' in email) errors.push(email.error);
    if (body.userType !== target.userType) {
      const family = await this.deps.domains.family.familyOf(target);
      if (family.linkedId !== null || family.children.length > 0) {
        errors.push(
          field(
            'userType',
            '该账号已关联教师/家长账号或孩子，请先解除关联再修改用户类型',
            'This account has a linked account or children: remove those links before changing its user type',
          ),
        );
      }
    }
    if (errors.length > 0 || 'error' in email) throw badRequest(errors);

    const profile = { realName, phone, email: email.value, userType: body.userType, sex: body.sex };
    const changed = (Object.keys(profile) as (keyof typeof profile)[]).filter(
      (key) => profile[key] !== target[key],
    );
    await this.deps.inTransaction(async ({ directory, audit }) => {
      await directory.updateProfile(target.id, profile);
      await audit.record(
        'admin.update_user',
        auditEntry(actorOf(user, ip), unitId, {
          userId: target.id,
          loginName: target.loginName,
          changed,
          userType: body.userType,
        }),
      );
    });
    return this.read(target.id);
  }

  /** Disables an account and signs it out everywhere; one's own account stays enabled. */
  async disable(
    user: SessionUser,
    unitId: string,
    userId: string,
    ip: string | null,
  ): Promise<AdminUserDetail> {
    const target = await this.target(user, unitId, userId);
    if (target.id === user.userId) {
      throw badRequest([
        field('userId', '不能停用自己的账号', 'You cannot disable your own account'),
      ]);
    }
    await this.deps.inTransaction(async ({ directory, audit }) => {
      const revoked = await directory.setEnabled(target.id, false);
      await audit.record(
        'admin.disable_user',
        auditEntry(actorOf(user, ip), unitId, {
          userId: target.id,
          loginName: target.loginName,
          revoked,
        }),
      );
    });
    return this.read(target.id);
  }

  async enable(
    user: SessionUser,
    unitId: string,
    userId: string,
    ip: string | null,
  ): Promise<AdminUserDetail> {
    const target = await this.target(user, unitId, userId);
    await this.deps.inTransaction(async ({ directory, audit }) => {
      await directory.setEnabled(target.id, true);
      await audit.record(
        'admin.enable_user',
        auditEntry(actorOf(user, ip), unitId, { userId: target.id, loginName: target.loginName }),
      );
    });
    return this.read(target.id);
  }

  /**
   * A new password, the one typed (spec §5 default rule) or one made here, answered this once;
   * it lifts a lockout and signs the account out everywhere, as the CLI's reset does.
   */
  async resetPassword(
    user: SessionUser,
    unitId: string,
    userId: string,
    typed: string | undefined,
    ip: string | null,
  ): Promise<AdminPasswordReset> {
    const target = await this.target(user, unitId, userId);
    const given = typed ?? '';
    const errors: FieldError[] = [];
    if (given !== '') checkPassword(errors, given);
    if (errors.length > 0) throw badRequest(errors);
    const password = given !== '' ? given : generatePassword();
    const passwordHash = await this.hash(password);
    const revoked = await this.deps.inTransaction(async ({ directory, audit }) => {
      const counts = await directory.resetPassword(target.id, passwordHash);
      await audit.record(
        'admin.reset_password',
        auditEntry(actorOf(user, ip), unitId, {
          userId: target.id,
          loginName: target.loginName,
          revoked: counts,
          generatedPassword: given === '',
        }),
      );
      return counts;
    });
    return {
      userId: target.id,
      loginName: target.loginName,
      password,
      generated: given === '',
      revoked,
    };
  }

  /** Lifts the lock of failed sign-ins (DESIGN.md §5) and clears the failure count. */
  async unlock(
    user: SessionUser,
    unitId: string,
    userId: string,
    ip: string | null,
  ): Promise<AdminUserDetail> {
    const target = await this.target(user, unitId, userId);
    const wasLocked = target.lockedUntil !== null && target.lockedUntil > this.deps.clock();
    await this.deps.inTransaction(async ({ directory, audit }) => {
      await directory.unlock(target.id);
      await audit.record(
        'admin.unlock_user',
        auditEntry(actorOf(user, ip), unitId, {
          userId: target.id,
          loginName: target.loginName,
          wasLocked,
        }),
      );
    });
    return this.read(target.id);
  }

  /** Revokes every session, refresh token and device token of the account. */
  async signOut(
    user: SessionUser,
    unitId: string,
    userId: string,
    ip: string | null,
  ): Promise<AdminSignOut> {
    const target = await this.target(user, unitId, userId);
    const revoked = await this.deps.inTransaction(async ({ directory, audit }) => {
      const counts = await directory.signOutEverywhere(target.id);
      await audit.record(
        'admin.sign_out_user',
        auditEntry(actorOf(user, ip), unitId, {
          userId: target.id,
          loginName: target.loginName,
          revoked: counts,
        }),
      );
      return counts;
    });
    return { userId: target.id, revoked };
  }

  /**
   * Links this teacher (or parent) account with the parent (or teacher) account of the same
   * person in the same unit (spec §6), by the family's rules.
   */
  async link(
    user: SessionUser,
    unitId: string,
    userId: string,
    otherLogin: string,
    ip: string | null,
  ): Promise<AdminUserDetail> {
    const target = await this.target(user, unitId, userId);
    const { directory } = this.deps.domains;
    const login = otherLogin.trim();
    const found = login ? await directory.findUserByLogin(login) : undefined;
    const other = found && found.unitId === unitId ? found : undefined;
    if (!other) {
      throw badRequest([
        field(
          'loginName',
          `本单位没有登录名为 "${login}" 的账号`,
          `No account of this unit has the login name "${login}"`,
        ),
      ]);
    }
    const [teacher, parent] = isParent(target.userType) ? [other, target] : [target, other];
    await this.deps.inTransaction(async ({ family, audit }) => {
      const added = await family.linkAccounts(teacher, parent);
      if (added) {
        await audit.record(
          'admin.link_accounts',
          auditEntry(actorOf(user, ip), unitId, {
            teacherId: teacher.id,
            teacherLogin: teacher.loginName,
            parentId: parent.id,
            parentLogin: parent.loginName,
          }),
        );
      }
    });
    return this.read(target.id);
  }

  /** Removes the account's teacher ↔ parent link. */
  async unlink(
    user: SessionUser,
    unitId: string,
    userId: string,
    ip: string | null,
  ): Promise<AdminUserDetail> {
    const target = await this.target(user, unitId, userId);
    await this.deps.inTransaction(async ({ family, audit }) => {
      const link = await family.unlinkAccounts(target);
      if (!link) {
        throw notFound(bilingual('该账号没有关联的账号', 'This account is not linked to another'));
      }
      await audit.record(
        'admin.unlink_accounts',
        auditEntry(actorOf(user, ip), unitId, { ...link, userId: target.id }),
      );
    });
    return this.read(target.id);
  }

  /** Links a child to a parent account: a student of the unit by id, or a new one by names. */
  async linkChild(
    user: SessionUser,
    unitId: string,
    userId: string,
    body: AdminChildBody,
    ip: string | null,
  ): Promise<AdminUserDetail> {
    const target = await this.target(user, unitId, userId);
    const { family } = this.deps.domains;
    family.assertParentAccount(target);
    const studentId = body.studentId?.trim() ?? '';
    let child: ChildRecord | ChildNames;
    if (studentId !== '') {
      if (body.realName || body.gradeName || body.className) {
        throw badRequest([
          field(
            'studentId',
            '请选择已有学生，或填写新学生的姓名、年级和班级，不能同时填写',
            "Give an existing student's id or a new student's names, not both",
          ),
        ]);
      }
      child = await family.studentForParent(target, studentId);
    } else {
      child = childNames({
        realName: body.realName ?? '',
        gradeName: body.gradeName ?? '',
        className: body.className ?? '',
      });
    }
    await this.deps.inTransaction(async ({ family: fam, audit }) => {
      const result = await fam.linkChild(target, child);
      await audit.record(
        'admin.link_child',
        auditEntry(actorOf(user, ip), unitId, {
          parentId: target.id,
          parentLogin: target.loginName,
          studentId: result.child.id,
          newStudent: result.newStudent,
          created: result.created,
        }),
      );
    });
    return this.read(target.id);
  }

  /** Corrects a parent's child: name, grade and class. */
  async updateChild(
    user: SessionUser,
    unitId: string,
    userId: string,
    studentId: string,
    body: AdminChildNamesBody,
    ip: string | null,
  ): Promise<AdminUserDetail> {
    const target = await this.target(user, unitId, userId);
    this.deps.domains.family.assertParentAccount(target);
    const names = childNames(body);
    await this.deps.inTransaction(async ({ family, audit }) => {
      await family.renameChild(target, studentId, names);
      await audit.record(
        'admin.update_child',
        auditEntry(actorOf(user, ip), unitId, { parentId: target.id, studentId, ...names }),
      );
    });
    return this.read(target.id);
  }

  /** Takes a child from a parent account; the student stays (and stays any other parent's). */
  async unlinkChild(
    user: SessionUser,
    unitId: string,
    userId: string,
    studentId: string,
    ip: string | null,
  ): Promise<AdminUserDetail> {
    const target = await this.target(user, unitId, userId);
    this.deps.domains.family.assertParentAccount(target);
    await this.deps.inTransaction(async ({ family, audit }) => {
      await family.unlinkChild(target, studentId);
      await audit.record(
        'admin.unlink_child',
        auditEntry(actorOf(user, ip), unitId, {
          parentId: target.id,
          parentLogin: target.loginName,
          studentId,
        }),
      );
    });
    return this.read(target.id);
  }

  /**
   * The account a call names: the caller must administer `unitId` (403), and the account must
   * be one of that unit's (else not found, the same answer as for no account at all).
   */
  private async target(
    user: SessionUser,
    unitId: string,
    userId: string,
  ): Promise<AdminUserRecord> {
    await this.deps.access.assertManages(user, unitId);
    const target = await this.deps.domains.directory.findAdminUser(userId);
    if (!target || target.unitId !== unitId) throw userNotFound();
    return target;
  }

  /** The account with its family, read after any change has committed. */
  private async read(userId: string): Promise<AdminUserDetail> {
    const { directory, family } = this.deps.domains;
    const record = await directory.findAdminUser(userId);
    if (!record) throw userNotFound();
    const { children, linkedId } = await family.familyOf(record);
    const linked = linkedId ? await directory.findAdminUser(linkedId) : undefined;
    return {
      ...toAdminUser(record, this.deps.clock()),
      linked: linked
        ? {
            userId: linked.id,
            loginName: linked.loginName,
            realName: linked.realName,
            userType: linked.userType,
          }
        : null,
      children,
    };
  }
}

/** The contract's account: never the hash, the failure count or the session state. */
function toAdminUser(record: AdminUserRecord, now: number): AdminUser {
  const locked = record.lockedUntil !== null && record.lockedUntil > now;
  return {
    userId: record.id,
    unitId: record.unitId,
    loginName: record.loginName,
    realName: record.realName,
    userType: record.userType,
    sex: record.sex,
    phone: record.phone,
    email: record.email,
    enabled: record.status === 1,
    locked,
    lockedUntil: locked ? record.lockedUntil : null,
    createdAt: record.createdAt,
  };
}
