/**
 * Who may do what in the apps, from the console (issue 13 §2, DESIGN.md §10): the menus and
 * permission codes of each app (spec §6 resources) and the user types and roles that hold them,
 * the roles the unit's users hold, the unit's licences (spec §4), and the unit's themes with the
 * theme pushed to every user (spec §2, §6). Each change runs in one transaction with its audit
 * row; the tables are the base's and the uaa's, written through their services.
 */
import { randomUUID } from 'node:crypto';
import type {
  AdminIdBody,
  AdminLicenceBody,
  AdminLicenceResult,
  AdminLicences,
  AdminResource,
  AdminResourceBody,
  AdminRoleAssignment,
  AdminRoleBody,
  AdminRoles,
  AdminThemeListBody,
  AdminThemePushBody,
  AdminThemePushResult,
  AdminThemes,
} from '@campus/contracts/admin-apps';
import { BASE_ADMIN_ROLE } from '@campus/contracts/base';
import type { FieldError } from '@campus/contracts/envelope';
import type { DecorationSet } from '@campus/contracts/uaa';
import { isParent } from '@campus/contracts/user-types';
import { badRequest, notFound } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import {
  splitList,
  type AdminResourceRecord,
  type CatalogueAdminService,
} from '../base/catalogue-admin.service.ts';
import { SWATCH_NAMES, resolveThemeChoice } from '../desktop/desktop-rules.ts';
import type { DirectoryService } from '../uaa/directory.service.ts';
import type { SessionUser } from '../uaa/session.service.ts';
import {
  auditEntry,
  type Actor,
  type AppsAccess,
  type InAppsTransaction,
} from './admin-apps-support.ts';
import { licenceEnd } from './admin.service.ts';
import {
  colour,
  field,
  menuRoute,
  permissionCode,
  requiredText,
  roleName,
  userTypeList,
} from './app-rules.ts';

const RESOURCE_TYPES = [1, 2, 3] as const;

export class AdminPermissionsService {
  constructor(
    private readonly deps: {
      access: AppsAccess;
      catalogue: CatalogueAdminService;
      directory: Pick<DirectoryService, 'findUnit' | 'findUser'>;
      inTransaction: InAppsTransaction;
      clock: () => number;
    },
  ) {}

  // -------------------------------------------------------------------------------------------
  // Menus and permission codes

  async resources(user: SessionUser, unitId: string, code: string): Promise<AdminResource[]> {
    await this.deps.access.manages(user, unitId);
    const app = await this.requireApp(code);
    return (await this.deps.catalogue.resourcesOfApp(app)).map(toAdminResource);
  }

