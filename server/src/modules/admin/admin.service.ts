/**
 * Unit administration: the operations behind the admin CLI (and a future admin console). The
 * admin owns no table: it validates what an administrator typed and composes the domains'
 * services, each writing its own tables (docs/ARCHITECTURE.md) — accounts and units through the
 * uaa's directory, children and linked accounts through the family, licences through the base
 * platform, unit settings through the desktop. Every action runs in one transaction and leaves
 * an audit entry (DESIGN.md §5); passwords never reach the audit detail, a log or a return value.
 */
import {
  CLIENT_PACKAGE_KINDS,
  CLIENT_PACKAGE_URL_MAX_LENGTH,
  clientPackageUrl,
  clientPackageUrlProblem,
  type ClientPackageKind,
  type ClientPackageUrlProblem,
} from '@campus/contracts/client-downloads';
import { isValidLoginName } from '@campus/contracts/field-rules';
import { defaultPasswordProblem, type PasswordProblem } from '@campus/contracts/password-rules';
import { isArea, isUnitType, isUserType } from '@campus/contracts/user-types';
import { randomUUID } from 'node:crypto';
import type { FieldError } from '@campus/contracts/envelope';
import type { Child } from '@campus/contracts/family';
import { badRequest, notFound } from '../../core/errors.ts';
import { bilingual, type Bilingual } from '../../core/messages.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AppCatalogueService } from '../base/app-catalogue.service.ts';
import type { BaseService } from '../base/base.service.ts';
import { safeHttpUrl } from '../desktop/desktop-rules.ts';
import { CLIENT_URL_SETTINGS, type UnitSettingsService } from '../desktop/unit-settings.service.ts';
import type { ChildNames, FamilyService } from '../family/family.service.ts';
import type { DirectoryService } from '../uaa/directory.service.ts';
import { hashPassword } from '../uaa/password.ts';
import type { RevokedCounts, UserRecord } from '../uaa/uaa.repository.ts';

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

