import type { SessionStore } from '@campus/sdk/session';
import { loginUrlFor } from '@campus/sdk/create-page-runtime';
import { replaceWith } from '../shared/navigation.ts';

/**
 * Runs the login check at start-up; a signed-out visit goes to the login page with this address
 * as redirect_uri (spec §2), and the sign-in brings the administrator back to the same console
 * page, as the desktop does (`desktop/shell/useRequireSession.ts`).
 */
export function requireSession(session: SessionStore): void {
  void session.checkLogin().then((signedIn) => {
    if (!signedIn) replaceWith(loginUrlFor(window.location.href));
  });
}
