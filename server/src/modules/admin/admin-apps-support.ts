/**
 * What the app console's services share (issue 13 §2): the domains they compose, each bound to
 * one database handle so an action's writes and its audit row commit together
 * (`admin.service.ts` does the same for the CLI's actions), and who may change what.
 *
 * Who may change what (docs/decisions.md): any administrator of a unit reads its apps, menus,
 * roles, licences and themes, and changes its roles and themes. The app catalogue, menus,
 * deployed builds, OAuth clients and version records are one set shared by every unit, and a
 * licence is what a unit is granted, so those are changed only by the administrator of a
 * top-level unit (one under no area: the area at the top, or a school standing alone), for a unit
 * it administers.
 */
import type { AdminUnit } from '@campus/contracts/admin';
import { forbidden } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { AuditAction, AuditService } from '../audit/audit.service.ts';
import type { BaseService } from '../base/base.service.ts';
import type { CatalogueAdminService } from '../base/catalogue-admin.service.ts';
import type { OidcClientsService } from '../oidc/oidc-clients.service.ts';
import type { DirectoryService } from '../uaa/directory.service.ts';
import type { SessionUser } from '../uaa/session.service.ts';
import type { VersionsService } from '../versions/versions.service.ts';
import type { AdminAccess } from './admin-access.ts';

/** The domains' services the app console composes, each bound to one database handle. */
export interface AdminAppsDomains {
  catalogue: CatalogueAdminService;
  directory: Pick<DirectoryService, 'findUnit' | 'findUser' | 'setUnitTheme' | 'setUnitThemeList'>;
  licences: Pick<BaseService, 'replaceLicence'>;
  versions: Pick<
    VersionsService,
    | 'serverVersion'
    | 'saveServerVersion'
    | 'releases'
    | 'findRelease'
    | 'saveRelease'
    | 'deleteRelease'
  >;
  oidcClients: OidcClientsService;
  audit: Pick<AuditService, 'record'>;
}

/** Runs `work` in one database transaction, with the domains bound to it. */
export type InAppsTransaction = <T>(work: (domains: AdminAppsDomains) => Promise<T>) => Promise<T>;

/** The caller of a console call, for the checks and the audit row. */
export interface Actor {
  user: SessionUser;
  ip: string;
}

const notTopLevel = () =>
  forbidden(
    bilingual(
      '应用目录、菜单、部署、授权、OAuth 客户端与版本记录由所有单位共用，只有顶级单位（不属于任何区域的单位）的管理员可以修改',
      'Apps, menus, deployments, licences, OAuth clients and version records are shared by every unit: only an administrator of a top-level unit (one under no area) may change them',
    ),
  );

export class AppsAccess {
  constructor(
    private readonly access: Pick<AdminAccess, 'assertManages'>,
    private readonly directory: Pick<DirectoryService, 'findUnit'>,
  ) {}

  /** Refuses (403) unless the caller administers `unitId` (AdminAccess's one rule). */
  manages(user: SessionUser, unitId: string): Promise<AdminUnit> {
    return this.access.assertManages(user, unitId);
  }

  /** Whether the caller's own unit is top-level (under no area). */
  async isTopLevel(user: SessionUser): Promise<boolean> {
    const own = await this.directory.findUnit(user.unitId);
    return own !== undefined && own.parentId === null;
  }

  /**
   * Refuses (403) unless the caller administers `unitId` and their own unit is top-level:
   * the rule for what every unit shares (this file's comment).
   */
  async editsShared(user: SessionUser, unitId: string): Promise<AdminUnit> {
    const unit = await this.manages(user, unitId);
    if (!(await this.isTopLevel(user))) throw notTopLevel();
    return unit;
  }
}

/** The audit row of a console action: who, from where, on which unit, and what changed. */
export function auditEntry(actor: Actor, unitId: string, detail: Record<string, unknown>) {
  return { userId: actor.user.userId, unitId, ip: actor.ip, detail };
}

export type { AuditAction };
