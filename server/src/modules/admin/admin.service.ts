/**
 * Unit administration: the operations behind the admin CLI (and a future admin API).
 * Every action is validated here, runs in one transaction and leaves an audit_log row
 * (DESIGN.md §5); passwords never reach the audit detail, a log or a return value.
 */
import { defaultPasswordProblem, type PasswordProblem } from '@campus/contracts/password-rules';
import { UserType, isArea, isParent, isUnitType, isUserType } from '@campus/contracts/user-types';
import { randomUUID } from 'node:crypto';
import type { FieldError } from '@campus/contracts/envelope';
import type { Child } from '@campus/contracts/family';
import { badRequest, notFound } from '../../core/errors.ts';
import { bilingual, type Bilingual } from '../../core/messages.ts';
import { safeHttpUrl } from '../desktop/desktop-rules.ts';
import { hashPassword } from '../uaa/password.ts';
import type { AdminRepository, RevokedCounts, StudentRow, UserRow } from './admin.repository.ts';

const LOGIN_NAME = /^[A-Za-z0-9_.@-]{2,64}$/;

/** The words for each way a password fails the default rule (spec §5). */
const PASSWORD_PROBLEM_MESSAGES: Readonly<Record<PasswordProblem, Bilingual>> = {
  length: bilingual('密码长度须为 8 到 20 个字符', 'The password must be 8 to 20 characters long'),
  whitespace: bilingual('密码不能包含空格', 'The password must not contain spaces'),
  chinese: bilingual('密码不能包含中文字符', 'The password must not contain Chinese characters'),
  kinds: bilingual(
    '密码须包含数字、字母、其他字符中的至少两种',
    'The password must mix at least two of: digits, letters, other characters',
  ),
};

/**
 * Why a password fails the default rule of spec §5 (`@campus/contracts/password-rules`), in
 * both languages; null when it is acceptable.
 *
 * @example passwordProblem('Teacher@2026') // null
 */
export function passwordProblem(password: string): Bilingual | null {
  const problem = defaultPasswordProblem(password);
  return problem ? PASSWORD_PROBLEM_MESSAGES[problem] : null;
}

export interface CreateUnitInput {
  name: string;
  enName?: string | null;
  unitType: number;
  parentId?: string | null;
}

export interface CreateUserInput {
  unitId: string;
  loginName: string;
  realName: string;
  userType: number;
  password: string;
}

/** An existing student, or a new one created in the parent's unit. */
export type ChildRef =
  { studentId: string } | { realName: string; gradeName: string; className: string };

/** Who performed the action, for the audit log (the CLI has no signed-in user). */
export interface AuditActor {
  userId?: string | null;
  ip?: string | null;
}

export interface UnitDto {
  id: string;
  name: string;
  enName: string | null;
  unitType: number;
  parentId: string | null;
}

export interface UserDto {
  id: string;
  unitId: string;
  loginName: string;
  realName: string;
  userType: number;
}

export interface ResetPasswordResult {
  userId: string;
  loginName: string;
  revoked: RevokedCounts;
}

export interface LinkChildResult {
  parentId: string;
  child: Child;
  created: boolean;
}

export interface LinkAccountsResult {
  teacherId: string;
  parentId: string;
  created: boolean;
}

export interface SetLicenceInput {
  unitId: string;
  /** The app's code or server id (spec §7 `serverId` of the licence check). */
  app: string;
  /** `YYYY-MM-DD`: the licence runs through that whole day (server time zone); `expired`: it ends now. */
  until: string;
}

export interface SetLicenceResult {
  unitId: string;
  appCode: string;
  /** Epoch ms; the licence check answers true while the clock is before it (spec §4). */
  endTime: number;
  previousEndTime: number | null;
}

export interface SetMessageConfigInput {
  unitId: string;
  /** '0' or '1' (spec §2: 1 shows a plain dot on the message bell instead of the count). */
  pcOpen: string;
}

export interface SetMessageConfigResult {
  unitId: string;
  pcOpen: 0 | 1;
  previousPcOpen: 0 | 1;
}

export interface SetSsoUrlInput {
  unitId: string;
  /** An http(s) URL, or `none` to remove it. */
  url: string;
}

export interface SetSsoUrlResult {
  unitId: string;
  url: string | null;
  previousUrl: string | null;
}

export interface AdminServiceOptions {
  now?: () => number;
  hash?: (password: string) => Promise<string>;
}

export class AdminService {
  private readonly now: () => number;
  private readonly hash: (password: string) => Promise<string>;