  /** Creates (no id) or edits a menu entry, page or button of an app, and who holds it. */
  async saveResource(actor: Actor, body: AdminResourceBody): Promise<AdminResource> {
    await this.deps.access.editsShared(actor.user, body.unitId);
    const appCode = await this.requireApp(body.appCode);
    const current = body.id ? await this.deps.catalogue.findResource(body.id) : undefined;
    if (body.id && (!current || current.appCode !== appCode)) {
      throw notFound(bilingual('菜单项不存在', `No menu entry "${body.id}" in ${appCode}`));
    }
    const id = current?.id ?? `res-${randomUUID()}`;
    const errors: FieldError[] = [];
    const code = permissionCode(body.code);
    if (!code) {
      errors.push(
        field(
          'code',
          '权限编码须由字母、数字或 _ : . - 组成（至多 100 个字符）',
          'The permission code must hold only letters, digits or _ : . - (at most 100)',
        ),
      );
    } else if (await this.deps.catalogue.resourceCodeTaken(appCode, code, current?.id ?? null)) {
      errors.push(
        field('code', `权限编码 ${code} 已被使用`, `The permission code "${code}" is taken`),
      );
    }
    const name = requiredText(errors, 'name', body.name, ['名称', 'Name']);
    const enName = requiredText(errors, 'enName', body.enName, ['英文名称', 'English name']);
    if (!(RESOURCE_TYPES as readonly number[]).includes(body.resourceType)) {
      errors.push(
        field(
          'resourceType',
          '类型须为 1（模块）、2（页面）或 3（按钮）',
          'The type must be 1 (module), 2 (page) or 3 (button)',
        ),
      );
    }
    const route = menuRoute(body.menuRoute);
    if (!route.ok) {
      errors.push(
        field(
          'menuRoute',
          '菜单路由须为以 / 开头的路径，不含 .. 或 //',
          'The menu route must be a path starting with /, without .. or //',
        ),
      );
    } else if (body.resourceType === 2 && route.value === null) {
      errors.push(field('menuRoute', '页面须有菜单路由', 'A page (type 2) needs a menu route'));
    }
    const userTypes = body.userTypes.length === 0 ? '' : userTypeList(body.userTypes);
    if (userTypes === null) {
      errors.push(field('userTypes', '用户类型须为 1 到 4', 'User types must be 1 to 4'));
    }
    const roles = body.roles.map((r) => roleName(r));
    if (roles.some((r) => r === null)) {
      errors.push(
        field('roles', '角色须由字母、数字或 _ 组成', 'A role must hold only letters, digits or _'),
      );
    }
    if (userTypes === '' && body.roles.length === 0) {
      errors.push(
        field(
          'userTypes',
          '须至少授予一种用户类型或一个角色',
          'Grant it to at least one user type or role',
        ),
      );
    }
    const parentId = body.parentId ?? null;
    if (parentId !== null) {
      const parent = await this.deps.catalogue.findResource(parentId);
      if (!parent || parent.appCode !== appCode || parent.id === id) {
        errors.push(
          field(
            'parentId',
            '上级菜单须为本应用的另一项',
            'The parent must be another entry of this app',
          ),
        );
      } else if (await this.isAncestor(id, parent)) {
        errors.push(
          field(
            'parentId',
            '上级菜单不能是它自己的下级',
            'The parent cannot be one of its own children',
          ),
        );
      }
    }
    if (errors.length > 0 || !code || userTypes === null || !route.ok) throw badRequest(errors);
    const resource = {
      id,
      appCode,
      parentId,
      code,
      name,
      enName,
      resourceType: body.resourceType,
      menuRoute: route.value,
      userTypes: userTypes === '' ? [] : userTypes.split(',').map(Number),
      roles: [...new Set(roles.filter((r): r is string => r !== null))],
      sort: body.sort,
    };
    await this.deps.inTransaction(async ({ catalogue, audit }) => {
      await catalogue.saveResource(resource, current === undefined);
      await audit.record(
        'admin.save_resource',
        auditEntry(actor, body.unitId, { ...resource, previous: current ?? null }),
      );
    });
    const saved = await this.deps.catalogue.findResource(id);
    if (!saved) throw notFound();
    return toAdminResource(saved);
  }

  async deleteResource(actor: Actor, body: AdminIdBody): Promise<boolean> {
    await this.deps.access.editsShared(actor.user, body.unitId);
    const resource = await this.deps.catalogue.findResource(body.id);
    if (!resource) throw notFound(bilingual('菜单项不存在', `No menu entry "${body.id}"`));
    if ((await this.deps.catalogue.countChildren(resource.id)) > 0) {
      throw badRequest([field('id', '请先删除它的下级菜单项', 'Delete its child entries first')]);
    }
    await this.deps.inTransaction(async ({ catalogue, audit }) => {
      await catalogue.deleteResource(resource.id);
      await audit.record('admin.delete_resource', auditEntry(actor, body.unitId, { ...resource }));
    });
    return true;
  }

  // -------------------------------------------------------------------------------------------
  // Roles

  async roles(user: SessionUser, unitId: string): Promise<AdminRoles> {
    await this.deps.access.manages(user, unitId);
    const [assignments, named] = await Promise.all([
      this.deps.catalogue.roleAssignments(unitId),
      this.deps.catalogue.rolesNamedByResources(),
    ]);
    const known = [{ appCode: 'base', role: BASE_ADMIN_ROLE }, ...named].filter(
      (r, i, all) => all.findIndex((o) => o.appCode === r.appCode && o.role === r.role) === i,
    );
    return { assignments, known };
  }

  /** Gives a user of the unit a role of an app (the base-admin role makes an administrator). */
  async grantRole(actor: Actor, body: AdminRoleBody): Promise<AdminRoleAssignment> {
    await this.deps.access.manages(actor.user, body.unitId);
    const { user, appCode, role } = await this.roleInput(body);
    if (appCode === 'base' && role === BASE_ADMIN_ROLE && isParent(user.userType)) {
      throw badRequest([
        field('userId', '家长账号不能成为管理员', 'A parent account cannot be an administrator'),
      ]);
    }
    await this.deps.inTransaction(async ({ catalogue, audit }) => {
      // Granting a role held already changes nothing and leaves no row.
      if (await catalogue.grantRole(user.id, appCode, role)) {
        await audit.record(
          'admin.grant_role',
          auditEntry(actor, body.unitId, {
            userId: user.id,
            loginName: user.loginName,
            appCode,
            role,
          }),
        );
      }
    });
    return {
      userId: user.id,
      loginName: user.loginName,
      realName: user.realName,
      userType: user.userType,
      appCode,
      role,
    };
  }

