/**
 * What the chrome (header, menus, footer, theme dialog) reads from the server (spec §7), as
 * small hooks. They start in the same render, so the calls go out together once `/me` is known
 * (issue 4: at most two sequential round trips after the HTML).
 */
import { useCallback, useEffect, useState } from 'react';
import { baseEndpoints } from '@campus/contracts/base';
import type { AppGroup, MessageConfig, UnhandleCount } from '@campus/contracts/desktop';
import type { DecorationSet, MeData, UnitConfigData } from '@campus/contracts/uaa';
import { parseDecorationSet, type AuthApi } from '@campus/sdk/auth';
import type { DesktopApi } from '@campus/sdk/desktop-api';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { useRuntime } from '../shared/useRuntime.ts';
import { dataOf } from './desktop-data.ts';
import { onUnreadChanged } from './dialogs/unread-events.ts';
import { withUnreadCounts } from './app-menu-rules.ts';

/** The bell's numbers (spec §2): unread messages and the unit's pcOpen setting. */
export interface BellData {
  unread: number;
  pcOpen: MessageConfig['pcOpen'] | null;
}

/**
 * Spec §7 unhandlecount and getMessageConfig; the count follows the messages dialog's ignore
 * actions (`unreadChanged`).
 */
export function useBellData(api: DesktopApi): BellData {
  const [counts, setCounts] = useState<UnhandleCount | null>(null);
  const [config, setConfig] = useState<MessageConfig | null>(null);
  useEffect(() => {
    let live = true;
    const loadCount = () => {
      void dataOf(api.unhandleCount()).then((data) => {
        if (live && data) setCounts(data);
      });
    };
    loadCount();
    void dataOf(api.messageConfig()).then((data) => {
      if (live && data) setConfig(data);
    });
    const stop = onUnreadChanged(loadCount);
    return () => {
      live = false;
      stop();
    };
  }, [api]);
  return { unread: counts?.messageCount ?? 0, pcOpen: config?.pcOpen ?? null };
}

/** The app menu's state (spec §2 Top app-icon menu, Left layout). */
export interface AppMenuData {
  groups: AppGroup[];
  loaded: boolean;
  /** Shows a new order at once and saves it (spec §2 drag; POST icon_order). */
  reorder: (next: AppGroup[], codes: readonly string[]) => void;
}

/** Spec §7 my_app_icon plus unReadCodeCount, asked together. */
export function useAppMenuData(api: DesktopApi, me: MeData): AppMenuData {
  const [groups, setGroups] = useState<AppGroup[]>([]);
  const [loaded, setLoaded] = useState(false);
  const { userId, unitId } = me;
  useEffect(() => {
    let live = true;
    void Promise.all([
      dataOf(api.appIcons({ userId, unitId })),
      dataOf(api.unreadCodeCount()),
    ]).then(([icons, counts]) => {
      if (!live) return;
      setGroups(withUnreadCounts(icons ?? [], counts ?? null));
      setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [api, userId, unitId]);

  const reorder = useCallback(
    (next: AppGroup[], codes: readonly string[]) => {
      const before = groups;
      setGroups(next);
      // A refused save (the HTTP client shows why) puts the old order back.
      void dataOf(api.setIconOrder(codes)).then((saved) => {
        if (!saved) setGroups(before);
      });
    },
    [api, groups],
  );
  return { groups, loaded, reorder };
}

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

/** The left layout's lock, kept per user on the server (spec §2 Left layout). */
export function useLeftLock(api: DesktopApi, enabled: boolean) {
  const [locked, setLocked] = useState<boolean | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void dataOf(api.leftLock()).then((data) => {
      if (live) setLocked(data?.locked ?? false);
    });
    return () => {
      live = false;
    };
  }, [api, enabled]);

  const toggle = useCallback(() => {
    const next = !(locked ?? false);
    setLocked(next);
    void dataOf(api.setLeftLock(next)).then((saved) => {
      setLocked(saved ? saved.locked : !next);
    });
  }, [api, locked]);
  return { locked: locked ?? false, known: locked !== null, toggle };
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
