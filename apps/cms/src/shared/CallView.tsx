/** The three states of a loaded page part: spinner, the content, or a retry. */
import type { ReactNode } from 'react';
import { useApp } from '@campus/ui/app-context';
import type { CallState } from './useCall.ts';

export function CallView<T>(props: {
  state: CallState<T>;
  reload: () => void;
  children: (data: T) => ReactNode;
}) {
  const { t } = useApp();
  if (props.state.kind === 'loading') {
    return (
      <div className="ph-app-state" data-testid="cms.loading">
        <span className="ph-spinner" aria-hidden="true" />
      </div>
    );
  }
  if (props.state.kind === 'failed') {
    return (
      <div className="ph-app-state" role="alert" data-testid="cms.failed">
        <span>{t('cms.loadFailed')}</span>
        <button type="button" className="ph-button" onClick={props.reload}>
          {t('cms.retry')}
        </button>
      </div>
    );
  }
  return <>{props.children(props.state.data)}</>;
}
