import { useTranslation } from '../i18n/useTranslation.ts';
import { safeHref } from '../shared/safe-href.ts';
import { FilingEntries } from './FilingEntries.tsx';
import type { UnitConfigState } from './useUnitConfig.ts';

/**
 * Copyright and the unit's footer text (a link in a new tab when unit_config has one), then
 * the filing entries when enabled and present (spec §2 Footer). All of it is text.
 */
export function LoginFooter({ unit }: { unit: UnitConfigState }) {
  const { t } = useTranslation();
  if (unit.status !== 'ready') return <footer className="lp-footer" />;
  const { config, decoration } = unit;
  const footerMsg = decoration.footerMsg;
  const shown = footerMsg?.show !== false;
  const link = safeHref(config.link);
  const filings = shown && footerMsg?.showBaMsg ? (footerMsg.baList ?? []) : [];

  return (
    <footer className="lp-footer">
      <p className="lp-footer__line">
        {shown && footerMsg?.copyright ? (
          <span className="lp-footer__copyright">{footerMsg.copyright}</span>
        ) : null}
        {config.footer ? (
          link ? (
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="login.footer"
              title={t('footer.opensInNewTab')}
            >
              {config.footer}
            </a>
          ) : (
            <span data-testid="login.footer">{config.footer}</span>
          )
        ) : null}
      </p>
      {filings.length > 0 ? <FilingEntries entries={filings} /> : null}
    </footer>
  );
}
