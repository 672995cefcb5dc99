/**
 * The app catalogue in the console (issue 13 §2, DESIGN.md §10): register and edit apps, their
 * icons per theme, groups and order, hiding one, and deploying a sub-app build. The catalogue
 * is the base platform's (written through `CatalogueAdminService`); this service checks who calls
 * (`AppsAccess`) and what they typed (`app-rules.ts`), and runs each change in one transaction
 * with its audit row.
 */
import type { Readable } from 'node:stream';
import {
  type AdminApp,
  type AdminAppArrangeBody,
  type AdminAppBody,
  type AdminAppCatalogue,
  type AdminAppGroup,
  type AdminAppGroupBody,
  type AdminAppIconBody,
  type AdminAppStatusBody,
  type AdminCodeBody,
  type AdminDeployResult,
} from '@campus/contracts/admin-apps';
import type { FieldError } from '@campus/contracts/envelope';
import { appIconUrl, type AppIconVariant } from '@campus/contracts/storage';
import { badRequest, notFound } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { AppRecord } from '../base/base.repository.ts';
import type { AppFields, CatalogueAdminService } from '../base/catalogue-admin.service.ts';
import type { IconFileProblem, StorageService } from '../storage/storage.service.ts';
import type { SessionUser } from '../uaa/session.service.ts';
import {
  auditEntry,
  type Actor,
  type AppsAccess,
  type InAppsTransaction,
} from './admin-apps-support.ts';
import {
  appCode,
  codeError,
  colour,
  deployPath,
  field,
  menuRoute,
  requiredText,
  userTypeList,
} from './app-rules.ts';
import type { SubappDeployer } from './subapp-deploy.ts';

const ICON_PROBLEMS: Readonly<Record<IconFileProblem, [string, string]>> = {
  notYours: [
    '图标须为您本人在本单位上传的文件',
    'The icon must be a file you uploaded in your unit',
  ],
  notImage: ['图标须为 PNG、JPEG 或 GIF 图片', 'The icon must be a PNG, JPEG or GIF image'],
  tooLarge: ['图标不能超过 512 KiB', 'The icon must be at most 512 KiB'],
};

export class AdminAppsService {
  constructor(
    private readonly deps: {
      access: AppsAccess;
      /** For reads and the checks before an action; writes go through `inTransaction`. */
      catalogue: CatalogueAdminService;
      inTransaction: InAppsTransaction;
      storage: Pick<StorageService, 'iconFileProblem'>;
      deployer: SubappDeployer;
      clock: () => number;
    },
  ) {}

  /** The whole catalogue as the console shows it; `editable` says whether the caller may change it. */
  async catalogue(user: SessionUser, unitId: string): Promise<AdminAppCatalogue> {
    await this.deps.access.manages(user, unitId);
    const [apps, groups, editable] = await Promise.all([
      this.deps.catalogue.apps(),
      this.deps.catalogue.listGroups(),
      this.deps.access.isTopLevel(user),
    ]);
    const icons = await this.iconsByApp();
    return { editable, groups, apps: apps.map((app) => this.toAdminApp(app, icons)) };
  }

  async createApp(actor: Actor, body: AdminAppBody): Promise<AdminApp> {
    await this.deps.access.editsShared(actor.user, body.unitId);
    const code = appCode(body.code);
    const errors: FieldError[] = [];
    if (!code) errors.push(codeError('code', ['应用编码', 'app code']));
    else if (await this.deps.catalogue.findApp(code)) {
      errors.push(field('code', `应用编码 ${code} 已被使用`, `The app code "${code}" is taken`));
    }
    const fields = await this.appFields(body, errors);
    if (errors.length > 0 || !code || !fields) throw badRequest(errors);
    await this.deps.inTransaction(async ({ catalogue, audit }) => {
      await catalogue.createApp(code, fields);
      await audit.record('admin.create_app', auditEntry(actor, body.unitId, { code, ...fields }));
    });
    return this.app(code);
  }