/** The words for each way a package's address fails contracts' rule (issue 10 §4). */
const CLIENT_URL_PROBLEM_MESSAGES: Readonly<Record<ClientPackageUrlProblem, Bilingual>> = {
  length: bilingual(
    `下载地址不能超过 ${CLIENT_PACKAGE_URL_MAX_LENGTH} 个字符`,
    `The download address must be at most ${CLIENT_PACKAGE_URL_MAX_LENGTH} characters`,
  ),
  control: bilingual(
    '下载地址不能包含空格或控制字符',
    'The download address must not contain spaces or control characters',
  ),
  notHttp: bilingual(
    '下载地址须为以 http:// 或 https:// 开头的完整网址（不接受 javascript: 或相对路径），或 none 表示不设置',
    'The download address must be a full URL starting with http:// or https:// (not javascript: nor a relative path), or "none"',
  ),
  credentials: bilingual(
    '下载地址不能包含用户名或密码',
    'The download address must not contain a user name or password',
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
export type ChildRef = { studentId: string } | ChildNames;

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

export interface SetClientUrlInput {
  unitId: string;
  /** `installer` or `portable` (contracts' CLIENT_PACKAGE_KINDS). */
  kind: string;
  /** An absolute http(s) URL, or `none` to remove it (the folder's file is offered again). */
  url: string;
}

export interface SetClientUrlResult {
  unitId: string;
  kind: ClientPackageKind;
  url: string | null;
  previousUrl: string | null;
}

/** The domains' services the admin composes, each bound to one database handle. */
export interface AdminDomains {
  directory: Pick<
    DirectoryService,
    | 'findUnit'
    | 'findUserByLogin'
    | 'loginNameTaken'
    | 'createUnit'
    | 'createUser'
    | 'resetPassword'
  >;
  family: Pick<
    FamilyService,
    'assertParentAccount' | 'studentForParent' | 'linkChild' | 'linkAccounts'
  >;
  catalogue: Pick<AppCatalogueService, 'appCodeFor'>;
  licences: Pick<BaseService, 'replaceLicence'>;
  unitSettings: Pick<UnitSettingsService, 'change'>;
  audit: Pick<AuditService, 'record'>;
}

/** Runs `work` in one database transaction, with the domains bound to it. */
export type InTransaction = <T>(work: (domains: AdminDomains) => Promise<T>) => Promise<T>;

export interface AdminServiceOptions {
  /** The clock of the admin and of the domains it composes. */
  now?: () => number;
  hash?: (password: string) => Promise<string>;
}

export class AdminService {
  private readonly now: () => number;
  private readonly hash: (password: string) => Promise<string>;

  constructor(
    /** For the checks before an action; its writes go through `inTransaction`. */
    private readonly domains: AdminDomains,
    private readonly inTransaction: InTransaction,
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
      const parent = await this.domains.directory.findUnit(parentId);
      if (!parent) {
        errors.push(
          field('parentId', '上级单位不存在', `Parent unit "${parentId}" does not exist`),
        );
      } else if (!isArea(parent.unitType)) {
        // Schools sit under areas; nothing sits under a school.
        errors.push(field('parentId', '上级单位须为区域', 'The parent unit must be an area'));
      }
    }
    if (errors.length > 0) throw badRequest(errors);

    const unit = { id: randomUUID(), name, enName, unitType: input.unitType, parentId };
    await this.inTransaction(async ({ directory, audit }) => {
      await directory.createUnit({ ...unit, createdAt: this.now() });
      await audit.record(
        'admin.create_unit',
        entry(actor, unit.id, { unitId: unit.id, name, enName, unitType: unit.unitType, parentId }),
      );
    });
    return unit;
  }

  async createUser(input: CreateUserInput, actor: AuditActor = {}): Promise<UserDto> {
    const errors: FieldError[] = [];
    const loginName = input.loginName.trim();
    const realName = input.realName.trim();
    const unit = input.unitId.trim()
      ? await this.domains.directory.findUnit(input.unitId.trim())
      : undefined;
    if (!unit) errors.push(field('unitId', '单位不存在', `Unit "${input.unitId}" does not exist`));
    if (!isValidLoginName(loginName)) {
      errors.push(
        field(
          'loginName',
          '登录名须为 2 到 64 个字母、数字或 _ . @ -',
          'The login name must be 2 to 64 letters, digits or _ . @ -',
        ),
      );
    } else if (await this.domains.directory.loginNameTaken(loginName)) {
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
    const user = {
      id: randomUUID(),
      unitId: unit.id,
      loginName,
      realName,
      userType: input.userType,
    };
    await this.inTransaction(async ({ directory, audit }) => {
      await directory.createUser({ ...user, passwordHash, createdAt: this.now() });
      await audit.record(
        'admin.create_user',
        entry(actor, unit.id, { userId: user.id, loginName, realName, userType: user.userType }),
      );
    });
    return user;
  }

  /** Sets a new password and signs the user out everywhere: sessions, refresh and device tokens. */
  async resetPassword(
    loginName: string,
    newPassword: string,
    actor: AuditActor = {},
  ): Promise<ResetPasswordResult> {
    const user = await this.requireUser(loginName, '用户不存在');
    const problem = passwordProblem(newPassword);
    if (problem) throw badRequest([{ field: 'password', message: problem }]);

    const passwordHash = await this.hash(newPassword);
    const revoked = await this.inTransaction(async ({ directory, audit }) => {
      const counts = await directory.resetPassword(user.id, passwordHash);
      await audit.record(
        'admin.reset_password',
        entry(actor, user.unitId, { userId: user.id, loginName: user.loginName, revoked: counts }),
      );
      return counts;
    });
    return { userId: user.id, loginName: user.loginName, revoked };
  }

  /** Links a child to a parent account; the first child becomes the current one. */
  async linkParentChild(
    parentLogin: string,
    childRef: ChildRef,
    actor: AuditActor = {},
  ): Promise<LinkChildResult> {
    const parent = await this.requireUser(parentLogin, '家长账号不存在');
    this.domains.family.assertParentAccount(parent);
    const child =
      'studentId' in childRef
        ? await this.domains.family.studentForParent(parent, childRef.studentId.trim())
        : childNames(childRef);

    const linked = await this.inTransaction(async ({ family, audit }) => {
      const result = await family.linkChild(parent, child);
      await audit.record(
        'admin.link_child',
        entry(actor, parent.unitId, {
          parentId: parent.id,
          parentLogin: parent.loginName,
          studentId: result.child.id,
          newStudent: result.newStudent,
          created: result.created,
        }),
      );
      return result;
    });
    return { parentId: parent.id, child: linked.child, created: linked.created };
  }

  /**
   * Links a teacher account and a parent account of one person, so either can switch to
   * the other (spec §6); the family's rules decide whether they may be linked.
   */
  async linkTeacherParent(
    teacherLogin: string,
    parentLogin: string,
    actor: AuditActor = {},
  ): Promise<LinkAccountsResult> {
    const teacher = await this.requireUser(teacherLogin, '教师账号不存在');
    const parent = await this.requireUser(parentLogin, '家长账号不存在');
    const created = await this.inTransaction(async ({ family, audit }) => {
      const added = await family.linkAccounts(teacher, parent);
      if (added) {
        await audit.record(
          'admin.link_accounts',
          entry(actor, teacher.unitId, {
            teacherId: teacher.id,
            teacherLogin: teacher.loginName,
            parentId: parent.id,
            parentLogin: parent.loginName,
          }),
        );
      }
      return added;
    });
    return { teacherId: teacher.id, parentId: parent.id, created };
  }

  /**
   * Sets a unit's licence for an app, the row the licence endpoint (`baseEndpoints.licence`) reads (spec §4
   * licence: true fine, false expired). `expired` ends it now, to try the blocking dialog.
   */
  async setLicence(input: SetLicenceInput, actor: AuditActor = {}): Promise<SetLicenceResult> {
    const errors: FieldError[] = [];
    const unitId = input.unitId.trim();
    const appRef = input.app.trim();
    const unit = await this.findUnit(errors, unitId);
    const appCode = appRef ? await this.domains.catalogue.appCodeFor(appRef) : undefined;
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

    const previousEndTime = await this.inTransaction(async ({ licences, audit }) => {
      const previous = await licences.replaceLicence(unit.id, appCode, endTime);
      await audit.record(
        'admin.set_licence',
        entry(actor, unit.id, {
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
    const unit = await this.findUnit(errors, unitId);
    const raw = input.pcOpen.trim();
    const pcOpen = raw === '0' ? 0 : raw === '1' ? 1 : undefined;
    if (pcOpen === undefined) {
      errors.push(field('pcOpen', 'pcOpen 须为 0 或 1', `pcOpen must be 0 or 1, got "${raw}"`));
    }
    if (errors.length > 0 || !unit || pcOpen === undefined) throw badRequest(errors);
    const previousPcOpen = await this.inTransaction(async ({ unitSettings, audit }) => {
      const previous = await unitSettings.change(unit.id, { messagePcOpen: pcOpen });
      const previousPcOpen = previous.messagePcOpen === 1 ? 1 : 0;
      await audit.record(
        'admin.set_message_config',
        entry(actor, unit.id, { unitId: unit.id, pcOpen, previousPcOpen }),
      );
      return previousPcOpen;
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
    const unit = await this.findUnit(errors, unitId);
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
    const previousUrl = await this.inTransaction(async ({ unitSettings, audit }) => {
      const previousUrl = (await unitSettings.change(unit.id, { ssoLoginUrl: url })).ssoLoginUrl;
      await audit.record(
        'admin.set_sso_url',
        entry(actor, unit.id, { unitId: unit.id, url, previousUrl }),
      );
      return previousUrl;
    });
    return { unitId: unit.id, url, previousUrl };
  }

  /**
   * A package's download address for a unit (spec §2 download-client dialog, issue 10 §4): it
   * wins over CLIENT_DOWNLOADS_DIR's file for the unit's users; `none` removes it. Checked by
   * contracts' rule (absolute http(s), no control characters, at most 2048 characters). Audited
   * as `admin.set_client_url`.
   */
  async setClientUrl(
    input: SetClientUrlInput,
    actor: AuditActor = {},
  ): Promise<SetClientUrlResult> {
    const errors: FieldError[] = [];
    const unitId = input.unitId.trim();
    const unit = await this.findUnit(errors, unitId);
    const kindRaw = input.kind.trim().toLowerCase();
    const kind = CLIENT_PACKAGE_KINDS.find((k) => k === kindRaw);
    if (!kind) {
      errors.push(
        field(
          'kind',
          '安装包须为 installer（安装版）或 portable（免安装版）',
          `The package must be "installer" or "portable", got "${input.kind.trim()}"`,
        ),
      );
    }
    const raw = input.url.trim();
    const remove = raw.toLowerCase() === 'none';
    const problem = remove ? null : clientPackageUrlProblem(raw);
    if (problem) errors.push({ field: 'url', message: CLIENT_URL_PROBLEM_MESSAGES[problem] });
    if (errors.length > 0 || !unit || !kind) throw badRequest(errors);
    const url = remove ? null : clientPackageUrl(raw);
    const setting = CLIENT_URL_SETTINGS[kind];
    const previousUrl = await this.inTransaction(async ({ unitSettings, audit }) => {
      const previousUrl = (await unitSettings.change(unit.id, { [setting]: url }))[setting];
      await audit.record(
        'admin.set_client_url',
        entry(actor, unit.id, { unitId: unit.id, kind, url, previousUrl }),
      );
      return previousUrl;
    });
    return { unitId: unit.id, kind, url, previousUrl };
  }

  /** The account with this login name, or not found (`zh` names what was looked for). */
  private async requireUser(loginName: string, zh: string): Promise<UserRecord> {
    const user = await this.domains.directory.findUserByLogin(loginName.trim());
    if (!user) throw notFound(bilingual(zh, `No user with login name "${loginName.trim()}"`));
    return user;
  }

  /** The unit named by an administrator, or a field error when there is none. */
  private async findUnit(errors: FieldError[], unitId: string) {
    const unit = unitId ? await this.domains.directory.findUnit(unitId) : undefined;
    if (!unit) errors.push(field('unitId', '单位不存在', `Unit "${unitId}" does not exist`));
    return unit;
  }
}

/**
 * `expired` → now (the check wants the end after now); `YYYY-MM-DD` → the next local
 * midnight, so the licence covers the whole named day; anything else → null.
 */
export function licenceEnd(until: string, now: number): number | null {
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

/** An audit entry of an admin action: who did it (none from the CLI), the unit, the detail. */
function entry(actor: AuditActor, unitId: string | null, detail: Record<string, unknown>) {
  return { userId: actor.userId ?? null, unitId, ip: actor.ip ?? null, detail };
}

/** A new student's names, each required, at most 64 characters. */
function childNames(input: ChildNames): ChildNames {
  const errors: FieldError[] = [];
  const realName = input.realName.trim();
  const gradeName = input.gradeName.trim();
  const className = input.className.trim();
  requireText(errors, 'realName', realName, 64, ['学生姓名', 'Student name']);
  requireText(errors, 'gradeName', gradeName, 64, ['年级', 'Grade']);
  requireText(errors, 'className', className, 64, ['班级', 'Class']);
  if (errors.length > 0) throw badRequest(errors);
  return { realName, gradeName, className };
}
