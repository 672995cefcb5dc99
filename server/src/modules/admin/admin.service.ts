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
import { isArea, UnitType, UserType } from '@campus/contracts/user-types';
import { randomUUID } from 'node:crypto';
import type { FieldError } from '@campus/contracts/envelope';
import type { Child } from '@campus/contracts/family';
import { badRequest, notFound } from '../../core/errors.ts';
import { bilingual, type Bilingual } from '../../core/messages.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AppCatalogueService } from '../base/app-catalogue.service.ts';
import type { BaseService } from '../base/base.service.ts';
import { CLIENT_URL_SETTINGS, type UnitSettingsService } from '../desktop/unit-settings.service.ts';
import type { ChildNames, FamilyService } from '../family/family.service.ts';
import type { DirectoryService } from '../uaa/directory.service.ts';
import { hashPassword } from '../uaa/password.ts';
import type { RevokedCounts, UserRecord } from '../uaa/uaa.repository.ts';
import {
  auditEntry as entry,
  checkNewLoginName,
  checkPassword,
  checkRealName,
  checkSsoUrl,
  checkUnitNames,
  checkUnitType,
  checkUserType,
  childNames,
  field,
  type AuditActor,
} from './admin-rules.ts';

// The CLI's callers (the demo seed, the tests) read these from here.
export { passwordProblem } from './admin-rules.ts';
export type { AuditActor } from './admin-rules.ts';

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

/** The first administrator of a fresh deployment (issue 13 §5, the CLI's `create-admin`). */
export interface CreateAdminInput {
  /** An existing unit; left out on an empty database, the school `unitName` is created first. */
  unitId?: string | null;
  unitName?: string | null;
  unitEnName?: string | null;
  loginName: string;
  realName: string;
  password: string;
}

export interface CreateAdminResult {
  user: UserDto;
  /** The unit made for the administrator, when the database had none. */
  createdUnit: UnitDto | null;
}

/** The domains' services the admin composes, each bound to one database handle. */
export interface AdminDomains {
  directory: Pick<
    DirectoryService,
    | 'findUnit'
    | 'defaultUnit'
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
  roles: Pick<BaseService, 'grantBaseAdminRole'>;
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
    const { name, enName } = checkUnitNames(errors, input);
    const parentId = input.parentId?.trim() || null;
    checkUnitType(errors, input.unitType);
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
    const unit = input.unitId.trim()
      ? await this.domains.directory.findUnit(input.unitId.trim())
      : undefined;
    if (!unit) errors.push(field('unitId', '单位不存在', `Unit "${input.unitId}" does not exist`));
    const loginName = await checkNewLoginName(errors, input.loginName, (login) =>
      this.domains.directory.loginNameTaken(login),
    );
    const realName = checkRealName(errors, input.realName);
    checkUserType(errors, input.userType);
    checkPassword(errors, input.password);
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

  /**
   * An administrator (user type 1 holding the base-admin role) of a unit: the way into the console
   * on a fresh deployment (issue 13 §5). On an empty database the school named `unitName` is
   * created first; once units exist, the unit must be named by id. The unit, the account, the
   * role and their audit entries are written in one transaction.
   */
  async createAdmin(input: CreateAdminInput, actor: AuditActor = {}): Promise<CreateAdminResult> {
    const errors: FieldError[] = [];
    const unitId = input.unitId?.trim() || null;
    let unit: { id: string; name: string } | undefined;
    let newUnit: UnitDto | null = null;
    if (unitId !== null) {
      unit = await this.domains.directory.findUnit(unitId);
      if (!unit) errors.push(field('unitId', '单位不存在', `Unit "${unitId}" does not exist`));
    } else if (await this.domains.directory.defaultUnit()) {
      errors.push(
        field(
          'unitId',
          '已有单位，请用 --unit 指定管理员所属单位的编号',
          "Units exist already: name the administrator's unit by its id (--unit)",
        ),
      );
    } else {
      const names = checkUnitNames(errors, {
        name: input.unitName ?? '',
        enName: input.unitEnName,
      });
      newUnit = { id: randomUUID(), ...names, unitType: UnitType.school, parentId: null };
      unit = newUnit;
    }
    const loginName = await checkNewLoginName(errors, input.loginName, (login) =>
      this.domains.directory.loginNameTaken(login),
    );
    const realName = checkRealName(errors, input.realName);
    checkPassword(errors, input.password);
    if (errors.length > 0 || !unit) throw badRequest(errors);

    const passwordHash = await this.hash(input.password);
    const user: UserDto = {
      id: randomUUID(),
      unitId: unit.id,
      loginName,
      realName,
      userType: UserType.unitStaff,
    };
    const created = newUnit;
    await this.inTransaction(async ({ directory, roles, audit }) => {
      const now = this.now();
      if (created) {
        await directory.createUnit({ ...created, createdAt: now });
        await audit.record(
          'admin.create_unit',
          entry(actor, created.id, { ...created, unitId: created.id }),
        );
      }
      await directory.createUser({ ...user, passwordHash, createdAt: now });
      await roles.grantBaseAdminRole(user.id);
      await audit.record(
        'admin.create_admin',
        entry(actor, user.unitId, { userId: user.id, loginName, realName }),
      );
    });
    return { user, createdUnit: created };
  }

  /** Sets a new password and signs the user out everywhere: sessions, refresh and device tokens. */
  async resetPassword(
    loginName: string,
    newPassword: string,
    actor: AuditActor = {},
  ): Promise<ResetPasswordResult> {
    const user = await this.requireUser(loginName, '用户不存在');
    const errors: FieldError[] = [];
    checkPassword(errors, newPassword);
    if (errors.length > 0) throw badRequest(errors);

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
    // The CLI says `none` for none; an empty --url is refused before it gets here.
    const url = checkSsoUrl(errors, input.url, 'url');
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
