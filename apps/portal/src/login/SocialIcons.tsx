import type { SocialProviderType } from '@campus/contracts/social';
import { useTranslation } from '../i18n/useTranslation.ts';
import type { SocialSignIn } from './useSocialSignIn.ts';

/** The providers' marks: WeCom's and WeChat's colours on a chat bubble. */
const COLOURS: Record<SocialProviderType, string> = { qy: '#2B7CE9', mp: '#07C160' };

function Bubble({ type }: { type: SocialProviderType }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill={COLOURS[type]}
        d="M9.5 3C5.36 3 2 5.86 2 9.4c0 2 1.08 3.78 2.77 4.96L4 17l3.02-1.5c.8.2 1.63.3 2.48.3.3 0 .6-.01.9-.04A5.9 5.9 0 0 1 10.2 14c0-3.3 3.13-5.98 7-5.98.26 0 .52.01.78.04C17.2 5.15 13.7 3 9.5 3Zm7.7 6.4c-3.2 0-5.8 2.16-5.8 4.82 0 2.66 2.6 4.82 5.8 4.82.66 0 1.3-.09 1.9-.26L21.5 20l-.6-2.06A4.6 4.6 0 0 0 23 14.2c0-2.66-2.6-4.8-5.8-4.8Z"
      />
    </svg>
  );
}

/**
 * The third-party icons under the login box (spec §2) and, on PC, the scan-code widget: the
 * provider's own scan-code login page in a frame, which sends the whole page back to the
 * login page with the code once the phone has scanned.
 */
export function SocialIcons({ social }: { social: SocialSignIn }) {
  const { t } = useTranslation();
  if (social.providers.length === 0) return null;
  const widget = social.widget;
  return (
    <div className="lp-social" data-testid="login.social">
      <span className="lp-sso__or">{t('login.social.or')}</span>
      <div className="lp-social__icons">
        {social.providers.map((provider) => {
          const type = provider.providerId as SocialProviderType;
          return (
            <button
              key={provider.providerId}
              type="button"
              className="lp-social__icon"
              data-testid={`login.social.${type}`}
              disabled={social.busy}
              onClick={() => social.choose(type)}
            >
              <Bubble type={type} />
              <span>{t(`login.social.${type}`)}</span>
            </button>
          );
        })}
      </div>
      {widget ? (
        <div className="lp-social__widget" data-testid="login.social.widget">
          <p className="lp-social__hint">{t(`login.social.scan.${widget.providerId}`)}</p>
          <iframe
            className="lp-social__frame"
            title={t(`login.social.scan.${widget.providerId}`)}
            src={widget.qrLoginUrl}
            sandbox="allow-scripts allow-same-origin allow-top-navigation-by-user-activation allow-top-navigation"
            data-testid="login.social.frame"
          />
          <div className="lp-social__widget-links">
            <a className="lp-link" href={widget.qrLoginUrl} data-testid="login.social.open">
              {t('login.social.openPage')}
            </a>
            <button
              type="button"
              className="lp-link lp-social__close"
              onClick={social.closeWidget}
              data-testid="login.social.close"
            >
              {t('login.social.close')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