  /** Takes a role; an administrator cannot take the base-admin role from themselves. */
  async revokeRole(actor: Actor, body: AdminRoleBody): Promise<boolean> {
    await this.deps.access.manages(actor.user, body.unitId);
    const { user, appCode, role } = await this.roleInput(body);
    if (user.id === actor.user.userId && appCode === 'base' && role === BASE_ADMIN_ROLE) {
      throw badRequest([
        field(
          'role',
          '不能取消自己的管理员角色（请由另一位管理员操作）',
          'You cannot take your own administrator role (ask another administrator)',
        ),
      ]);
    }
    return this.deps.inTransaction(async ({ catalogue, audit }) => {
      const removed = await catalogue.revokeRole(user.id, appCode, role);
      if (removed) {
        await audit.record(
          'admin.revoke_role',
          auditEntry(actor, body.unitId, {
            userId: user.id,
            loginName: user.loginName,
            appCode,
            role,
          }),
        );
      }
      return removed;
    });
  }

  private async roleInput(body: AdminRoleBody) {
    const errors: FieldError[] = [];
    const user = await this.deps.directory.findUser(body.userId);
    if (!user || user.unitId !== body.unitId) {
      // Someone of another unit is not this unit's to give roles to: the same answer as nobody.
      errors.push(field('userId', '本单位没有这个用户', 'No such user in this unit'));
    }
    const appCode = body.appCode.trim();
    if (!(await this.deps.catalogue.findApp(appCode))) {
      errors.push(field('appCode', `应用 ${appCode} 不存在`, `No app "${appCode}"`));
    }
    const role = roleName(body.role);
    if (!role) {
      errors.push(
        field('role', '角色须由字母、数字或 _ 组成', 'A role must hold only letters, digits or _'),
      );
    }
    if (errors.length > 0 || !user || !role) throw badRequest(errors);
    return { user, appCode, role };
  }

  // -------------------------------------------------------------------------------------------
  // Licences

  async licences(user: SessionUser, unitId: string): Promise<AdminLicences> {
    await this.deps.access.manages(user, unitId);
    const [apps, held, editable] = await Promise.all([
      this.deps.catalogue.apps(),
      this.deps.catalogue.licencesOf(unitId),
      this.deps.access.isTopLevel(user),
    ]);
    const ends = new Map(held.map((l) => [l.appCode, l.endTime]));
    const now = this.deps.clock();
    return {
      editable,
      licences: apps.map((app) => {
        const endTime = ends.get(app.code) ?? null;
        return {
          appCode: app.code,
          name: app.name,
          englishName: app.englishName,
          endTime,
          valid: endTime !== null && endTime > now,
        };
      }),
    };
  }

  /**
   * The unit's licence for an app (spec §4), by the CLI's rule (`licenceEnd`: through a whole
   * day, or `expired`) and the base's `replaceLicence`; audited as the CLI's `admin.set_licence`.
   */
  async setLicence(actor: Actor, body: AdminLicenceBody): Promise<AdminLicenceResult> {
    await this.deps.access.editsShared(actor.user, body.unitId);
    const errors: FieldError[] = [];
    const appCode = body.appCode.trim();
    if (!(await this.deps.catalogue.findApp(appCode))) {
      errors.push(field('appCode', `应用 ${appCode} 不存在`, `No app "${appCode}"`));
    }
    const until = body.until.trim();
    const endTime = licenceEnd(until, this.deps.clock());
    if (endTime === null) {
      errors.push(
        field(
          'until',
          '截止日期须为 YYYY-MM-DD 格式的有效日期或 expired',
          `The end date must be a real date as YYYY-MM-DD, or "expired"; got "${until}"`,
        ),
      );
    }
    if (errors.length > 0 || endTime === null) throw badRequest(errors);
    const previousEndTime = await this.deps.inTransaction(async ({ licences, audit }) => {
      const previous = await licences.replaceLicence(body.unitId, appCode, endTime);
      await audit.record(
        'admin.set_licence',
        auditEntry(actor, body.unitId, {
          unitId: body.unitId,
          appCode,
          endTime,
          previousEndTime: previous,
          until,
        }),
      );
      return previous;
    });
    return { unitId: body.unitId, appCode, endTime, previousEndTime };
  }

  // -------------------------------------------------------------------------------------------
  // The unit's themes

