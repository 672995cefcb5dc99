import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface AuditEntry {
  action: string;
  userId?: string | null;
  unitId?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
}

export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(entry: AuditEntry, at: number): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({
        id: randomUUID(),
        at,
        action: entry.action,
        user_id: entry.userId ?? null,
        unit_id: entry.unitId ?? null,
        ip: entry.ip ?? null,
        detail: entry.detail ? JSON.stringify(entry.detail) : null,
      })
      .execute();
  }

  /** Most recent first; used by tests and, later, by the admin screens. */
  async listForUser(
    userId: string,
    limit = 50,
  ): Promise<{ action: string; at: number; detail: string | null }[]> {
    return this.db
      .selectFrom('audit_log')
      .select(['action', 'at', 'detail'])
      .where('user_id', '=', userId)
      .orderBy('at', 'desc')
      .limit(limit)
      .execute();
  }
}