  async updateApp(actor: Actor, body: AdminAppBody): Promise<AdminApp> {
    await this.deps.access.editsShared(actor.user, body.unitId);
    const current = await this.requireApp(body.code);
    const errors: FieldError[] = [];
    const fields = await this.appFields(body, errors);
    if (errors.length > 0 || !fields) throw badRequest(errors);
    await this.deps.inTransaction(async ({ catalogue, audit }) => {
      await catalogue.updateApp(current.code, fields);
      await audit.record(
        'admin.update_app',
        auditEntry(actor, body.unitId, { code: current.code, before: current, after: fields }),
      );
    });
    return this.app(current.code);
  }

  /** Spec §3 updateStatus: 0 hides the app from every menu, 1 shows it again. */
  async setStatus(actor: Actor, body: AdminAppStatusBody): Promise<AdminApp> {
    await this.deps.access.editsShared(actor.user, body.unitId);
    const current = await this.requireApp(body.code);
    const status = body.updateStatus;
    if (status !== 0 && status !== 1) {
      throw badRequest([
        field(
          'updateStatus',
          '状态须为 0（隐藏）或 1（显示）',
          'The status must be 0 (hidden) or 1 (shown)',
        ),
      ]);
    }
    await this.deps.inTransaction(async ({ catalogue, audit }) => {
      await catalogue.setUpdateStatus(current.code, status);
      await audit.record(
        'admin.set_app_status',
        auditEntry(actor, body.unitId, {
          code: current.code,
          updateStatus: status,
          previous: current.updateStatus,
        }),
      );
    });
    return this.app(current.code);
  }

  /**
   * Every app's group and default order at once: each app named once at most. An app registered
   * since the caller read the list is not refused for missing: it keeps its place after the
   * named ones (two administrators at once, or a stale console tab).
   */
  async arrange(actor: Actor, body: AdminAppArrangeBody): Promise<AdminApp[]> {
    await this.deps.access.editsShared(actor.user, body.unitId);
    const [apps, groups] = await Promise.all([
      this.deps.catalogue.apps(),
      this.deps.catalogue.listGroups(),
    ]);
    const known = new Set(apps.map((a) => a.code));
    const groupCodes = new Set(groups.map((g) => g.code));
    const named = body.apps.map((a) => a.code.trim());
    const errors: FieldError[] = [];
    const unknown = named.filter((c) => !known.has(c));
    if (unknown.length > 0 || new Set(named).size !== named.length) {
      errors.push(
        field(
          'apps',
          `每个应用最多列出一次${unknown.length ? `（未知 ${unknown.join(', ')}）` : ''}`,
          `List each app once at most${unknown.length ? ` (unknown ${unknown.join(', ')})` : ''}`,
        ),
      );
    }
    const badGroups = body.apps.map((a) => a.groupCode.trim()).filter((g) => !groupCodes.has(g));
    if (badGroups.length > 0) {
      errors.push(
        field(
          'apps',
          `分组不存在：${[...new Set(badGroups)].join(', ')}`,
          `No such group: ${[...new Set(badGroups)].join(', ')}`,
        ),
      );
    }
    if (errors.length > 0) throw badRequest(errors);
    const order = body.apps.map((a) => ({ code: a.code.trim(), groupCode: a.groupCode.trim() }));
    await this.deps.inTransaction(async ({ catalogue, audit }) => {
      await catalogue.arrange(order);
      await audit.record('admin.arrange_apps', auditEntry(actor, body.unitId, { order }));
    });
    const icons = await this.iconsByApp();
    return (await this.deps.catalogue.apps()).map((app) => this.toAdminApp(app, icons));
  }

  async saveGroup(actor: Actor, body: AdminAppGroupBody): Promise<AdminAppGroup> {
    await this.deps.access.editsShared(actor.user, body.unitId);
    const errors: FieldError[] = [];
    const code = appCode(body.code);
    if (!code) errors.push(codeError('code', ['分组编码', 'group code']));
    const name = requiredText(errors, 'name', body.name, ['分组名称', 'Group name']);
    const enName = requiredText(errors, 'enName', body.enName, ['英文名称', 'English name']);
    if (errors.length > 0 || !code) throw badRequest(errors);
    const group = { code, name, enName, sort: body.sort };
    await this.deps.inTransaction(async ({ catalogue, audit }) => {
      const previous = await catalogue.findGroup(code);
      await catalogue.saveGroup(group);
      await audit.record(
        'admin.save_app_group',
        auditEntry(actor, body.unitId, { ...group, previous: previous ?? null }),
      );
    });
    return group;
  }

