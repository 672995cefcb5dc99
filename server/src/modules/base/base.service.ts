/**
 * The checks every sub-application makes at start-up (spec §4, §6, §7), each deciding on
 * the server what the caller may see: the licence of their own unit (or, for an area,
 * of a school under it), their own admin role, their own access log.
 */
import { isArea, isParent, loadsPermissionTree } from '@campus/contracts/user-types';
import { DEFAULT_THEME_COLOR } from '@campus/contracts/theme';
import {
  BASE_ADMIN_ROLE,
  type AccessDetailBody,
  type Module,
  type ThemeColorData,
} from '@campus/contracts/base';
import { forbidden } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { DirectoryService } from '../uaa/directory.service.ts';
import type { SessionUser } from '../uaa/session.service.ts';
import type { PermissionNode } from '@campus/contracts/access';
import type { BaseRepository, ResourceRecord } from './base.repository.ts';

export class BaseService {
  constructor(
    private readonly repository: BaseRepository,
    private readonly audit: AuditService,
    private readonly clock: () => number,
    /** Units are the uaa's: an area's staff may read the licences of the schools under it. */
    private readonly units: Pick<DirectoryService, 'findUnit'>,
  ) {}

  themeColor(user: SessionUser): ThemeColorData {
    return {
      theme: user.theme,
      themeColor: user.themeColor ?? DEFAULT_THEME_COLOR,
      currentLayout: user.currentLayout === 'left' ? 'left' : 'top',
    };
  }

  /**
   * Spec §4 licence: true while the unit's licence for the app runs, false once it has
   * ended or when the unit has none. Codes that are not licensed apps (the portal's own
   * pages) need no licence.
   */
  async licenceValid(user: SessionUser, unitId: string, appCode: string): Promise<boolean> {
    await this.assertMayReadUnit(user, unitId);
    const { registered, end } = await this.repository.appLicence(unitId, appCode);
    if (!registered) return true;
    return end !== undefined && end > this.clock();
  }

  /**
   * Whether the unit's licence for the app runs now, asked by the server itself (issue 13 §4: an
   * app may address only the users of units that license it).
   */
  async unitLicenceRuns(unitId: string, appCode: string): Promise<boolean> {
    const end = await this.repository.licenceEnd(unitId, appCode);
    return end !== undefined && end > this.clock();
  }

  /**
   * Sets the unit's licence for an app to end at `endTime` (what `licenceValid` reads); answers
   * the end it replaces, null when the unit had none. For the administrator.
   */
  async replaceLicence(unitId: string, appCode: string, endTime: number): Promise<number | null> {
    const previous = (await this.repository.licenceEnd(unitId, appCode)) ?? null;
    await this.repository.upsertLicence(unitId, appCode, endTime);
    return previous;
  }

  /** Whether a user holds the base-admin role, asked by the server itself (the admin console). */
  holdsBaseAdminRole(userId: string): Promise<boolean> {
    return this.repository.hasRole(userId, 'base', BASE_ADMIN_ROLE);
  }

  /** Makes a user an administrator of their unit (the CLI's `create-admin`, issue 13 §5). */
  grantBaseAdminRole(userId: string): Promise<void> {
    return this.repository.grantRole(userId, 'base', BASE_ADMIN_ROLE);
  }

  /** Whether any account holds the base-admin role: none on a fresh deployment (issue 13 §5). */
  anyBaseAdmin(): Promise<boolean> {
    return this.repository.anyoneHolds('base', BASE_ADMIN_ROLE);
  }

  /** Spec §6: admin status comes from a role check for the base app; only one's own. */
  async isBaseAdmin(user: SessionUser, userId: string): Promise<boolean> {
    if (userId !== user.userId) {
      throw forbidden(bilingual('只能查询自己的角色', 'You can only check your own roles'));
    }
    return this.repository.hasRole(userId, 'base', BASE_ADMIN_ROLE);
  }

  /** Spec §7 access log of an opened app, kept in the audit log (DESIGN.md §5). */
  async recordAccess(user: SessionUser, body: AccessDetailBody, ip: string): Promise<void> {
    if (
      body.userId !== user.userId ||
      body.unitId !== user.unitId ||
      body.userType !== user.userType
    ) {
      throw forbidden(bilingual('只能记录自己的访问', 'You can only record your own access'));
    }
    await this.audit.record('access.open_app', {
      userId: user.userId,
      unitId: user.unitId,
      ip,
      detail: { resId: body.resId, resName: body.resName, type: body.type },
    });
  }

  private async assertMayReadUnit(user: SessionUser, unitId: string): Promise<void> {
    if (unitId === user.unitId) return;
    if (isArea(user.unitType) && (await this.units.findUnit(unitId))?.parentId === user.unitId)
      return;
    throw forbidden(
      bilingual('只能查询本单位的授权', "You can only check your own unit's licence"),
    );
  }

  /** Spec §6, §7: the user's permission tree for one app; teachers and type 4 only. */
  async permissionTree(user: SessionUser, appCode: string): Promise<PermissionNode[]> {
    if (!loadsPermissionTree(user.userType)) {
      throw forbidden(
        bilingual('该用户类型没有菜单权限', 'This user type has no menu permissions'),
      );
    }
    return toTree(await this.resourcesOf(user, appCode));
  }

  /** The app's resources a user holds: by user type, or by a role of the app (issue 13 §2). */
  private async resourcesOf(user: SessionUser, appCode: string): Promise<ResourceRecord[]> {
    const roles = await this.repository.rolesOf(user.userId, appCode);
    return this.repository.resourcesFor(appCode, user.userType, roles);
  }

  /**
   * The permission codes the user holds in one app: the codes of their permission tree
   * (spec §6), flat. Other sub-apps' endpoints check these on the server; user types
   * without a tree hold none.
   */
  async permissionCodes(user: SessionUser, appCode: string): Promise<ReadonlySet<string>> {
    if (!loadsPermissionTree(user.userType)) return new Set();
    const codes = new Set<string>();
    const visit = (nodes: readonly PermissionNode[]): void => {
      for (const node of nodes) {
        codes.add(node.code);
        visit(node.children ?? []);
      }
    };
    visit(toTree(await this.resourcesOf(user, appCode)));
    return codes;
  }

  /** The unit's licensed modules with their end times (spec §4 module status). */
  async modules(user: SessionUser): Promise<Module[]> {
    // Staff read the module list, not parents (their desktop has no module table).
    if (isParent(user.userType)) {
      throw forbidden(bilingual('没有权限查看模块列表', 'You may not see the module list'));
    }
    return this.repository.unitModules(user.unitId);
  }
}

/** Nests resources by parent; a resource whose parent the user does not hold is dropped. */
function toTree(records: ResourceRecord[]): PermissionNode[] {
  const nodes = new Map<string, PermissionNode & { children: PermissionNode[] }>();
  for (const r of records) {
    nodes.set(r.id, {
      code: r.code,
      name: r.name,
      resourceType: r.resourceType,
      menuRoute: r.menuRoute,
      children: [],
    });
  }
  const roots: PermissionNode[] = [];
  for (const r of records) {
    const node = nodes.get(r.id);
    if (!node) continue;
    if (r.parentId === null) roots.push(node);
    else nodes.get(r.parentId)?.children.push(node);
  }
  return roots;
}
