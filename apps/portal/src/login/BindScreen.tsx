import { useTranslation } from '../i18n/useTranslation.ts';
import { BackToLogin } from './BackToLogin.tsx';

const PARAMS = [
  ['id', 'bind.unit'],
  ['openid', 'bind.openid'],
  ['unionid', 'bind.unionid'],
  ['deviceId', 'bind.deviceId'],
] as const;

/**
 * /bind/: shows the provider parameters it received (spec §2: id, openid, unionid,
 * deviceId) and explains that third-party sign-in is not enabled for this unit yet.
 */
export function BindScreen() {
  const { t } = useTranslation();
  const query = new URLSearchParams(window.location.search);
  return (
    <div className="lp-info" data-testid="bind.page">
      <h1 className="lp-heading">{t('bind.heading')}</h1>
      <p className="lp-subheading">{t('bind.received')}</p>
      <dl className="lp-params">
        {PARAMS.map(([param, label]) => (
          <div key={param} className="lp-params__row">
            <dt>{t(label)}</dt>
            <dd data-testid={`bind.${param}`}>{query.get(param) || t('bind.empty')}</dd>
          </div>
        ))}
      </dl>
      <p className="lp-notice" role="note">
        {t('bind.notEnabled')}
      </p>
      <BackToLogin label="bind.back" />
    </div>
  );
}
