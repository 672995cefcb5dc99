/**
 * Builds the app console's services for the server (issue 13 §2): the domains they compose,
 * once on the database for reads and once per transaction for a change and its audit row, as
 * `server/src/cli/admin-service.ts` does for the CLI's actions.
 */
import type { DatabaseHandle } from '../../db/database.ts';
import { AuditRepository } from '../audit/audit.repository.ts';
import { AuditService } from '../audit/audit.service.ts';
import { BaseRepository } from '../base/base.repository.ts';
import { BaseService } from '../base/base.service.ts';
import { CatalogueAdminRepository } from '../base/catalogue-admin.repository.ts';
import { CatalogueAdminService } from '../base/catalogue-admin.service.ts';
import { OidcClientsService } from '../oidc/oidc-clients.service.ts';
import { OidcRepository } from '../oidc/oidc.repository.ts';
import type { StorageService } from '../storage/storage.service.ts';
import { DirectoryService } from '../uaa/directory.service.ts';
import type { SessionEvents } from '../uaa/session-events.ts';
import { UaaRepository } from '../uaa/uaa.repository.ts';
import { VersionsRepository } from '../versions/versions.repository.ts';
import { VersionsService } from '../versions/versions.service.ts';
import type { AdminAccess } from './admin-access.ts';
import { AppsAccess, type AdminAppsDomains } from './admin-apps-support.ts';
import { AdminAppsService } from './admin-apps.service.ts';
import { AdminIntegrationsService } from './admin-integrations.service.ts';
import { AdminPermissionsService } from './admin-permissions.service.ts';
import { DEFAULT_DEPLOY_LIMITS, SubappDeployer, type DeployLimits } from './subapp-deploy.ts';

/** The database, or a transaction on it (the same type). */
type Db = DatabaseHandle['db'];

export function createAdminAppServices(options: {
  db: Db;
  access: AdminAccess;
  /** The server's session events: a unit's pushed theme evicts its users' cached sessions. */
  events: Pick<SessionEvents, 'publish'>;
  storage: Pick<StorageService, 'iconFileProblem'>;
  pagesDir: string;
  deployLimits?: Partial<DeployLimits>;
  clock: () => number;
}) {
  const { db, events, clock } = options;
  const domains = (handle: Db, onCatalogueChange?: () => void): AdminAppsDomains => {
    const base = new BaseRepository(handle);
    const audit = new AuditService(new AuditRepository(handle), clock);
    const directory = new DirectoryService(new UaaRepository(handle), events, clock);
    return {
      catalogue: new CatalogueAdminService(
        new CatalogueAdminRepository(handle),
        base,
        clock,
        onCatalogueChange,
      ),
      directory,
      licences: new BaseService(base, audit, clock, directory),
      versions: new VersionsService(new VersionsRepository(handle)),
      oidcClients: new OidcClientsService(new OidcRepository(handle), clock),
      audit,
    };
  };
  const main = domains(db);
  // Every write goes through here. Once a write to the apps or their groups has committed, every
  // instance empties its in-memory catalogue (before: another request could reload the old rows).
  const inTransaction = async <T>(work: (d: AdminAppsDomains) => Promise<T>) => {
    let catalogueChanged = false;
    const result = await db
      .transaction()
      .execute((trx) => work(domains(trx, () => (catalogueChanged = true))));
    if (catalogueChanged) await events.publish({ kind: 'catalogue' });
    return result;
  };
  const access = new AppsAccess(options.access, main.directory);
  const deployLimits = { ...DEFAULT_DEPLOY_LIMITS, ...options.deployLimits };
  const deployer = new SubappDeployer(options.pagesDir, deployLimits);
  return {
    deployLimits,
    apps: new AdminAppsService({
      access,
      catalogue: main.catalogue,
      inTransaction,
      storage: options.storage,
      deployer,
      clock,
    }),
    permissions: new AdminPermissionsService({
      access,
      catalogue: main.catalogue,
      directory: main.directory,
      inTransaction,
      clock,
    }),
    integrations: new AdminIntegrationsService({
      access,
      catalogue: main.catalogue,
      oidcClients: main.oidcClients,
      versions: main.versions,
      inTransaction,
    }),
  };
}