  async themes(user: SessionUser, unitId: string): Promise<AdminThemes> {
    await this.deps.access.manages(user, unitId);
    const unit = await this.deps.directory.findUnit(unitId);
    return { themeList: themeListOf(unit?.decorationSet ?? null) };
  }

  /** Replaces the unit's own themes (the theme dialog's custom section, spec §2). */
  async setThemes(actor: Actor, body: AdminThemeListBody): Promise<AdminThemes> {
    await this.deps.access.manages(actor.user, body.unitId);
    const errors: FieldError[] = [];
    const themeList = body.themeList.map((theme, i) => {
      const name = requiredText(errors, `themeList.${i}.name`, theme.name, [
        '主题名称',
        'Theme name',
      ]);
      const enName = theme.enName?.trim() || undefined;
      const color = colour(theme.color);
      if (!color) {
        errors.push(
          field(
            `themeList.${i}.color`,
            '主题颜色须为 #RGB 或 #RRGGBB',
            'The theme colour must be #RGB or #RRGGBB',
          ),
        );
      }
      return { name, ...(enName ? { enName } : {}), color: color ?? '' };
    });
    if (new Set(themeList.map((t) => t.name)).size !== themeList.length) {
      errors.push(field('themeList', '主题名称不能重复', 'Theme names must not repeat'));
    }
    if (errors.length > 0) throw badRequest(errors);
    await this.deps.inTransaction(async ({ directory, audit }) => {
      const previous = await directory.setUnitThemeList(body.unitId, themeList);
      await audit.record(
        'admin.set_unit_themes',
        auditEntry(actor, body.unitId, { themeList, previous }),
      );
    });
    return { themeList };
  }

  /** Gives every user of the unit a theme (spec §6 default_color), by the theme dialog's rule. */
  async pushTheme(actor: Actor, body: AdminThemePushBody): Promise<AdminThemePushResult> {
    await this.deps.access.manages(actor.user, body.unitId);
    const choice = resolveThemeChoice(body.theme.trim(), body.layout);
    if (!choice) {
      const swatches = SWATCH_NAMES.join(', ');
      throw badRequest([
        field(
          'theme',
          `主题须为 ink、lotus、cartoon，色板（${swatches}）或 #RGB/#RRGGBB 颜色`,
          `The theme must be ink, lotus, cartoon, a swatch (${swatches}) or a #RGB/#RRGGBB colour`,
        ),
      ]);
    }
    const users = await this.deps.inTransaction(async ({ directory, audit }) => {
      const count = await directory.setUnitTheme(body.unitId, choice);
      await audit.record(
        'admin.push_theme',
        auditEntry(actor, body.unitId, {
          theme: choice.theme,
          themeColor: choice.themeColor,
          layout: choice.layout ?? null,
          users: count,
        }),
      );
      return count;
    });
    return { theme: choice.theme, themeColor: choice.themeColor, users };
  }

  private async requireApp(code: string): Promise<string> {
    const app = await this.deps.catalogue.findApp(code.trim());
    if (!app) throw notFound(bilingual('应用不存在', `No app "${code.trim()}"`));
    return app.code;
  }

  /** Whether `id` is `resource` or one of its ancestors (a cycle if it became its parent). */
  private async isAncestor(id: string, resource: AdminResourceRecord): Promise<boolean> {
    let current: AdminResourceRecord | undefined = resource;
    for (let depth = 0; current && depth < 50; depth += 1) {
      if (current.id === id) return true;
      current = current.parentId
        ? await this.deps.catalogue.findResource(current.parentId)
        : undefined;
    }
    return false;
  }
}

function toAdminResource(r: AdminResourceRecord): AdminResource {
  return {
    id: r.id,
    appCode: r.appCode,
    parentId: r.parentId,
    code: r.code,
    name: r.name,
    enName: r.enName,
    resourceType: r.resourceType,
    menuRoute: r.menuRoute,
    userTypes: splitList(r.userTypes).map(Number),
    roles: splitList(r.roles),
    sort: r.sort,
  };
}

/** The unit's own themes from its stored decoration; unreadable text gives none. */
function themeListOf(decorationSet: string | null): AdminThemes['themeList'] {
  try {
    const parsed = JSON.parse(decorationSet ?? '{}') as DecorationSet;
    return (parsed.themeList ?? [])
      .filter((t) => typeof t?.name === 'string' && typeof t.color === 'string')
      .map((t) => ({ name: t.name, ...(t.enName ? { enName: t.enName } : {}), color: t.color }));
  } catch {
    return [];
  }
}
