/**
 * Wires the recovery admin (issue 12 §3, §4: emails and ticket issuers) for the CLI: the uaa's
 * repositories and the audit, once on the database and once per transaction.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AuditRepository } from '../modules/audit/audit.repository.ts';
import { AuditService } from '../modules/audit/audit.service.ts';
import { AccountRecoveryRepository } from '../modules/uaa/account-recovery.repository.ts';
import {
  RecoveryAdminService,
  type RecoveryAdminDomains,
} from '../modules/uaa/recovery-admin.service.ts';
import { UaaRepository } from '../modules/uaa/uaa.repository.ts';

export function createRecoveryAdmin(
  db: Kysely<Database>,
  clock: () => number = Date.now,
): RecoveryAdminService {
  const domains = (handle: Kysely<Database>): RecoveryAdminDomains => ({
    recovery: new AccountRecoveryRepository(handle),
    uaa: new UaaRepository(handle),
    audit: new AuditService(new AuditRepository(handle), clock),
  });
  return new RecoveryAdminService(domains(db), (work) =>
    db.transaction().execute((trx) => work(domains(trx))),
  );
}