  constructor(
    private readonly repository: AdminRepository,
    options: AdminServiceOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.hash = options.hash ?? hashPassword;
  }

  async createUnit(input: CreateUnitInput, actor: AuditActor = {}): Promise<UnitDto> {
    const errors: FieldError[] = [];
    const name = input.name.trim();
    const enName = input.enName?.trim() || null;
    const parentId = input.parentId?.trim() || null;
    requireText(errors, 'name', name, 100, ['单位名称', 'Unit name']);
    if (enName !== null && enName.length > 200) {
      errors.push(
        field(
          'enName',
          '英文名称不能超过 200 个字符',
          'The English name must be at most 200 characters',
        ),
      );
    }
    if (!isUnitType(input.unitType)) {
      errors.push(
        field(
          'unitType',
          '单位类型须为 1（区域）或 2（学校）',
          'The unit type must be 1 (area) or 2 (school)',
        ),
      );
    }
    if (parentId !== null) {
      const parent = await this.repository.findUnit(parentId);
      if (!parent) {
        errors.push(
          field('parentId', '上级单位不存在', `Parent unit "${parentId}" does not exist`),
        );
      } else if (!isArea(parent.unit_type)) {
        // Schools sit under areas; nothing sits under a school.
        errors.push(field('parentId', '上级单位须为区域', 'The parent unit must be an area'));
      }
    }
    if (errors.length > 0) throw badRequest(errors);

    const now = this.now();
    const row = {
      id: randomUUID(),
      name,
      en_name: enName,
      unit_type: input.unitType,
      parent_id: parentId,
      hosts: null,
      status: 1,
      logo_file_id: null,
      footer: null,
      footer_link: null,
      help_center: 0,
      autologin: 0,
      decoration_set: null,
      created_at: now,
    };
    await this.repository.transaction(async (repo) => {
      await repo.insertUnit(row);
      await repo.insertAudit(
        audit(now, actor, row.id, 'admin.create_unit', {
          unitId: row.id,
          name,
          enName,
          unitType: row.unit_type,
          parentId,
        }),
      );
    });
    return { id: row.id, name, enName, unitType: row.unit_type, parentId };
  }

  async createUser(input: CreateUserInput, actor: AuditActor = {}): Promise<UserDto> {
    const errors: FieldError[] = [];
    const loginName = input.loginName.trim();
    const realName = input.realName.trim();
    const unit = input.unitId.trim()
      ? await this.repository.findUnit(input.unitId.trim())
      : undefined;
    if (!unit) errors.push(field('unitId', '单位不存在', `Unit "${input.unitId}" does not exist`));
    if (!LOGIN_NAME.test(loginName)) {
      errors.push(
        field(
          'loginName',
          '登录名须为 2 到 64 个字母、数字或 _ . @ -',
          'The login name must be 2 to 64 letters, digits or _ . @ -',
        ),
      );
    } else if (await this.repository.loginNameTaken(loginName)) {
      errors.push(
        field(
          'loginName',
          `登录名 "${loginName}" 已被使用`,
          `Login name "${loginName}" is already taken`,
        ),
      );
    }
    requireText(errors, 'realName', realName, 64, ['姓名', 'Real name']);
    if (!isUserType(input.userType)) {
      errors.push(
        field('userType', '用户类型须为 1、2、3 或 4', 'The user type must be 1, 2, 3 or 4'),
      );
    }
    const problem = passwordProblem(input.password);
    if (problem) errors.push({ field: 'password', message: problem });
    if (errors.length > 0 || !unit) throw badRequest(errors);

    const passwordHash = await this.hash(input.password);
    const now = this.now();
    const row = newUserRow({
      unitId: unit.id,
      loginName,
      realName,
      userType: input.userType,
      passwordHash,
      now,
    });
    await this.repository.transaction(async (repo) => {
      await repo.insertUser(row);
      await repo.insertAudit(
        audit(now, actor, unit.id, 'admin.create_user', {
          userId: row.id,
          loginName,
          realName,
          userType: row.user_type,
        }),
      );
    });
    return toUserDto(row);
  }

