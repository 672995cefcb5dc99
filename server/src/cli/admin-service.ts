/**
 * Wires the admin service for the CLI (and its tests): the domains' services it composes, each
 * over its own repository, once on the database and once per transaction, so that an action's
 * writes in several domains and its audit entry commit together or not at all.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  AdminService,
  type AdminDomains,
  type AdminServiceOptions,
} from '../modules/admin/admin.service.ts';
import { AuditRepository } from '../modules/audit/audit.repository.ts';
import { AuditService } from '../modules/audit/audit.service.ts';
import { AppCatalogueService } from '../modules/base/app-catalogue.service.ts';
import { BaseRepository } from '../modules/base/base.repository.ts';
import { BaseService } from '../modules/base/base.service.ts';
import { DesktopRepository } from '../modules/desktop/desktop.repository.ts';
import { UnitSettingsService } from '../modules/desktop/unit-settings.service.ts';
import { FamilyRepository } from '../modules/family/family.repository.ts';
import { FamilyService } from '../modules/family/family.service.ts';
import { DirectoryService } from '../modules/uaa/directory.service.ts';
import { SessionCache } from '../modules/uaa/session-cache.ts';
import { localSessionEvents } from '../modules/uaa/session-events.ts';
import { UaaRepository } from '../modules/uaa/uaa.repository.ts';

export function createAdminService(
  db: Kysely<Database>,
  options: AdminServiceOptions = {},
): AdminService {
  const clock = options.now ?? Date.now;
  const domains = (handle: Kysely<Database>): AdminDomains => {
    const audit = new AuditService(new AuditRepository(handle), clock);
    // The CLI caches no session; a running server's cache forgets a change within 5 s.
    const events = localSessionEvents({ sessions: new SessionCache(clock) });
    const directory = new DirectoryService(new UaaRepository(handle), events, clock);
    const base = new BaseRepository(handle);
    const baseService = new BaseService(base, audit, clock, directory);
    return {
      directory,
      family: new FamilyService(new FamilyRepository(handle), directory, clock),
      catalogue: new AppCatalogueService(base),
      licences: baseService,
      roles: baseService,
      unitSettings: new UnitSettingsService(new DesktopRepository(handle), clock),
      audit,
    };
  };
  return new AdminService(
    domains(db),
    (work) => db.transaction().execute((trx) => work(domains(trx))),
    { ...options, now: clock },
  );
}
