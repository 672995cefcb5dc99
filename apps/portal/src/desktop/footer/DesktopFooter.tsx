import type { MeData } from '@campus/contracts/uaa';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { FilingEntries } from '../../login/FilingEntries.tsx';
import { goTo } from '../../shared/navigation.ts';
import { Icon } from '../../shared/Icon.tsx';
import { CHROME_ICONS } from '../common/chrome-icons.ts';
import { desktopDialogs } from '../common/dialog-store.ts';
import { footerModel } from '@campus/ui/unit-footer';
import { deploymentFlags, helpCentreUrl } from './footer-rules.ts';
import type { UnitConfig } from '../common/useChromeData.ts';

/**
 * The desktop footer (spec §2 Footer): the copyright and the unit's footer text (a link in a new
 * tab when the login configuration has one), the filing entries when enabled and present, the
 * help-centre entry when enabled (the deployment's callback if set, else the help-centre page)
 * and the version-info entry, which opens the About dialog. Unit text is shown as text only.
 */
export function DesktopFooter({ me, unit }: { me: MeData; unit: UnitConfig | null }) {
  const { t, lang } = useTranslation();
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
    <footer className="dt-footer" data-testid="footer">
      <div className="dt-footer__inner">
        <p className="dt-footer__line">
          <span className="dt-footer__copyright" data-testid="footer.copyright">
            {unit === null ? '\u00a0' : (model.copyright ?? t('footer.copyrightDefault', { year }))}
          </span>
          {model.footerText ? (
            model.link ? (
              <a
                className="dt-footer__link"
                href={model.link}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="footer.link"
                title={t('footer.opensInNewTab')}
              >
                {model.footerText}
              </a>
            ) : (
              <span className="dt-footer__text" data-testid="footer.link">
                {model.footerText}
              </span>
            )
          ) : null}
        </p>
        <p className="dt-footer__line dt-footer__entries">
          {model.helpCentre ? (
            <button
              type="button"
              className="dt-footer__entry"
              data-testid="footer.help"
              onClick={openHelp}
            >
              <Icon path={CHROME_ICONS.help} size={14} />
              {t('footer.help')}
            </button>
          ) : null}
          <button
            type="button"
            className="dt-footer__entry"
            data-testid="footer.version"
            onClick={() => desktopDialogs.open('about')}
          >
            <Icon path={CHROME_ICONS.info} size={14} />
            {t('footer.version')}
          </button>
        </p>
        {model.filings.length > 0 ? (
          <FilingEntries entries={model.filings} className="dt-filing" testId="footer.filing" />
        ) : null}
      </div>
    </footer>
  );
}
