/** The three states of a page part loaded with `useLoad`: spinner, the content, or a retry. */
import type { ReactNode } from 'react';
import { useApp } from '@campus/ui/app-context';
import type { Loaded } from '@campus/ui/useLoad';

export function CallView<T>(props: { loaded: Loaded<T>; children: (data: T) => ReactNode }) {
  const { t } = useApp();
  const { data, loading, failed, reload } = props.loaded;
  if (loading) {
    return (
      <div className="ph-app-state" data-testid="cms.loading">
        <span className="ph-spinner" aria-hidden="true" />
      </div>
    );
  }
  if (failed || data === undefined) {
    return (
      <div className="ph-app-state" role="alert" data-testid="cms.failed">
        <span>{t('cms.loadFailed')}</span>
        <button type="button" className="ph-button" onClick={reload}>
          {t('cms.retry')}
        </button>
      </div>
    );
  }
  return <>{props.children(data)}</>;
}
