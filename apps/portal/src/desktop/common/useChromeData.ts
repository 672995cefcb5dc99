/**
 * What the chrome (header, menus, footer, theme dialog) reads from the server (spec §7), as
 * small hooks. They start in the same render, so the calls go out together once `/me` is known
 * (issue 4: at most two sequential round trips after the HTML). The bell's numbers are
 * `messages/bell-data.ts`, the app menu's `apps/app-menu-data.ts`; this file keeps what several
 * features share: the unit's configuration and the base-admin check.
 */
import { useEffect, useState } from 'react';
import { baseEndpoints } from '@campus/contracts/base';
import type { DecorationSet, UnitConfigData } from '@campus/contracts/uaa';
import { parseDecorationSet, type AuthApi } from '@campus/sdk/auth';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { useRuntime } from '../../shared/useRuntime.ts';
import { dataOf } from './desktop-data.ts';

/** The unit's login configuration as the desktop uses it (spec §3). */
export interface UnitConfig {
  config: UnitConfigData | null;
  decoration: DecorationSet;
}

const unitConfigs = new Map<string, Promise<UnitConfig>>();

/** One unit_config call per unit and page: the footer and the theme dialog share it. */
function unitConfigFor(auth: AuthApi, unitId: string): Promise<UnitConfig> {
  let pending = unitConfigs.get(unitId);
  if (!pending) {
    pending = dataOf(auth.unitConfig(unitId, { noIntercept: true })).then((config) => ({
      config: config ?? null,
      decoration: parseDecorationSet(config?.decorationSet),
    }));
    unitConfigs.set(unitId, pending);
  }
  return pending;
}

/** Spec §7 unit_config for the user's unit; null until it answers. */
export function useUnitConfig(unitId: string): UnitConfig | null {
  const { auth } = useRuntime();
  const [state, setState] = useState<{ unitId: string; value: UnitConfig } | null>(null);
  useEffect(() => {
    let live = true;
    void unitConfigFor(auth, unitId).then((value) => {
      if (live) setState({ unitId, value });
    });
    return () => {
      live = false;
    };
  }, [auth, unitId]);
  return state?.unitId === unitId ? state.value : null;
}

/** Spec §6 admin status: the base-app role check (GET role/user/{userId}/XX_SYS_/base). */
export function useBaseAdmin(userId: string, enabled: boolean): boolean {
  const { http } = useRuntime();
  const [admin, setAdmin] = useState<{ userId: string; value: boolean } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void dataOf(
      callEndpoint(http, baseEndpoints.adminRole, { params: { userId } }, { noIntercept: true }),
    ).then((value) => {
      if (live) setAdmin({ userId, value: value === true });
    });
    return () => {
      live = false;
    };
  }, [http, userId, enabled]);
  return admin?.userId === userId && admin.value;
}
