import { useTranslation } from '../i18n/useTranslation.ts';
import { useAuthorize } from './useAuthorize.ts';

/**
 * /authorize (spec §2, DESIGN.md §8): another school system asks to sign the user in. The page
 * names the system and what it asks for, with Allow and Deny.
 */
export function AuthorizeScreen() {
  const { t } = useTranslation();
  const { state, decide } = useAuthorize();
  if (state.phase === 'missingClient' || state.phase === 'unknownClient') {
    return (
      <div className="lp-info" data-testid="authorize.page">
        <h1 className="lp-heading">{t('authorize.heading')}</h1>
        <p className="lp-notice" role="alert" data-testid="authorize.error">
          {t(
            state.phase === 'missingClient' ? 'authorize.missingClient' : 'authorize.unknownClient',
          )}
        </p>
      </div>
    );
  }
  if (state.phase === 'checking') {
    return (
      <div className="lp-info" data-testid="authorize.checking">
        <p className="lp-subheading" role="status">
          {t('authorize.checking')}
        </p>
      </div>
    );
  }
  const sending = state.phase === 'sending';
  return (
    <div className="lp-info" data-testid="authorize.page">
      <h1 className="lp-heading">{t('authorize.heading')}</h1>
      <p className="lp-subheading">{t('authorize.lead', { name: state.clientName })}</p>
      <p className="lp-client" data-testid="authorize.client">
        {state.clientName}
      </p>
      <p className="lp-subheading">{t('authorize.asks')}</p>
      <ul className="lp-scopes" data-testid="authorize.scopes">
        {state.scopes.map((scope) => (
          <li key={scope}>{t(`authorize.scope.${scope}`)}</li>
        ))}
      </ul>
      <div className="lp-actions">
        <button
          type="button"
          className="lp-submit lp-submit--secondary"
          data-testid="authorize.deny"
          disabled={sending}
          onClick={() => decide('deny')}
        >
          {t('authorize.deny')}
        </button>
        <button
          type="button"
          className="lp-submit"
          data-testid="authorize.allow"
          disabled={sending}
          onClick={() => decide('allow')}
        >
          {t('authorize.allow')}
        </button>
      </div>
    </div>
  );
}