  /** Sets a new password and signs the user out everywhere: sessions, refresh and device tokens. */
  async resetPassword(
    loginName: string,
    newPassword: string,
    actor: AuditActor = {},
  ): Promise<ResetPasswordResult> {
    const user = await this.repository.findUserByLogin(loginName.trim());
    if (!user)
      throw notFound(bilingual('用户不存在', `No user with login name "${loginName.trim()}"`));
    const problem = passwordProblem(newPassword);
    if (problem) throw badRequest([{ field: 'password', message: problem }]);

    const passwordHash = await this.hash(newPassword);
    const now = this.now();
    const revoked = await this.repository.transaction(async (repo) => {
      await repo.setPasswordHash(user.id, passwordHash);
      const counts = await repo.revokeAllCredentials(user.id, now);
      await repo.insertAudit(
        audit(now, actor, user.unit_id, 'admin.reset_password', {
          userId: user.id,
          loginName: user.login_name,
          revoked: counts,
        }),
      );
      return counts;
    });
    return { userId: user.id, loginName: user.login_name, revoked };
  }

  /** Links a child to a parent account; the first child becomes the current one. */
  async linkParentChild(
    parentLogin: string,
    childRef: ChildRef,
    actor: AuditActor = {},
  ): Promise<LinkChildResult> {
    const parent = await this.repository.findUserByLogin(parentLogin.trim());
    if (!parent)
      throw notFound(
        bilingual('家长账号不存在', `No user with login name "${parentLogin.trim()}"`),
      );
    if (!isParent(parent.user_type)) {
      throw badRequest([
        field(
          'parent',
          '该账号不是家长账号（用户类型 3）',
          `"${parent.login_name}" is not a parent account (user type 3)`,
        ),
      ]);
    }

    const now = this.now();
    let student: StudentRow;
    let isNewStudent = false;
    if ('studentId' in childRef) {
      const found = await this.repository.findStudent(childRef.studentId.trim());
      if (!found)
        throw notFound(
          bilingual('学生不存在', `No student with id "${childRef.studentId.trim()}"`),
        );
      if (found.unit_id !== parent.unit_id) {
        throw badRequest([
          field(
            'studentId',
            '学生与家长不属于同一单位',
            'The student and the parent belong to different units',
          ),
        ]);
      }
      student = found;
    } else {
      const errors: FieldError[] = [];
      const realName = childRef.realName.trim();
      const gradeName = childRef.gradeName.trim();
      const className = childRef.className.trim();
      requireText(errors, 'realName', realName, 64, ['学生姓名', 'Student name']);
      requireText(errors, 'gradeName', gradeName, 64, ['年级', 'Grade']);
      requireText(errors, 'className', className, 64, ['班级', 'Class']);
      if (errors.length > 0) throw badRequest(errors);
      student = {
        id: randomUUID(),
        unit_id: parent.unit_id,
        real_name: realName,
        grade_name: gradeName,
        class_name: className,
        created_at: now,
      };
      isNewStudent = true;
    }

    const created = await this.repository.transaction(async (repo) => {
      if (isNewStudent) await repo.insertStudent(student);
      const added = await repo.linkParentChild(parent.id, student.id, now);
      await repo.setCurrentChildIfEmpty(parent.id, student.id);
      await repo.insertAudit(
        audit(now, actor, parent.unit_id, 'admin.link_child', {
          parentId: parent.id,
          parentLogin: parent.login_name,
          studentId: student.id,
          newStudent: isNewStudent,
          created: added,
        }),
      );
      return added;
    });
    return { parentId: parent.id, child: toChild(student), created };
  }

