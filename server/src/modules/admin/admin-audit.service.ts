/**
 * The console's audit log (issue 13 §2 "The audit log", DESIGN.md §5, §10): the entries of the
 * units the caller administers (one of them when asked), by actor, action and time, newest
 * first, a page at a time. Entries of other units, and those of no unit (a sign-in attempt of
 * no account), are never answered.
 */
import type { AdminAuditPage, AdminAuditQuery } from '@campus/contracts/admin-directory';
import type { AuditRecord } from '../audit/audit.repository.ts';
import type { SessionUser } from '../uaa/session.service.ts';
import type { ConsoleDeps } from './admin-console.ts';

const DEFAULT_PAGE_SIZE = 20;

export class AdminAuditService {
  constructor(private readonly deps: Pick<ConsoleDeps, 'access' | 'domains'>) {}

  async search(user: SessionUser, query: AdminAuditQuery): Promise<AdminAuditPage> {
    const unitIds = query.unitId
      ? [(await this.deps.access.assertManages(user, query.unitId)).unitId]
      : (await this.deps.access.scope(user)).units.map((u) => u.unitId);
    const page = query.page ?? 1;
    const size = query.size ?? DEFAULT_PAGE_SIZE;
    const actor = query.actor?.trim();
    const action = query.action?.trim();
    const { total, rows } = await this.deps.domains.audit.search({
      unitIds,
      ...(actor ? { actor } : {}),
      ...(action ? { action } : {}),
      ...(query.from !== undefined ? { from: query.from } : {}),
      ...(query.to !== undefined ? { to: query.to } : {}),
      offset: (page - 1) * size,
      limit: size,
    });
    return { total, page, size, items: rows.map(toEntry) };
  }
}

function toEntry(row: AuditRecord): AdminAuditPage['items'][number] {
  return {
    id: row.id,
    at: row.at,
    action: row.action,
    unitId: row.unitId,
    actor:
      row.userId !== null && row.actorLoginName !== null
        ? { userId: row.userId, loginName: row.actorLoginName, realName: row.actorRealName ?? '' }
        : null,
    ip: row.ip,
    detail: parseDetail(row.detail),
  };
}

/** The stored JSON object of details; anything else (none, unreadable) is null. */
function parseDetail(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
