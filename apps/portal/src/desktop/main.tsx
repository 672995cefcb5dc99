import { StrictMode } from 'react';
import { createLightHttpClient } from '@campus/sdk/http-light';
import { installPhGlobal } from '@campus/sdk/ph-global';
import { createRoot } from 'react-dom/client';
import { DESKTOP_DICTIONARIES } from '../i18n/desktop-dictionaries.ts';
import { initI18n } from '../i18n/i18n.ts';
import { createI18nextTranslator } from '../i18n/i18next-translator.ts';
import { createPortalRuntime } from '../shared/portal-runtime.ts';
import { RuntimeContext } from '../shared/useRuntime.ts';
import { DesktopApp } from './shell/DesktopApp.tsx';
import { showNotice } from './shell/notice-bridge.ts';
import { startPageTheme } from '@campus/ui/page-theme';
import { requireSession } from './shell/useRequireSession.ts';
import '../shared/base.css';
import './shell/desktop.css';

// Spec §5: the PH global exists on every page built on the runtime, the desktop too; a
// deployment's settings on it (footer-rules.ts) are kept, not replaced.
installPhGlobal(window);

const runtime = createPortalRuntime({
  createHttp: createLightHttpClient,
  onNotify: showNotice,
  recoverSession: true,
});

// Spec §4 start-up: the user's theme loads beside the login check, not after it, and both
// start before the translations and React, so neither waits for the other.
void startPageTheme(runtime.http);
requireSession(runtime.session);

const container = document.getElementById('root');
void initI18n(runtime.storage, createI18nextTranslator, DESKTOP_DICTIONARIES).then(() => {
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <RuntimeContext value={runtime}>
        <DesktopApp />
      </RuntimeContext>
    </StrictMode>,
  );
});
