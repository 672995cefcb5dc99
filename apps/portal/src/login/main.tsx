import { StrictMode } from 'react';
import { createLightHttpClient } from '@campus/sdk/http-light';
import { createRoot } from 'react-dom/client';
import { initI18n } from '../i18n/i18n.ts';
import { createPortalRuntime } from '../shared/portal-runtime.ts';
import { RuntimeContext } from '../shared/useRuntime.ts';
import { LoginApp } from './LoginApp.tsx';
import { pushToast } from './toast-store.ts';
import '../shared/base.css';
import './login.css';

const runtime = createPortalRuntime({
  createHttp: createLightHttpClient,
  onNotify: (notice) =>
    pushToast({
      kind: notice.type,
      message: notice.message,
      ...(notice.title ? { title: notice.title } : {}),
    }),
});

const container = document.getElementById('root');
void initI18n(runtime.storage).then(() => {
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <RuntimeContext value={runtime}>
        <LoginApp />
      </RuntimeContext>
    </StrictMode>,
  );
});
