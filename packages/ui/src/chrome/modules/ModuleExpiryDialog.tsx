import { DEFAULT_DAY_FORMAT, formatDate } from '@campus/sdk/formatters';
import { NoData } from '../../components/NoData.tsx';
import { useNow } from '../../hooks/useNow.ts';
import { LightDialogFrame } from '../ChromeDialogFrame.tsx';
import { chromeDialogs, useChrome } from '../chrome-env.ts';
import { moduleExpiryRows } from './module-expiry-rules.ts';
import { useExpiryModules } from './unit-modules.ts';

/**
 * The module-expiry table (spec §2 Other dialogs, §3 openWay 1, §4 module status): the
 * message's modules, expired first, then soon-to-expire, then in use, with their end dates. The
 * chrome's, so an openWay-1 message opens it in a sub-app as on the desktop (issue 10 §4).
 */
export function ModuleExpiryDialog({
  payload,
  onClose,
}: {
  payload: unknown;
  onClose: () => void;
}) {
  const { t, lang, DialogFrame } = useChrome();
  const Frame = DialogFrame ?? LightDialogFrame;
  const now = useNow();
  // A message's modules, or the unit's (spec §7 inside/module) when opened from the settings.
  const { modules, fromMessage } = useExpiryModules(payload);
  const rows = modules ? moduleExpiryRows(modules, now, lang) : [];

  return (
    <Frame
      width={640}
      lang={lang}
      testId="moduleExpiryDialog"
      onClose={onClose}
      title={t('dialogs.moduleExpiry.title')}
      footer={
        <div className="ph-chrome-dialog-footer">
          {fromMessage ? (
            <button
              type="button"
              className="ph-button"
              onClick={() => chromeDialogs.open('messages')}
              data-testid="moduleExpiry.back"
            >
              {t('dialogs.moduleExpiry.back')}
            </button>
          ) : null}
          <button
            type="button"
            className="ph-button ph-button--primary"
            onClick={onClose}
            data-testid="moduleExpiry.close"
          >
            {t('dialogs.common.close')}
          </button>
        </div>
      }
    >
      <div data-testid="moduleExpiry.dialog">
        <p className="ph-chrome-lead">
          {t(fromMessage ? 'dialogs.moduleExpiry.lead' : 'dialogs.moduleExpiry.unitLead')}
        </p>
        {!modules ? null : rows.length === 0 ? (
          <NoData type="default" lang={lang} />
        ) : (
          <table className="ph-chrome-table">
            <thead>
              <tr>
                <th scope="col">{t('dialogs.moduleExpiry.module')}</th>
                <th scope="col">{t('dialogs.moduleExpiry.status')}</th>
                <th scope="col">{t('dialogs.moduleExpiry.endTime')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.code} data-testid="moduleExpiry.row" data-status={row.status}>
                  <td>
                    <span data-testid="moduleExpiry.name">{row.name}</span>
                  </td>
                  <td>
                    <span
                      className={`ph-chrome-status ph-chrome-status--${row.status}`}
                      data-testid="moduleExpiry.status"
                    >
                      {t(`dialogs.moduleExpiry.statuses.${row.status}`)}
                    </span>
                  </td>
                  <td>
                    <time
                      dateTime={new Date(row.endTime).toISOString()}
                      data-testid="moduleExpiry.endTime"
                    >
                      {formatDate(row.endTime, DEFAULT_DAY_FORMAT, lang)}
                    </time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </Frame>
  );
}
