/**
 * The access pages' pure rules (issue 13 §2), tested without a browser: how a licence reads
 * (spec §4), which roles an app has and what each grants (spec §6: a role holds the menu entries
 * that name it), what a role change writes, and how typed redirect URIs and notes are split.
 */
import type { AdminResource, AdminResourceBody, AdminRoles } from '@campus/contracts/admin-apps';
import { EXPIRY_WARNING_MS, moduleStatus } from '@campus/sdk/module-status';

/** Spec §9: a licence ending within this many days (90) is shown as expiring. */
export const EXPIRING_DAYS = Math.round(EXPIRY_WARNING_MS / (24 * 60 * 60 * 1000));

export type LicenceState = 'none' | 'expired' | 'expiring' | 'valid';

/**
 * How a licence reads at `now` by the desktop's rule (spec §4 module status by end time): none,
 * expired, ending within the 90-day window, or valid.
 */
export function licenceState(endTime: number | null, now: number): LicenceState {
  if (endTime === null) return 'none';
  const status = moduleStatus(endTime, now);
  return status === 'inUse' ? 'valid' : status === 'soon' ? 'expiring' : 'expired';
}

/** One role of an app and the codes of the entries that grant it. */
export interface AppRole {
  role: string;
  resourceIds: string[];
  holders: number;
}

/**
 * The roles of one app: those its entries name and those given to the unit's users or known to
 * the server, each with the entries that name it, sorted by name.
 */
export function rolesOfApp(
  appCode: string,
  resources: readonly AdminResource[],
  roles: AdminRoles | undefined,
): AppRole[] {
  const names = new Set<string>();
  for (const r of resources) for (const role of r.roles) names.add(role);
  for (const k of roles?.known ?? []) if (k.appCode === appCode) names.add(k.role);
  for (const a of roles?.assignments ?? []) if (a.appCode === appCode) names.add(a.role);
  return [...names].sort().map((role) => ({
    role,
    resourceIds: resources.filter((r) => r.roles.includes(role)).map((r) => r.id),
    holders: (roles?.assignments ?? []).filter((a) => a.appCode === appCode && a.role === role)
      .length,
  }));
}

/** The save body that keeps a resource as it is, for `unitId`. */
export function resourceBody(unitId: string, r: AdminResource): AdminResourceBody {
  return {
    unitId,
    appCode: r.appCode,
    id: r.id,
    parentId: r.parentId,
    code: r.code,
    name: r.name,
    enName: r.enName,
    resourceType: r.resourceType,
    menuRoute: r.menuRoute,
    userTypes: r.userTypes,
    roles: r.roles,
    sort: r.sort,
  };
}

/**
 * What giving `role` exactly the entries `grantIds` writes: the bodies of the entries that
 * gain it or lose it (the others are left alone).
 */
export function roleGrantChanges(
  unitId: string,
  role: string,
  resources: readonly AdminResource[],
  grantIds: readonly string[],
): AdminResourceBody[] {
  const wanted = new Set(grantIds);
  const changes: AdminResourceBody[] = [];
  for (const r of resources) {
    const has = r.roles.includes(role);
    if (has === wanted.has(r.id)) continue;
    const roles = has ? r.roles.filter((x) => x !== role) : [...r.roles, role];
    changes.push({ ...resourceBody(unitId, r), roles });
  }
  return changes;
}

/** Typed lines (redirect URIs, notes): trimmed, blank lines left out. */
export function lines(text: string | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}
