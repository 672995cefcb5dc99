/**
 * Where the module-expiry table (spec §2 Other dialogs, §4 "Module status by end time") takes
 * its modules from. Opened from an openWay-1 message (spec §3), the message's own module list;
 * opened from the settings page, the unit's licensed modules of spec §7
 * `GET /api/base/resource/inside/module`, so a unit's staff can see every module's status
 * without waiting for a reminder (issue 10 §4 "remaining callers").
 */
import { baseEndpoints, type Module } from '@campus/contracts/base';
import type { MessageModule } from '@campus/contracts/desktop';
import type { HttpClient } from '@campus/sdk/http-core';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { useLoad } from '../../hooks/useLoad.ts';
import { useChrome } from '../chrome-env.ts';
import { messageWithModules } from './module-expiry-rules.ts';

/** The dialog payload that asks for the unit's modules rather than a message's. */
export const UNIT_MODULES = Object.freeze({ source: 'unit-modules' as const });

/** True for the {@link UNIT_MODULES} payload. */
export function isUnitModulesPayload(payload: unknown): boolean {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    (payload as { source?: unknown }).source === UNIT_MODULES.source
  );
}

/** A licensed module as a row of the table (the same fields as a message's module). */
export function toMessageModule(module: Module): MessageModule {
  return {
    code: module.code,
    endTime: module.endTime,
    name: module.name,
    englishName: module.englishName,
  };
}

/** The unit's modules; none when the call fails (the HTTP client has shown its notice). */
export async function loadUnitModules(http: HttpClient): Promise<MessageModule[]> {
  try {
    const answer = await callEndpoint(http, baseEndpoints.modules);
    return answer.status === 200 && answer.data ? answer.data.map(toMessageModule) : [];
  } catch {
    return [];
  }
}

export interface ExpiryModules {
  /** The modules to show; undefined while the unit's list loads. */
  modules: readonly MessageModule[] | undefined;
  /** Opened from a message: the dialog offers the way back to the messages. */
  fromMessage: boolean;
}

/** The modules of the dialog's payload: a message's, or (for {@link UNIT_MODULES}) the unit's. */
export function useExpiryModules(payload: unknown): ExpiryModules {
  const { http } = useChrome();
  const unit = isUnitModulesPayload(payload);
  const loaded = useLoad(unit ? 'unit-modules' : 'no-unit-modules', () =>
    unit ? loadUnitModules(http) : Promise.resolve([]),
  );
  if (unit) return { modules: loaded.data, fromMessage: false };
  const message = messageWithModules(payload);
  return { modules: message?.content ?? [], fromMessage: message !== null };
}