  /**
   * Links a teacher account and a parent account of one person, so either can switch to
   * the other (spec §6). One person has one of each, so each account takes one link.
   */
  async linkTeacherParent(
    teacherLogin: string,
    parentLogin: string,
    actor: AuditActor = {},
  ): Promise<LinkAccountsResult> {
    const teacher = await this.repository.findUserByLogin(teacherLogin.trim());
    if (!teacher)
      throw notFound(
        bilingual('教师账号不存在', `No user with login name "${teacherLogin.trim()}"`),
      );
    const parent = await this.repository.findUserByLogin(parentLogin.trim());
    if (!parent)
      throw notFound(
        bilingual('家长账号不存在', `No user with login name "${parentLogin.trim()}"`),
      );

    const errors: FieldError[] = [];
    if (teacher.user_type !== UserType.teacher) {
      errors.push(
        field(
          'teacher',
          '该账号不是教师账号（用户类型 2）',
          `"${teacher.login_name}" is not a teacher account (user type 2)`,
        ),
      );
    }
    if (!isParent(parent.user_type)) {
      errors.push(
        field(
          'parent',
          '该账号不是家长账号（用户类型 3）',
          `"${parent.login_name}" is not a parent account (user type 3)`,
        ),
      );
    }
    if (teacher.unit_id !== parent.unit_id) {
      errors.push(
        field(
          'parent',
          '教师与家长账号须属于同一单位',
          'The teacher and parent accounts must belong to the same unit',
        ),
      );
    }
    if (errors.length > 0) throw badRequest(errors);

    const links = await this.repository.findUserLinks(teacher.id, parent.id);
    if (links.some((l) => l.teacher_id === teacher.id && l.parent_id === parent.id)) {
      return { teacherId: teacher.id, parentId: parent.id, created: false };
    }
    if (links.some((l) => l.teacher_id === teacher.id)) {
      errors.push(
        field(
          'teacher',
          '该教师账号已关联其他家长账号',
          `"${teacher.login_name}" is already linked to another parent account`,
        ),
      );
    }
    if (links.some((l) => l.parent_id === parent.id)) {
      errors.push(
        field(
          'parent',
          '该家长账号已关联其他教师账号',
          `"${parent.login_name}" is already linked to another teacher account`,
        ),
      );
    }
    if (errors.length > 0) throw badRequest(errors);

    const now = this.now();
    await this.repository.transaction(async (repo) => {
      await repo.insertUserLink(teacher.id, parent.id, now);
      await repo.insertAudit(
        audit(now, actor, teacher.unit_id, 'admin.link_accounts', {
          teacherId: teacher.id,
          teacherLogin: teacher.login_name,
          parentId: parent.id,
          parentLogin: parent.login_name,
        }),
      );
    });
    return { teacherId: teacher.id, parentId: parent.id, created: true };
  }

  /**
   * Sets a unit's licence for an app, the row the licence endpoint (`baseEndpoints.licence`) reads (spec §4
   * licence: true fine, false expired). `expired` ends it now, to try the blocking dialog.
   */
  async setLicence(input: SetLicenceInput, actor: AuditActor = {}): Promise<SetLicenceResult> {
    const errors: FieldError[] = [];
    const unitId = input.unitId.trim();
    const appRef = input.app.trim();
    const unit = unitId ? await this.repository.findUnit(unitId) : undefined;
    if (!unit) errors.push(field('unitId', '单位不存在', `Unit "${unitId}" does not exist`));
    const appCode = appRef ? await this.repository.findAppCode(appRef) : undefined;
    if (!appCode) errors.push(field('app', '应用不存在', `App "${appRef}" does not exist`));
    const now = this.now();
    const endTime = licenceEnd(input.until.trim(), now);
    if (endTime === null) {
      errors.push(
        field(
          'until',
          '截止日期须为 YYYY-MM-DD 格式的有效日期或 expired',
          `The end date must be a real date as YYYY-MM-DD, or "expired"; got "${input.until.trim()}"`,
        ),
      );
    }
    if (errors.length > 0 || !unit || !appCode || endTime === null) throw badRequest(errors);

    const previousEndTime = await this.repository.transaction(async (repo) => {
      const previous = (await repo.licenceEnd(unit.id, appCode)) ?? null;
      await repo.upsertLicence(unit.id, appCode, endTime);
      await repo.insertAudit(
        audit(now, actor, unit.id, 'admin.set_licence', {
          unitId: unit.id,
          appCode,
          endTime,
          previousEndTime: previous,
          until: input.until.trim(),
        }),
      );
      return previous;
    });
    return { unitId: unit.id, appCode, endTime, previousEndTime };
  }

  /**
   * The unit's message configuration (spec §2, §7 getMessageConfig): pcOpen 1 shows a plain
   * dot on the message bell instead of the count. Audited as `admin.set_message_config`.
   */
  async setMessageConfig(
    input: SetMessageConfigInput,
    actor: AuditActor = {},
  ): Promise<SetMessageConfigResult> {
    const errors: FieldError[] = [];
    const unitId = input.unitId.trim();
    const unit = unitId ? await this.repository.findUnit(unitId) : undefined;
    if (!unit) errors.push(field('unitId', '单位不存在', `Unit "${unitId}" does not exist`));
    const raw = input.pcOpen.trim();
    const pcOpen = raw === '0' ? 0 : raw === '1' ? 1 : undefined;
    if (pcOpen === undefined) {
      errors.push(field('pcOpen', 'pcOpen 须为 0 或 1', `pcOpen must be 0 or 1, got "${raw}"`));
    }
    if (errors.length > 0 || !unit || pcOpen === undefined) throw badRequest(errors);
    const now = this.now();
    const previousPcOpen = await this.repository.transaction(async (repo) => {
      const previous = (await repo.unitDesktopSettings(unit.id))?.message_pc_open === 1 ? 1 : 0;
      await repo.upsertUnitDesktopSettings(unit.id, { messagePcOpen: pcOpen }, now);
      await repo.insertAudit(
        audit(now, actor, unit.id, 'admin.set_message_config', {
          unitId: unit.id,
          pcOpen,
          previousPcOpen: previous,
        }),
      );
      return previous;
    });
    return { unitId: unit.id, pcOpen, previousPcOpen };
  }

