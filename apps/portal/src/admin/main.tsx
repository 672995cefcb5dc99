/**
 * The admin console's entry (issue 13 §1, DESIGN.md §10): its own page, `/admin`, so antd's
 * console pieces load only here and the login and desktop pages keep their weight (DESIGN.md §1).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createLightHttpClient } from '@campus/sdk/http-light';
import { ADMIN_DICTIONARIES } from '../i18n/admin-dictionaries.ts';
import { initI18n } from '../i18n/i18n.ts';
import { createI18nextTranslator } from '../i18n/i18next-translator.ts';
import { createPortalRuntime } from '../shared/portal-runtime.ts';
import { RuntimeContext } from '../shared/useRuntime.ts';
import { AdminApp } from './AdminApp.tsx';
import { requestScope } from './admin-scope.ts';
import { requireSession } from './admin-session.ts';
import { showNotice } from '../desktop/shell/notice-bridge.ts';
import '../shared/base.css';
import './admin.css';

const runtime = createPortalRuntime({
  createHttp: createLightHttpClient,
  onNotify: showNotice,
  recoverSession: true,
});

// The login check and the scope start before the translations and React, side by side, so the
// first screen waits for one round trip rather than three.
requireSession(runtime.session);
const scope = requestScope(runtime.http);

const container = document.getElementById('root');
void initI18n(runtime.storage, createI18nextTranslator, ADMIN_DICTIONARIES).then(() => {
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <RuntimeContext value={runtime}>
        <AdminApp scope={scope} />
      </RuntimeContext>
    </StrictMode>,
  );
});
