import { useEffect, useState } from 'react';
import { baseEndpoints } from '@campus/contracts/base';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { dataOf, useChrome } from '../chrome-env.ts';

/**
 * Spec §6 admin status: whether the user holds the base app's admin role (GET
 * role/user/{userId}/XX_SYS_/base); false until the server says so. Only base admins may apply
 * a theme to every user of the unit (spec §2 Theme dialog), and only they see the header's way
 * into the admin console (issue 13 §1). Not asked at all when `enabled` is false.
 */
export function useBaseAdmin(userId: string, enabled = true): boolean {
  const { http } = useChrome();
  const [admin, setAdmin] = useState<{ userId: string; value: boolean } | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
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
  return enabled && admin?.userId === userId && admin.value;
}
