import { lazy, Suspense, useState } from 'react';
import type { LoginData } from '@campus/contracts/uaa';
import { PORTAL_APP_CODE as APP_CODE } from '@campus/sdk/create-page-runtime';
import { useTranslation } from '../i18n/useTranslation.ts';
import { useRuntime } from '../shared/useRuntime.ts';
import type { SignInOptionsState } from './useSignInOptions.ts';

// Its own chunk, imported on the click: the login page's first load carries neither the face
// component nor face-api and its model (DESIGN.md §9, issue 14 §1).
const FaceCapture = lazy(() =>
  import('@campus/ui/FaceCapture').then((module) => ({ default: module.FaceCapture })),
);

/**
 * Face sign-in on the login page (spec §2 Face component in login mode, §7 `oauth/login/face`:
 * 200 reloads the page), offered when the unit has it (`sign_in_options.face`). The answer is
 * the password sign-in's, kept as that one keeps it; the reloaded login page then finds the
 * session and goes on to the desktop (spec §4).
 */
export function FaceSignIn({ options }: { options: SignInOptionsState }) {
  const { t, lang } = useTranslation();
  const { http, storage } = useRuntime();
  const [open, setOpen] = useState(false);
  if (options.status !== 'ready' || !options.options.face) return null;
  const unitId = options.options.unitId;

  const signedIn = (data: LoginData) => {
    storage.setUser(data);
    storage.setLoggedOut(false);
    storage.setUserClientId(APP_CODE, data.userClientId);
    window.location.reload();
  };

  return (
    <div className="lp-sso lp-face" data-testid="login.faceArea">
      {open ? (
        <Suspense fallback={null}>
          <FaceCapture
            mode="login"
            http={http}
            lang={lang}
            unitId={unitId}
            onLogin={signedIn}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : (
        <button
          type="button"
          className="lp-sso__link lp-face__open"
          onClick={() => setOpen(true)}
          data-testid="login.face"
        >
          {t('login.face')}
        </button>
      )}
    </div>
  );
}
