/**
 * The start-up calls of a sub-app that are plain requests (spec §7): the permission tree and
 * the access log. The HTTP rules of spec §8 apply through the client passed in.
 */
import type { PermissionNode } from '@campus/contracts/access';
import { baseEndpoints, type AccessDetailBody } from '@campus/contracts/base';
import { callEndpoint } from '../http/endpoint-call.ts';
import type { HttpClient } from '../http/http-core.ts';

/**
 * The user's permission tree for one app (spec §7), or null when the server gave none. Only
 * asked for user types 2 and 4 (spec §6; `initApp` decides). Answers with another body status
 * are reported by the HTTP rules and count as no permissions (fail closed).
 *
 * @example
 * const tree = await fetchPermissionTree(http, 'cms');
 */
export async function fetchPermissionTree(
  http: HttpClient,
  appCode: string,
): Promise<PermissionNode[] | null> {
  const answer = await callEndpoint(http, baseEndpoints.permissionTree, {
    query: { code: appCode },
  });
  return answer.status === 200 && Array.isArray(answer.data) ? answer.data : null;
}

/**
 * Writes the access log of an opened app (spec §7 `user_access_detail`, `type` 1). Silent:
 * a lost log line must not disturb the user. Resolves whether the server took it.
 *
 * @example
 * void logAppAccess(http, { userId, userType, unitId, resId: 'cms', resName: '信息发布' });
 */
export async function logAppAccess(
  http: HttpClient,
  entry: Omit<AccessDetailBody, 'type'>,
): Promise<boolean> {
  try {
    const answer = await callEndpoint(
      http,
      baseEndpoints.accessDetail,
      { body: { ...entry, type: 1 } },
      { noIntercept: true },
    );
    return answer.status === 200;
  } catch {
    return false;
  }
}
