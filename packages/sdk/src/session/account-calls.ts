/**
 * The account calls behind the header's switcher and child picker (spec §2, §6, §7); their
 * screens come with the desktop shell. Each one re-reads `/me` afterwards through the session
 * store, because both change who the session is about (spec §3 user state).
 */
import type { Envelope } from '@campus/contracts/envelope';
import { familyEndpoints, type Child } from '@campus/contracts/family';
import { uaaEndpoints, type SessionData } from '@campus/contracts/uaa';
import { callEndpoint } from '../http/endpoint-call.ts';
import type { HttpClient } from '../http/http-core.ts';
import type { PortalStorage } from '../platform/storage.ts';
import type { SessionStore } from './session-store.ts';

/** What the account calls need. */
export interface AccountCallDeps {
  http: HttpClient;
  session: SessionStore;
  storage: Pick<PortalStorage, 'setUserClientId'>;
  /** The app whose client id the new session's id replaces (spec §3 `userClientId_{appCode}`). */
  appCode: string;
}

/**
 * Switches to the linked teacher or parent account (spec §6, §7 `GET /api/uaa/switch/login`).
 * On success the new session's client id is stored and the login check runs again, so the store
 * holds the other account. Resolves the envelope; a refused switch leaves the session as it was.
 *
 * @example
 * const res = await switchAccount(deps, me.linkedAccount.userId);
 * if (res.status === 200) location.assign('/desktop/home');
 */
export async function switchAccount(
  deps: AccountCallDeps,
  userId: string,
): Promise<Envelope<SessionData>> {
  const answer = await callEndpoint(deps.http, uaaEndpoints.switchLogin, { query: { userId } });
  if (answer.status === 200) {
    const id = answer.data?.userClientId;
    if (typeof id === 'string' && id !== '') deps.storage.setUserClientId(deps.appCode, id);
    await deps.session.recheckLogin();
  }
  return answer;
}

/**
 * A parent's children (spec §3 Child, §7 `find_all_student_by_parent_id`); an empty list when
 * the server gives none. The server answers only for the caller's own children (spec §6).
 *
 * @example
 * const children = await listChildren(http, me.userId);
 */
export async function listChildren(http: HttpClient, parentId: string): Promise<Child[]> {
  const answer = await callEndpoint(http, familyEndpoints.childrenByParent, {
    query: { parentId },
  });
  return answer.status === 200 && Array.isArray(answer.data) ? answer.data : [];
}

/**
 * Makes `child` the parent's current child (spec §7 `POST set/parentChildren?parentId=`, body the
 * child record), then re-reads `/me` so `chirdenId` and `currentChirden` follow (spec §3).
 * Resolves whether the server took it.
 *
 * @example
 * if (await chooseChild(deps, me.userId, child)) closeDialog();
 */
export async function chooseChild(
  deps: Pick<AccountCallDeps, 'http' | 'session'>,
  parentId: string,
  child: Child,
): Promise<boolean> {
  const answer = await callEndpoint(deps.http, familyEndpoints.setCurrentChild, {
    query: { parentId },
    body: { ...child },
  });
  if (answer.status !== 200) return false;
  await deps.session.recheckLogin();
  return true;
}