  async deleteGroup(actor: Actor, body: AdminCodeBody): Promise<boolean> {
    await this.deps.access.editsShared(actor.user, body.unitId);
    const group = await this.deps.catalogue.findGroup(body.code.trim());
    if (!group) throw notFound(bilingual('分组不存在', `No group "${body.code.trim()}"`));
    if ((await this.deps.catalogue.countAppsInGroup(group.code)) > 0) {
      throw badRequest([
        field(
          'code',
          '分组中还有应用，请先把它们移到其他分组',
          'The group still holds apps: move them to another group first',
        ),
      ]);
    }
    await this.deps.inTransaction(async ({ catalogue, audit }) => {
      await catalogue.deleteGroup(group.code);
      await audit.record('admin.delete_app_group', auditEntry(actor, body.unitId, { ...group }));
    });
    return true;
  }

  /**
   * One theme variant's icon (spec §3: gray, colour, cartoon): an image the caller uploaded
   * through the storage's upload calls (its id), or null to draw it from the app's name again.
   */
  async setIcon(actor: Actor, body: AdminAppIconBody): Promise<AdminApp> {
    await this.deps.access.editsShared(actor.user, body.unitId);
    const app = await this.requireApp(body.code);
    if (body.fileId !== null) {
      const problem = await this.deps.storage.iconFileProblem(actor.user, body.fileId);
      if (problem) {
        const [zh, en] = ICON_PROBLEMS[problem];
        throw badRequest([field('fileId', zh, en)]);
      }
    }
    await this.deps.inTransaction(async ({ catalogue, audit }) => {
      await catalogue.setIcon(app.code, body.variant, body.fileId);
      await audit.record(
        'admin.set_app_icon',
        auditEntry(actor, body.unitId, {
          code: app.code,
          variant: body.variant,
          fileId: body.fileId,
        }),
      );
    });
    return this.app(app.code);
  }

  /**
   * Deploys a build of an app (subapp-deploy.ts): checked and staged first; the swap runs in the
   * transaction of its audit row, so a swap that fails leaves no row claiming it happened.
   */
  async deploy(
    actor: Actor,
    fields: { unitId: string; code: string },
    upload: Readable,
  ): Promise<AdminDeployResult> {
    await this.deps.access.editsShared(actor.user, fields.unitId);
    const app = await this.requireApp(fields.code);
    // The build's folders hold both the pages (`{serverId}/…`, spec §2) and the per-app files
    // (`{code}/package.json`, spec §7); one folder can hold both only when they are one name.
    if (app.serverId !== app.code) {
      throw badRequest([
        field(
          'code',
          `只能上传部署 serverId 与编码相同的应用（${app.code} 的 serverId 为 ${app.serverId}）`,
          `Only an app whose serverId is its code can be deployed by upload (${app.code} has serverId ${app.serverId})`,
        ),
      ]);
    }
    const staged = await this.deps.deployer.stage(app.code, upload);
    try {
      await this.deps.inTransaction(async ({ audit, versions }) => {
        // An app's first deploy records its server version (spec §7 `{code}_package_versions`)
        // as the build's own version, so a fresh deployment's pages do not warn of a missing
        // version endpoint (spec §8) before an operator finds the Versions page; a record an
        // operator set is never overwritten (docs/decisions.md).
        if (!(await versions.serverVersion(app.code))) {
          await versions.saveServerVersion(app.code, {
            serverVersion: staged.appVersion,
            webCodeVersion: staged.appVersion,
            date: new Date(this.deps.clock()).toISOString().slice(0, 10),
          });
        }
        await audit.record(
          'admin.deploy_app',
          auditEntry(actor, fields.unitId, {
            code: app.code,
            folders: staged.folders,
            files: staged.files,
            bytes: staged.bytes,
            appVersion: staged.appVersion,
          }),
        );
        await this.deps.deployer.activate(staged);
      });
    } finally {
      await this.deps.deployer.discard(staged);
    }
    return {
      code: app.code,
      folders: staged.folders,
      files: staged.files,
      bytes: staged.bytes,
      appVersion: staged.appVersion,
      pages: staged.pages,
    };
  }

