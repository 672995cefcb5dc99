/**
 * Module status by licence end time (spec §4 "Module status by end time"; §9 "Expiry warning
 * window 7,776,000,000 ms (90 days)"): expired before now, soon-to-expire within the window,
 * in use after it; lists sort expired, then soon, then in use. The module-expiry table of the
 * desktop (spec §2) shows modules in this order.
 */
import { parseDateString } from '../format/date-string.ts';

/** Spec §9: the expiry warning window, 7,776,000,000 ms = 90 days. */
export const EXPIRY_WARNING_MS = 7_776_000_000;

export type ModuleStatus = 'expired' | 'soon' | 'inUse';

/** The order of spec §4: expired, soon, in use. */
export const MODULE_STATUS_ORDER: readonly ModuleStatus[] = ['expired', 'soon', 'inUse'];

/**
 * An end time as milliseconds: a number of ms, a `Date`, an ISO instant, or a spec §5 date
 * string (`2026-11-22`, `20261122`, `2026-11-22 08:00:00`, local time). Null when unreadable.
 */
export function endTimeMs(endTime: unknown): number | null {
  if (typeof endTime === 'number') return Number.isFinite(endTime) ? endTime : null;
  if (endTime instanceof Date) return Number.isNaN(endTime.getTime()) ? null : endTime.getTime();
  if (typeof endTime !== 'string' || endTime.trim() === '') return null;
  const local = parseDateString(endTime);
  if (local) return local.getTime();
  const iso = Date.parse(endTime);
  return /^\d{4}-\d{2}-\d{2}T/.test(endTime.trim()) && !Number.isNaN(iso) ? iso : null;
}

/**
 * The status of one module (spec §4). An end time exactly now counts as expired; one exactly
 * 90 days away as soon. An unreadable end time counts as expired, so a broken record is looked at
 * rather than hidden among the modules in use.
 *
 * @example
 * moduleStatus('2026-12-01', Date.parse('2026-11-22')); // 'soon'
 */
export function moduleStatus(endTime: unknown, now: number): ModuleStatus {
  const end = endTimeMs(endTime);
  if (end === null || end <= now) return 'expired';
  return end - now <= EXPIRY_WARNING_MS ? 'soon' : 'inUse';
}

/**
 * The modules sorted expired, soon, in use (spec §4), each group by end time, earliest first;
 * modules with the same status and end time keep their order. The input is not changed.
 *
 * @example
 * sortModulesByStatus(modules, Date.now()).map((m) => m.code);
 */
export function sortModulesByStatus<M extends { endTime?: unknown }>(
  modules: readonly M[],
  now: number,
): (M & { status: ModuleStatus })[] {
  return modules
    .map((module, index) => ({
      module,
      index,
      status: moduleStatus(module.endTime, now),
      end: endTimeMs(module.endTime) ?? Number.NEGATIVE_INFINITY,
    }))
    .sort(
      (a, b) =>
        MODULE_STATUS_ORDER.indexOf(a.status) - MODULE_STATUS_ORDER.indexOf(b.status) ||
        a.end - b.end ||
        a.index - b.index,
    )
    .map(({ module, status }) => ({ ...module, status }));
}
