/**
 * The app menu's data (spec §2 Top app-icon menu, Left layout; §7 my_app_icon, unReadCodeCount,
 * icon_order, left lock), read when the chrome starts, beside the other chrome calls (issue 4).
 */
import { useCallback, useEffect, useState } from 'react';
import type { AppGroup } from '@campus/contracts/desktop';
import type { MeData } from '@campus/contracts/uaa';
import type { DesktopApi } from '@campus/sdk/desktop-api';
import { dataOf } from '../common/desktop-data.ts';
import { withUnreadCounts } from './app-menu-rules.ts';

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
