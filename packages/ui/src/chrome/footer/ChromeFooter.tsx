/**
 * The footer (spec §2 Footer), one for the desktop and every sub-app: the copyright and the
 * unit's footer text (a link in a new tab when the login configuration has one), the filing
 * entries when enabled and present, the help-centre entry when enabled (the deployment's
 * callback if set, else the help-centre page) and the version-info entry, which opens the About
 * dialog. Unit text is shown as text only.
 */
import type { MeData } from '@campus/contracts/uaa';
import { useSession } from '../../hooks/useSession.ts';
import { chromeDialogs, useChrome } from '../chrome-env.ts';
import { CHROME_ICONS } from '../header/chrome-icons.ts';
import { ChromeIcon } from '../header/ChromeIcon.tsx';
import { FilingEntries } from './FilingEntries.tsx';
import { deploymentFlags, helpCentreUrl } from './footer-rules.ts';
import { footerModel } from './unit-footer.ts';
import { useUnitConfig } from './useUnitConfig.ts';
import '../chrome.css';

/** The footer for the signed-in user; nothing until /me is known. */
export function ChromeFooter() {
  const { session } = useChrome();
  const { me } = useSession(session);
  return me ? <FooterFor me={me} /> : null;
}

function FooterFor({ me }: { me: MeData }) {
  const { t, lang, http, goTo } = useChrome();
  const unit = useUnitConfig(http, me.unitId);
  const model = footerModel(unit?.config ?? null, unit?.decoration ?? {}, lang);
  const year = new Date().getFullYear();

  const openHelp = () => {
    const flags = deploymentFlags((window as { PH?: unknown }).PH);
    const redUrl = window.location.href;
    if (flags.helpCenter) {
      flags.helpCenter({ redUrl, unitId: me.unitId });
      return;
    }
    const url = helpCentreUrl({
      base: flags.helpCenterUrl,
      redUrl,
      unitId: me.unitId,
      origin: window.location.origin,
    });
    if (url) goTo(url);
  };

  return (
    <footer className="ph-chrome-footer" data-testid="footer">
      <div className="ph-chrome-footer__inner">
        <p className="ph-chrome-footer__line">
          <span className="ph-chrome-footer__copyright" data-testid="footer.copyright">
            {unit === null ? '\u00a0' : (model.copyright ?? t('footer.copyrightDefault', { year }))}
          </span>
          {model.footerText ? (
            model.link ? (
              <a
                className="ph-chrome-footer__link"
                href={model.link}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="footer.link"
                title={t('footer.opensInNewTab')}
              >
                {model.footerText}
              </a>
            ) : (
              <span className="ph-chrome-footer__text" data-testid="footer.link">
                {model.footerText}
              </span>
            )
          ) : null}
        </p>
        <p className="ph-chrome-footer__line ph-chrome-footer__entries">
          {model.helpCentre ? (
            <button
              type="button"
              className="ph-chrome-footer__entry"
              data-testid="footer.help"
              onClick={openHelp}
            >
              <ChromeIcon path={CHROME_ICONS.help} size={14} />
              {t('footer.help')}
            </button>
          ) : null}
          <button
            type="button"
            className="ph-chrome-footer__entry"
            data-testid="footer.version"
            onClick={() => chromeDialogs.open('about')}
          >
            <ChromeIcon path={CHROME_ICONS.info} size={14} />
            {t('footer.version')}
          </button>
        </p>
        {model.filings.length > 0 ? (
          <FilingEntries
            entries={model.filings}
            label={t('footer.filing')}
            className="ph-chrome-filing"
            testId="footer.filing"
          />
        ) : null}
      </div>
    </footer>
  );
}
