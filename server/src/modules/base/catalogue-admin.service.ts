/**
 * The base platform's side of the app console (issue 13 §2): what the administrator's checked
 * input changes in the catalogue, the menus, the roles and the licences, over
 * {@link CatalogueAdminRepository}. It decides nothing about who may call (the admin module's
 * `AdminAccess`) nor whether the input is well formed (the admin module's rules); it keeps the
 * base's own invariants: an app's default position, lists stored as comma-separated text.
 */
import type { AppGroupRecord, AppRecord, BaseRepository } from './base.repository.ts';
import type {
  AdminResourceRecord,
  AppFields,
  AppGroupFields,
  CatalogueAdminRepository,
  IconRecord,
  RoleAssignmentRecord,
} from './catalogue-admin.repository.ts';

export type { AdminResourceRecord, AppFields, AppGroupFields, RoleAssignmentRecord };

/** A resource as the console sees it: lists as lists. */
export interface ResourceInput {
  id: string;
  appCode: string;
  parentId: string | null;
  code: string;
  name: string;
  enName: string;
  resourceType: number;
  menuRoute: string | null;
  userTypes: readonly number[];
  roles: readonly string[];
  sort: number;
}

export class CatalogueAdminService {
  constructor(
    private readonly repository: CatalogueAdminRepository,
    private readonly base: Pick<BaseRepository, 'apps' | 'findApp' | 'appGroups'>,
    private readonly clock: () => number,
    /**
     * Told after each write to the apps or their groups: the caller tells every instance's
     * in-memory catalogue once the write has committed (issue 15 §1).
     */
    private readonly onChange: () => void = () => undefined,
  ) {}

  apps(): Promise<AppRecord[]> {
    return this.base.apps();
  }

  findApp(code: string): Promise<AppRecord | undefined> {
    return this.base.findApp(code);
  }

  groups(): Promise<AppGroupRecord[]> {
    return this.base.appGroups();
  }

  findGroup(code: string): Promise<AppGroupFields | undefined> {
    return this.repository.findGroup(code);
  }

  listGroups(): Promise<AppGroupFields[]> {
    return this.repository.listGroups();
  }

  /** Registers an app, shown, after every app there is. */
  async createApp(code: string, fields: AppFields): Promise<void> {
    const sort = await this.repository.nextSort();
    await this.repository.insertApp({ code, ...fields, sort, updateStatus: 1 });
    this.onChange();
  }

  async updateApp(code: string, fields: AppFields): Promise<void> {
    await this.repository.updateApp(code, fields);
    this.onChange();
  }

  async setUpdateStatus(code: string, updateStatus: 0 | 1): Promise<void> {
    await this.repository.setUpdateStatus(code, updateStatus);
    this.onChange();
  }

  /**
   * The named apps' groups and default positions, in the order given (1, 2, …). An app the order
   * does not name (registered since the caller read the list) follows them, in its group and
   * its own order, renumbered with the rest, so every position comes from this one numbering.
   */
  async arrange(order: readonly { code: string; groupCode: string }[]): Promise<void> {
    const named = new Set(order.map((app) => app.code));
    const rest = (await this.base.apps()).filter((app) => !named.has(app.code));
    for (const [index, app] of [...order, ...rest].entries()) {
      await this.repository.placeApp(app.code, app.groupCode, index + 1);
    }
    this.onChange();
  }

  async saveGroup(group: AppGroupFields): Promise<void> {
    await this.repository.saveGroup(group);
    this.onChange();
  }

  countAppsInGroup(code: string): Promise<number> {
    return this.repository.countAppsInGroup(code);
  }

  async deleteGroup(code: string): Promise<void> {
    await this.repository.deleteGroup(code);
    this.onChange();
  }

  icons(): Promise<IconRecord[]> {
    return this.repository.icons();
  }

  /** An uploaded image for one theme variant; null goes back to the drawn icon. */
  async setIcon(appCode: string, variant: string, fileId: string | null): Promise<void> {
    if (fileId === null) await this.repository.clearIcon(appCode, variant);
    else await this.repository.setIcon(appCode, variant, fileId, this.clock());
  }

  resourcesOfApp(appCode: string): Promise<AdminResourceRecord[]> {
    return this.repository.resourcesOfApp(appCode);
  }

  findResource(id: string): Promise<AdminResourceRecord | undefined> {
    return this.repository.findResource(id);
  }

  resourceCodeTaken(appCode: string, code: string, exceptId: string | null): Promise<boolean> {
    return this.repository.resourceCodeTaken(appCode, code, exceptId);
  }

  countChildren(id: string): Promise<number> {
    return this.repository.countChildren(id);
  }

  saveResource(resource: ResourceInput, create: boolean): Promise<void> {
    return this.repository.saveResource(
      {
        ...resource,
        userTypes: resource.userTypes.join(','),
        roles: resource.roles.length > 0 ? resource.roles.join(',') : null,
      },
      create,
    );
  }

  deleteResource(id: string): Promise<void> {
    return this.repository.deleteResource(id);
  }

  /** The roles the menus of each app name, deduplicated. */
  async rolesNamedByResources(): Promise<{ appCode: string; role: string }[]> {
    const seen = new Set<string>();
    const roles: { appCode: string; role: string }[] = [];
    for (const row of await this.repository.rolesNamedByResources()) {
      for (const role of splitList(row.roles)) {
        const key = `${row.appCode}\u0000${role}`;
        if (seen.has(key)) continue;
        seen.add(key);
        roles.push({ appCode: row.appCode, role });
      }
    }
    return roles;
  }

  roleAssignments(unitId: string): Promise<RoleAssignmentRecord[]> {
    return this.repository.roleAssignments(unitId);
  }

  grantRole(userId: string, appCode: string, role: string): Promise<boolean> {
    return this.repository.grantRole(userId, appCode, role);
  }

  revokeRole(userId: string, appCode: string, role: string): Promise<boolean> {
    return this.repository.revokeRole(userId, appCode, role);
  }

  licencesOf(unitId: string): Promise<{ appCode: string; endTime: number }[]> {
    return this.repository.licencesOf(unitId);
  }
}

/** A comma-separated list as its non-empty trimmed items. */
export function splitList(text: string | null): string[] {
  return (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
