/**
 * What the administration console's services share (issue 13 §2, DESIGN.md §10): the domains'
 * services it composes, bound to one database handle (the database for the checks before a
 * change, a transaction for the change and its audit entry; app.ts binds them), and the
 * console's services over them. The admin owns no table: units and accounts change through the
 * uaa's directory, families through the family, settings through the desktop, providers through
 * the social module, entries through the audit (docs/ARCHITECTURE.md).
 */
import type { AuditService } from '../audit/audit.service.ts';
import type { UnitSettingsService } from '../desktop/unit-settings.service.ts';
import type { FamilyService } from '../family/family.service.ts';
import type { SocialProviderAdmin } from '../social/social-providers.ts';
import type { StorageService } from '../storage/storage.service.ts';
import type { DirectoryService } from '../uaa/directory.service.ts';
import type { AdminAccess } from './admin-access.ts';
import { AdminAuditService } from './admin-audit.service.ts';
import { AdminUnitsService } from './admin-units.service.ts';
import { AdminUsersService } from './admin-users.service.ts';

/** The domains' services the console composes, each bound to one database handle. */
export interface ConsoleDomains {
  directory: DirectoryService;
  family: FamilyService;
  unitSettings: UnitSettingsService;
  socialProviders: SocialProviderAdmin;
  audit: AuditService;
}

/** Runs `work` in one database transaction, with the domains bound to it. */
export type InConsoleTransaction = <T>(work: (domains: ConsoleDomains) => Promise<T>) => Promise<T>;

/** What every console service is given. */
export interface ConsoleDeps {
  access: Pick<AdminAccess, 'scope' | 'assertManages'>;
  /** For the checks and reads; every write goes through `inTransaction`. */
  domains: ConsoleDomains;
  inTransaction: InConsoleTransaction;
  clock: () => number;
}

/**
 * The console's services. The domains come bound to the server's session events, so a change
 * evicts the cached sessions it touches on every instance (read fresh within the cache's 5 s
 * anyway, docs/decisions.md).
 */
export function createAdminConsole(
  deps: ConsoleDeps & {
    storage: Pick<StorageService, 'logoCandidate'>;
    hash?: (password: string) => Promise<string>;
  },
): { units: AdminUnitsService; users: AdminUsersService; audit: AdminAuditService } {
  const shared: ConsoleDeps = {
    access: deps.access,
    domains: deps.domains,
    inTransaction: deps.inTransaction,
    clock: deps.clock,
  };
  return {
    units: new AdminUnitsService(shared, deps.storage),
    users: new AdminUsersService(shared, deps.hash ? { hash: deps.hash } : {}),
    audit: new AdminAuditService(shared),
  };
}
