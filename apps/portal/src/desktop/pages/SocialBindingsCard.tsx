import { App, Button } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { socialEndpoints, type SocialBinding } from '@campus/contracts/social';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import { Widget } from '../common/Widget.tsx';

/**
 * The settings page's bound WeCom and WeChat identities (issue 12 §2): each with its provider
 * and id, and a button that unbinds it (the next chat-client visit goes to the bind page).
 */
export function SocialBindingsCard() {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const { message: toast } = App.useApp();
  const [bindings, setBindings] = useState<SocialBinding[] | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  const load = useCallback(() => {
    callEndpoint(http, socialEndpoints.bindings, {})
      .then((res) => setBindings(res.status === 200 && res.data ? res.data : []))
      .catch(() => setBindings([]));
  }, [http]);
  useEffect(load, [load]);

  const unbind = (id: string) => {
    setRemoving(id);
    callEndpoint(http, socialEndpoints.unbind, { body: { id } })
      .then((res) => {
        if (res.status === 200) {
          void toast.success({ content: t('pages.setting.socialUnbound'), duration: 3 });
          load();
        }
      })
      .catch(() => undefined)
      .finally(() => setRemoving(null));
  };

  const date = (ms: number) =>
    new Date(ms).toLocaleDateString(lang === 'en' ? 'en-GB' : 'zh-CN', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });

  return (
    <Widget title={t('pages.setting.social')} testId="setting.socialCard">
      <p className="dp-muted">{t('pages.setting.socialText')}</p>
      {bindings === null ? null : bindings.length === 0 ? (
        <p className="dp-muted" data-testid="setting.socialNone">
          {t('pages.setting.socialNone')}
        </p>
      ) : (
        <dl className="dp-facts" data-testid="setting.socialList">
          {bindings.map((binding) => (
            <div key={binding.id} className="dp-facts__row" data-testid="setting.socialRow">
              <dt>{t(`pages.setting.socialProvider.${binding.providerId}`)}</dt>
              <dd>
                <span>{binding.openid}</span>{' '}
                <span className="dp-muted">{date(binding.createdAt)}</span>{' '}
                <Button
                  size="small"
                  danger
                  loading={removing === binding.id}
                  onClick={() => unbind(binding.id)}
                  data-testid="setting.socialUnbind"
                >
                  {t('pages.setting.socialUnbind')}
                </Button>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Widget>
  );
}
