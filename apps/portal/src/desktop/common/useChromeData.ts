/**
 * What the desktop's own dialogs read from the server besides their data (spec §7): the
 * base-admin check. The bell's numbers and the unit's configuration are the shared chrome's
 * (`@campus/ui/useBellData`, `@campus/ui/useUnitConfig`), the app menu's `apps/app-menu-data.ts`.
 */
import { useEffect, useState } from 'react';
import { baseEndpoints } from '@campus/contracts/base';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { useRuntime } from '../../shared/useRuntime.ts';
import { dataOf } from './desktop-data.ts';

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
