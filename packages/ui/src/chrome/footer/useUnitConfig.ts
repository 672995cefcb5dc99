import { useEffect, useState } from 'react';
import { uaaEndpoints, type DecorationSet, type UnitConfigData } from '@campus/contracts/uaa';
import { parseDecorationSet } from '@campus/sdk/auth';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import type { HttpClient } from '@campus/sdk/http-core';
import { dataOf } from '../chrome-env.ts';

/** The unit's login configuration as the chrome uses it (spec §3). */
export interface UnitConfig {
  config: UnitConfigData | null;
  decoration: DecorationSet;
}

const unitConfigs = new Map<string, Promise<UnitConfig>>();

/** One unit_config call per unit and page: the footer and the theme dialog share it. */
export function unitConfigFor(http: HttpClient, unitId: string): Promise<UnitConfig> {
  let pending = unitConfigs.get(unitId);
  if (!pending) {
    pending = dataOf(
      callEndpoint(http, uaaEndpoints.unitConfig, { query: { unitId } }, { noIntercept: true }),
    ).then((config) => ({
      config: config ?? null,
      decoration: parseDecorationSet(config?.decorationSet),
    }));
    unitConfigs.set(unitId, pending);
  }
  return pending;
}

/** Spec §7 unit_config for the user's unit; null until it answers. */
export function useUnitConfig(http: HttpClient, unitId: string): UnitConfig | null {
  const [state, setState] = useState<{ unitId: string; value: UnitConfig } | null>(null);
  useEffect(() => {
    let live = true;
    void unitConfigFor(http, unitId).then((value) => {
      if (live) setState({ unitId, value });
    });
    return () => {
      live = false;
    };
  }, [http, unitId]);
  return state?.unitId === unitId ? state.value : null;
}
