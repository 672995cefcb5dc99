/**
 * The audit page's rules, pure (issue 13 §2 The audit log): the search form's values as the
 * contract's query, every entry of a search for the export (page by page, up to a bound), and
 * the spec §3 table export descriptor of those entries.
 */
import {
  ADMIN_PAGE_SIZE_MAX,
  type AdminAuditEntry,
  type AdminAuditQuery,
} from '@campus/contracts/admin-directory';
import { formatDate } from '@campus/sdk/formatters';
import type { Language } from '@campus/sdk/language';
import type { TableExportDescriptor } from '@campus/sdk/table-export';
import type { TranslationKey } from '../../i18n/translator.ts';
import type { Outcome } from './admin-call.ts';

export const AUDIT_PAGE_SIZE = 20;
/** The most entries one export collects (100 pages of the largest size). */
export const AUDIT_EXPORT_MAX = 10_000;

/** A time the range picker gives (a dayjs): only its epoch milliseconds are read. */
interface PickedTime {
  valueOf: () => number;
}

export interface AuditFilterValues {
  actor?: string;
  action?: string;
  range?: readonly [PickedTime | null, PickedTime | null] | null;
}

/**
 * The query of a search: empty fields left out; the range's end is exclusive, so the minute
 * picked is included.
 *
 * @example auditFilter('u1', { actor: ' admin ', action: '' }) // { unitId: 'u1', actor: 'admin' }
 */
export function auditFilter(
  unitId: string,
  values: AuditFilterValues,
): Omit<AdminAuditQuery, 'page' | 'size'> {
  const actor = values.actor?.trim();
  const action = values.action?.trim();
  const from = values.range?.[0]?.valueOf();
  const to = values.range?.[1]?.valueOf();
  return {
    unitId,
    ...(actor ? { actor } : {}),
    ...(action ? { action } : {}),
    ...(from !== undefined ? { from: Math.max(0, Math.floor(from)) } : {}),
    ...(to !== undefined ? { to: Math.floor(to) + 60_000 } : {}),
  };
}

/** An entry's details as one line of text (JSON), or empty. */
export function detailText(detail: AdminAuditEntry['detail']): string {
  return detail ? JSON.stringify(detail) : '';
}

/** Every entry of a search, page by page (largest pages), up to `AUDIT_EXPORT_MAX`. */
export async function collectAuditEntries(
  fetchPage: (query: {
    page: number;
    size: number;
  }) => Promise<Outcome<{ total: number; items: AdminAuditEntry[] }>>,
): Promise<Outcome<AdminAuditEntry[]>> {
  const entries: AdminAuditEntry[] = [];
  for (let page = 1; entries.length < AUDIT_EXPORT_MAX; page++) {
    const outcome = await fetchPage({ page, size: ADMIN_PAGE_SIZE_MAX });
    if (!outcome.ok) return outcome;
    entries.push(...outcome.data.items);
    if (outcome.data.items.length < ADMIN_PAGE_SIZE_MAX || entries.length >= outcome.data.total) {
      break;
    }
  }
  return { ok: true, data: entries.slice(0, AUDIT_EXPORT_MAX) };
}

/** The spec §3 descriptor of the entries, in the page's words. */
export function auditExport(
  entries: readonly AdminAuditEntry[],
  words: { t: (key: TranslationKey) => string; lang: Language; unit: string },
  now = Date.now(),
): TableExportDescriptor {
  const { t, lang, unit } = words;
  return {
    title: `${unit} ${t('admin.audit.exportTitle')} ${formatDate(now, 'YYYY-MM-DD', lang)}`,
    thead: [
      { name: t('admin.audit.columns.at') },
      { name: t('admin.audit.columns.action') },
      { name: t('admin.audit.columns.actor') },
      { name: t('admin.audit.columns.ip') },
      { name: t('admin.audit.columns.detail') },
    ],
    tbody: entries.map((entry) => [
      formatDate(entry.at, 'YYYY-MM-DD HH:mm:ss', lang),
      entry.action,
      entry.actor ? `${entry.actor.realName} (${entry.actor.loginName})` : t('admin.audit.system'),
      entry.ip ?? '',
      detailText(entry.detail),
    ]),
  };
}