  /** The fields of an app as typed, checked; errors pushed (undefined when any). */
  private async appFields(
    body: AdminAppBody,
    errors: FieldError[],
  ): Promise<AppFields | undefined> {
    const before = errors.length;
    const groupCode = body.groupCode.trim();
    if (!(await this.deps.catalogue.findGroup(groupCode))) {
      errors.push(field('groupCode', `分组 ${groupCode} 不存在`, `No group "${groupCode}"`));
    }
    const name = requiredText(errors, 'name', body.name, ['应用名称', 'App name']);
    const shortName = requiredText(errors, 'shortName', body.shortName, ['简称', 'Short name']);
    const englishName = requiredText(errors, 'englishName', body.englishName, [
      '英文名称',
      'English name',
    ]);
    const englishShortName = requiredText(errors, 'englishShortName', body.englishShortName, [
      '英文简称',
      'English short name',
    ]);
    const serverId = appCode(body.serverId);
    if (!serverId) errors.push(codeError('serverId', ['serverId', 'serverId']));
    const path = deployPath(body.deployPath);
    if (!path.ok) {
      errors.push(
        field(
          'deployPath',
          '部署路径须为空、以 / 开头的站内路径（仅字母、数字、_ 和 -，不含 ..），或 http(s) 网址',
          'The deploy path must be empty, a site path starting with / (letters, digits, _ and - only, no ..), or an http(s) address',
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
    }
    const frontUserType = userTypeList(body.frontUserType);
    const limitUserType = userTypeList(body.limitUserType);
    for (const [name, value] of [
      ['frontUserType', frontUserType],
      ['limitUserType', limitUserType],
    ] as const) {
      if (!value) {
        errors.push(
          field(
            name,
            '用户类型须为 1 到 4 的逗号分隔列表，如 1,2,4',
            'User types must be a comma-separated list of 1 to 4, e.g. 1,2,4',
          ),
        );
      }
    }
    const iconColor = colour(body.iconColor);
    if (!iconColor) {
      errors.push(
        field(
          'iconColor',
          '图标颜色须为 #RGB 或 #RRGGBB',
          'The icon colour must be #RGB or #RRGGBB',
        ),
      );
    }
    if (errors.length > before || !serverId || !path.ok || !route.ok) return undefined;
    if (!frontUserType || !limitUserType || !iconColor) return undefined;
    return {
      groupCode,
      name,
      shortName,
      englishName,
      englishShortName,
      serverId,
      deployPath: path.value,
      menuRoute: route.value,
      frontUserType,
      limitUserType,
      iconColor,
    };
  }

  private async requireApp(code: string): Promise<AppRecord> {
    const app = await this.deps.catalogue.findApp(code.trim());
    if (!app) throw notFound(bilingual('应用不存在', `No app "${code.trim()}"`));
    return app;
  }

  private async app(code: string): Promise<AdminApp> {
    const app = await this.requireApp(code);
    return this.toAdminApp(app, await this.iconsByApp());
  }

  private async iconsByApp(): Promise<Map<string, Set<string>>> {
    const map = new Map<string, Set<string>>();
    for (const icon of await this.deps.catalogue.icons()) {
      const set = map.get(icon.appCode) ?? new Set<string>();
      set.add(icon.variant);
      map.set(icon.appCode, set);
    }
    return map;
  }

  private toAdminApp(app: AppRecord, icons: Map<string, Set<string>>): AdminApp {
    const uploaded = icons.get(app.code) ?? new Set<string>();
    const icon = (variant: AppIconVariant) => ({
      url: appIconUrl(app.code, variant),
      uploaded: uploaded.has(variant),
    });
    return {
      code: app.code,
      groupCode: app.groupCode,
      name: app.name,
      shortName: app.shortName,
      englishName: app.englishName,
      englishShortName: app.englishShortName,
      serverId: app.serverId,
      deployPath: app.deployPath,
      updateStatus: app.updateStatus,
      menuRoute: app.menuRoute,
      frontUserType: app.frontUserType,
      limitUserType: app.limitUserType,
      iconColor: app.iconColor,
      sort: app.sort,
      icons: { gray: icon('gray'), color: icon('color'), cartoon: icon('cartoon') },
      installed: this.deps.deployer.installed(app.serverId),
    };
  }
}
