/**
 * Wires the app credentials (issue 13 §4) for the CLI: `rotate-app-credential` makes or rotates
 * an app's feed credential for a unit, as the console does, without a signed-in administrator
 * (the operator's shell is the check). The credential and its audit entry commit together.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AuditRepository } from '../modules/audit/audit.repository.ts';
import { AuditService } from '../modules/audit/audit.service.ts';
import { AppCatalogueService } from '../modules/base/app-catalogue.service.ts';
import { BaseRepository } from '../modules/base/base.repository.ts';
import { AppCredentialService } from '../modules/feed/app-credential.service.ts';
import { FeedRepository } from '../modules/feed/feed.repository.ts';
import { DirectoryService } from '../modules/uaa/directory.service.ts';
import { SessionCache } from '../modules/uaa/session-cache.ts';
import { localSessionEvents } from '../modules/uaa/session-events.ts';
import { UaaRepository } from '../modules/uaa/uaa.repository.ts';

export function createAppCredentials(
  db: Kysely<Database>,
  clock: () => number = Date.now,
): AppCredentialService {
  const directory = new DirectoryService(
    new UaaRepository(db),
    localSessionEvents({ sessions: new SessionCache(clock) }),
    clock,
  );
  return new AppCredentialService({
    repository: new FeedRepository(db),
    inTransaction: (work) =>
      db.transaction().execute((trx) =>
        work({
          feed: new FeedRepository(trx),
          audit: new AuditService(new AuditRepository(trx), clock),
        }),
      ),
    // The CLI has no console session: the operator may rotate any unit's credential.
    access: {
      assertManages: () => Promise.reject(new Error('the CLI rotates through rotate()')),
    },
    catalogue: new AppCatalogueService(new BaseRepository(db)),
    units: directory,
    clock,
  });
}
