import { footerModel } from '@campus/ui/unit-footer';
import { useTranslation } from '../i18n/useTranslation.ts';
import { FilingEntries } from '@campus/ui/FilingEntries';
import type { UnitConfigState } from './useUnitConfig.ts';

/**
 * Copyright and the unit's footer text (a link in a new tab when unit_config has one), then
 * the filing entries when enabled and present (spec §2 Footer). All of it is text.
 */
export function LoginFooter({ unit }: { unit: UnitConfigState }) {
  const { t, lang } = useTranslation();
  if (unit.status !== 'ready') return <footer className="lp-footer" />;
  const { copyright, footerText, link, filings } = footerModel(unit.config, unit.decoration, lang);

  return (
    <footer className="lp-footer">
      <p className="lp-footer__line">
        {copyright ? <span className="lp-footer__copyright">{copyright}</span> : null}
        {footerText ? (
          link ? (
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="login.footer"
              title={t('footer.opensInNewTab')}
            >
              {footerText}
            </a>
          ) : (
            <span data-testid="login.footer">{footerText}</span>
          )
        ) : null}
      </p>
      {filings.length > 0 ? <FilingEntries entries={filings} label={t('footer.filing')} /> : null}
    </footer>
  );
}
