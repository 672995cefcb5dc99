import { randomUUID } from 'node:crypto';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { PreparedQuery } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';

export interface AuditEntry {
  action: string;
  userId?: string | null;
  unitId?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
}

/** The console's audit search: entries of these units, optionally narrowed, a page at a time. */
export interface AuditSearch {
  unitIds: readonly string[];
  /** Part of the actor's login name or real name (any case). */
  actor?: string;
  /** An action, or the start of one. */
  action?: string;
  /** Epoch ms: from inclusive, to exclusive. */
  from?: number;
  to?: number;
  offset: number;
  limit: number;
}

/** An entry with its actor's names (read from `users`, the uaa's table, in the same query). */
export interface AuditRecord {
  id: string;
  at: number;
  action: string;
  unitId: string | null;
  ip: string | null;
  detail: string | null;
  userId: string | null;
  actorLoginName: string | null;
  actorRealName: string | null;
}

/** `%`, `_` and `\` typed by a person match themselves in a LIKE pattern (escape `\`). */
function likeText(text: string): string {
  return text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** An entry's insert, compiled but not run (insertStatement). */
export type AuditInsert = CompiledQuery;

export class AuditRepository {
  /** Every sign-in and most writes add a row: built and compiled once (issue 15 §1). */
  private readonly insertQuery: PreparedQuery<
    'id' | 'at' | 'action' | 'userId' | 'unitId' | 'ip' | 'detail'
  >;

  constructor(private readonly db: Kysely<Database>) {
    this.insertQuery = new PreparedQuery(
      (v) =>
        db.insertInto('audit_log').values({
          id: v('id'),
          at: v('at'),
          action: v('action'),
          user_id: v('userId'),
          unit_id: v('unitId'),
          ip: v('ip'),
          detail: v('detail'),
        }),
      ['id', 'at', 'action', 'userId', 'unitId', 'ip', 'detail'],
    );
  }

  async insert(entry: AuditEntry, at: number): Promise<void> {
    await this.db.executeQuery(this.insertStatement(entry, at));
  }

  /**
   * The entry's insert, not run: for a caller that commits it in its own transaction with the
   * writes it records (a sign-in's session, uaa.repository.ts insertSignIn).
   */
  insertStatement(entry: AuditEntry, at: number): AuditInsert {
    return this.insertQuery.query({
      id: randomUUID(),
      at,
      action: entry.action,
      userId: entry.userId ?? null,
      unitId: entry.unitId ?? null,
      ip: entry.ip ?? null,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
    });
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

  /**
   * Entries of the given units, newest first, with how many match in all. The actor's names come
   * from `users` in the same query: a read-only join (docs/ARCHITECTURE.md).
   */
  async search(search: AuditSearch): Promise<{ total: number; rows: AuditRecord[] }> {
    if (search.unitIds.length === 0) return { total: 0, rows: [] };
    let query = this.db
      .selectFrom('audit_log')
      .leftJoin('users', 'users.id', 'audit_log.user_id')
      .where('audit_log.unit_id', 'in', [...search.unitIds]);
    if (search.actor) {
      const pattern = `%${likeText(search.actor)}%`;
      query = query.where((eb) =>
        eb.or(
          (['users.login_name', 'users.real_name'] as const).map(
            (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
          ),
        ),
      );
    }
    if (search.action) {
      query = query.where(
        sql<boolean>`${sql.ref('audit_log.action')} like ${`${likeText(search.action)}%`} escape '\\'`,
      );
    }
    if (search.from !== undefined) query = query.where('audit_log.at', '>=', search.from);
    if (search.to !== undefined) query = query.where('audit_log.at', '<', search.to);
    const counted = await query
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
      .executeTakeFirst();
    const rows = await query
      .select([
        'audit_log.id as id',
        'audit_log.at as at',
        'audit_log.action as action',
        'audit_log.unit_id as unitId',
        'audit_log.ip as ip',
        'audit_log.detail as detail',
        'audit_log.user_id as userId',
        'users.login_name as actorLoginName',
        'users.real_name as actorRealName',
      ])
      .orderBy('audit_log.at', 'desc')
      .orderBy('audit_log.id', 'desc')
      .offset(search.offset)
      .limit(search.limit)
      .execute();
    return { total: Number(counted?.total ?? 0), rows };
  }
}
