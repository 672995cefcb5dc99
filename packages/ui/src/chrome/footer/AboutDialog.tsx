import { useEffect, useState } from 'react';
import { LightDialogFrame } from '../ChromeDialogFrame.tsx';
import { useChrome } from '../chrome-env.ts';
import { loadAboutVersions, releaseNotes, type AboutVersions } from './about-versions.ts';
import { deploymentFlags } from './footer-rules.ts';

/** Spec §2, §9: the About dialog is 650 px wide, at z-index 10000. */
export const ABOUT_DIALOG = { width: 650, zIndex: 10000 } as const;

/**
 * The About dialog (spec §2 About dialog, §3 Version record): the vendor logo, company and a
 * copyright line with the current year (left out in the operations-management deployment),
 * the release notes (version, date, numbered notes in the page language) or 'no version info',
 * and the front-end and server version lines of the page's front end (the desktop's, or the
 * sub-app's own).
 */
export function AboutDialog({ onClose }: { onClose: () => void }) {
  const { t, lang, http, versions: source, DialogFrame } = useChrome();
  const Frame = DialogFrame ?? LightDialogFrame;
  const [versions, setVersions] = useState<AboutVersions | null>(null);
  const { oam } = deploymentFlags((window as { PH?: unknown }).PH);
  const company = t('about.company');
  const unknown = t('about.unknown');

  useEffect(() => {
    let live = true;
    void (source.loadBuiltIn?.() ?? Promise.resolve(undefined))
      .catch(() => undefined)
      .then((builtIn) =>
        loadAboutVersions({ http, source: source.source, ...(builtIn ? { builtIn } : {}) }),
      )
      .then((loaded) => {
        if (live) setVersions(loaded);
      });
    return () => {
      live = false;
    };
  }, [http, source]);

  const value = (text: string | null | undefined) => (text?.trim() ? text : unknown);

  return (
    <Frame
      width={ABOUT_DIALOG.width}
      zIndex={ABOUT_DIALOG.zIndex}
      lang={lang}
      testId="aboutDialog"
      onClose={onClose}
      title={t('about.title')}
      footer={
        <div className="ph-chrome-dialog-footer">
          <button
            type="button"
            className="ph-button ph-button--primary"
            data-testid="about.close"
            onClick={onClose}
          >
            {t('about.close')}
          </button>
        </div>
      }
    >
      <div className="ph-chrome-about" data-testid="about.dialog">
        {oam ? null : (
          <div className="ph-chrome-about__vendor" data-testid="about.vendor">
            <svg
              className="ph-chrome-about__logo"
              viewBox="0 0 48 48"
              role="img"
              aria-label={t('about.logoAlt')}
            >
              <rect width="48" height="48" rx="12" fill="var(--ph-primary, #457CD6)" />
              <path d="M24 11 7 19.5l17 8.5 17-8.5z" fill="#fff" />
              <path
                d="M14 23.5V31c0 2.6 4.5 5 10 5s10-2.4 10-5v-7.5L24 28.5z"
                fill="#fff"
                opacity=".8"
              />
            </svg>
            <div className="ph-chrome-about__vendor-text">
              <strong className="ph-chrome-about__company" data-testid="about.company">
                {company}
              </strong>
              <span className="ph-chrome-about__tagline">{t('about.tagline')}</span>
              <span className="ph-chrome-about__copyright" data-testid="about.copyright">
                {t('about.copyright', { year: new Date().getFullYear(), company })}
              </span>
            </div>
          </div>
        )}
        {versions === null ? (
          <div className="ph-chrome-loading">
            <span className="ph-spinner" aria-hidden="true" />
            <span>{t('about.loading')}</span>
          </div>
        ) : (
          <>
            <h3 className="ph-chrome-about__heading">{t('about.releases')}</h3>
            {versions.releases.length === 0 ? (
              <p className="ph-chrome-about__empty" data-testid="about.noVersion">
                {t('about.noVersion')}
              </p>
            ) : (
              <ul className="ph-chrome-about__releases" data-testid="about.releases">
                {versions.releases.map((record) => (
                  <li key={`${record.version}-${record.date}`} data-testid="about.release">
                    <div className="ph-chrome-about__release-head">
                      <span className="ph-chrome-about__version" data-testid="about.releaseVersion">
                        {record.version}
                      </span>
                      <span className="ph-chrome-about__date">{record.date}</span>
                    </div>
                    <ol className="ph-chrome-about__notes">
                      {releaseNotes(record, lang).map((note, index) => (
                        <li key={index}>{note}</li>
                      ))}
                    </ol>
                  </li>
                ))}
              </ul>
            )}
            <div className="ph-chrome-about__lines">
              <p data-testid="about.frontend">
                {t('about.frontend', {
                  version: value(versions.frontend.appVersion),
                  server: value(versions.frontend.serverVersion),
                  date: value(versions.frontend.packageDate),
                })}
              </p>
              <p data-testid="about.server">
                {versions.server
                  ? t('about.server', {
                      version: value(versions.server.serverVersion),
                      web: value(versions.server.webCodeVersion),
                      date: value(versions.server.date),
                    })
                  : t('about.serverUnknown')}
              </p>
            </div>
          </>
        )}
      </div>
    </Frame>
  );
}
