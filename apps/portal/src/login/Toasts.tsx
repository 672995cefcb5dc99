import { useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import { Icon } from '../shared/Icon.tsx';
import { dismissToast, getToasts, subscribeToasts } from './toast-store.ts';

const ICONS = { success: 'check', error: 'alert', warning: 'alert' } as const;

/** The stack of notices at the top of the login page. */
export function Toasts() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <div className="lp-toasts" aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`lp-toast lp-toast--${toast.kind}`}
          role={toast.kind === 'success' ? 'status' : 'alert'}
          data-testid="login.toast"
        >
          <span className="lp-toast__icon" aria-hidden="true">
            <Icon name={ICONS[toast.kind]} size={16} />
          </span>
          <span className="lp-toast__text">
            {toast.title ? <strong className="lp-toast__title">{toast.title}</strong> : null}
            {toast.message}
          </span>
          <button
            type="button"
            className="lp-toast__close"
            aria-label={t('toast.close')}
            onClick={() => dismissToast(toast.id)}
          >
            <Icon name="close" size={14} />
          </button>
        </div>
      ))}
    </div>
  );
}
