import { StrictMode } from 'react';
import { createHttpClient } from '@campus/sdk/http';
import { createRoot } from 'react-dom/client';
import { initI18n } from '../i18n/i18n.ts';
import { createI18nextTranslator } from '../i18n/i18next-translator.ts';
import { createPortalRuntime } from '../shared/portal-runtime.ts';
import { RuntimeContext } from '../shared/useRuntime.ts';
import { DesktopApp } from './shell/DesktopApp.tsx';
import { showNotice } from './shell/notice-bridge.ts';
import { startTheme } from './theme/theme-store.ts';
import { requireSession } from './shell/useRequireSession.ts';
import '../shared/base.css';
import './shell/desktop.css';

const runtime = createPortalRuntime({
  createHttp: createHttpClient,
  onNotify: showNotice,
  recoverSession: true,
});

// Spec §4 start-up: the user's theme loads beside the login check, not after it, and both
// start before the translations and React, so neither waits for the other.
void startTheme(runtime.http);
requireSession(runtime.session);

const container = document.getElementById('root');
void initI18n(runtime.storage, createI18nextTranslator).then(() => {
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <RuntimeContext value={runtime}>
        <DesktopApp />
      </RuntimeContext>
    </StrictMode>,
  );
});
