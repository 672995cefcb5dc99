/**
 * The rows of the module-expiry table (spec §2, §3 Message content, §4 "Module status by end
 * time", §9 window 7,776,000,000 ms): the opened message's modules, sorted expired, then soon,
 * then in use by the SDK's rule, each named in the page language.
 */
import type { Message, MessageModule } from '@campus/contracts/desktop';
import type { Language } from '@campus/sdk/language';
import { sortModulesByStatus, type ModuleStatus } from '@campus/sdk/module-status';

/** One row of the table. */
export interface ModuleExpiryRow {
  code: string;
  name: string;
  endTime: number;
  status: ModuleStatus;
}

/** The module's name in the language (English name for en), else its code. */
export function moduleName(module: MessageModule, lang: Language): string {
  const english = module.englishName?.trim();
  const chinese = module.name?.trim();
  if (lang === 'en') return english || chinese || module.code;
  return chinese || english || module.code;
}

/** A dialog payload that is a message with a module list, or null for anything else. */
export function messageWithModules(payload: unknown): Pick<Message, 'id' | 'content'> | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const candidate = payload as Partial<Message>;
  return typeof candidate.id === 'string' && Array.isArray(candidate.content)
    ? { id: candidate.id, content: candidate.content }
    : null;
}

/**
 * The table's rows at `now`.
 *
 * @example
 * moduleExpiryRows(message.content, Date.now(), 'en').map((row) => row.status);
 * // ['expired', 'soon', 'inUse', 'inUse']
 */
export function moduleExpiryRows(
  modules: readonly MessageModule[],
  now: number,
  lang: Language,
): ModuleExpiryRow[] {
  return sortModulesByStatus(modules, now).map((module) => ({
    code: module.code,
    name: moduleName(module, lang),
    endTime: module.endTime,
    status: module.status,
  }));
}