  /**
   * The unit's single-sign-on login URL (spec §7 /api/sso/select/login/url): an http(s) URL
   * without credentials, or `none` to remove it. Audited as `admin.set_sso_url`.
   */
  async setSsoUrl(input: SetSsoUrlInput, actor: AuditActor = {}): Promise<SetSsoUrlResult> {
    const errors: FieldError[] = [];
    const unitId = input.unitId.trim();
    const unit = unitId ? await this.repository.findUnit(unitId) : undefined;
    if (!unit) errors.push(field('unitId', '单位不存在', `Unit "${unitId}" does not exist`));
    const raw = input.url.trim();
    const url = raw.toLowerCase() === 'none' ? null : safeHttpUrl(raw);
    if (url === null && raw.toLowerCase() !== 'none') {
      errors.push(
        field(
          'url',
          '单点登录地址须为 http(s) 网址，或 none 表示不设置',
          `The single-sign-on URL must be an http(s) URL, or "none"; got "${raw}"`,
        ),
      );
    }
    if (errors.length > 0 || !unit) throw badRequest(errors);
    const now = this.now();
    const previousUrl = await this.repository.transaction(async (repo) => {
      const previous = (await repo.unitDesktopSettings(unit.id))?.sso_login_url ?? null;
      await repo.upsertUnitDesktopSettings(unit.id, { ssoLoginUrl: url }, now);
      await repo.insertAudit(
        audit(now, actor, unit.id, 'admin.set_sso_url', {
          unitId: unit.id,
          url,
          previousUrl: previous,
        }),
      );
      return previous;
    });
    return { unitId: unit.id, url, previousUrl };
  }
}

/**
 * `expired` → now (the check wants the end after now); `YYYY-MM-DD` → the next local
 * midnight, so the licence covers the whole named day; anything else → null.
 */
function licenceEnd(until: string, now: number): number | null {
  if (until.toLowerCase() === 'expired') return now;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(until);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
    return null;
  }
  return new Date(year, month - 1, day + 1).getTime();
}

/** A user row with the defaults of a new account; shared with the demo seed. */
export function newUserRow(input: {
  id?: string;
  unitId: string;
  loginName: string;
  realName: string;
  userType: number;
  passwordHash: string;
  sex?: number;
  now: number;
}): UserRow {
  return {
    id: input.id ?? randomUUID(),
    unit_id: input.unitId,
    login_name: input.loginName,
    real_name: input.realName,
    user_type: input.userType,
    password_hash: input.passwordHash,
    sex: input.sex ?? 0,
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
    created_at: input.now,
  };
}

function toUserDto(row: UserRow): UserDto {
  return {
    id: row.id,
    unitId: row.unit_id,
    loginName: row.login_name,
    realName: row.real_name,
    userType: row.user_type,
  };
}

function toChild(row: StudentRow): Child {
  return {
    id: row.id,
    realName: row.real_name,
    gradeName: row.grade_name,
    className: row.class_name,
  };
}

function field(name: string, zh: string, en: string): FieldError {
  return { field: name, message: bilingual(zh, en) };
}

function requireText(
  errors: FieldError[],
  name: string,
  value: string,
  max: number,
  [zh, en]: [string, string],
): void {
  if (value.length === 0) errors.push(field(name, `${zh}不能为空`, `${en} must not be empty`));
  else if ([...value].length > max) {
    errors.push(
      field(name, `${zh}不能超过 ${max} 个字符`, `${en} must be at most ${max} characters`),
    );
  }
}

function audit(
  now: number,
  actor: AuditActor,
  unitId: string | null,
  action: string,
  detail: Record<string, unknown>,
) {
  return {
    id: randomUUID(),
    at: now,
    user_id: actor.userId ?? null,
    unit_id: unitId,
    action,
    ip: actor.ip ?? null,
    detail: JSON.stringify(detail),
  };
}
