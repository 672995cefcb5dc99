/**
 * The not-found page of spec §2: shown by a sub-app when no permitted route matches, and instead
 * of the app when the access check of spec §6 fails. It says only that the page is not there or
 * not open to the user, never which, so it leaks nothing about modules the user may not see.
 */
import { useId } from 'react';
import { DESKTOP_PATH } from '@campus/contracts/pages';
import { uiText } from '../i18n/ui-messages.ts';
import './ui.css';

/** The desktop home of spec §2, where the not-found page leads back to. */
export const DESKTOP_HOME_PATH = DESKTOP_PATH;

/** Props of {@link NotFound}. */
export interface NotFoundProps {
  /** Where 'back to desktop' leads; the portal's desktop home by default (spec §2). */
  homeHref?: string;
  /** zh-CN or en, e.g. from `useLanguage`; anything else shows zh-CN (spec §1). */
  lang?: string;
}

/**
 * A friendly illustration, a title, a line of text and a link back to the desktop.
 *
 * @example
 * const { routes } = filterRoutesByPermission(appRoutes, codes, {
 *   notFound: { path: '*', element: <NotFound lang={lang} /> },
 * });
 * if (!access.allowed) return <NotFound lang={lang} homeHref={`${deployPath}/desktop/home`} />;
 */
export function NotFound({ homeHref = DESKTOP_HOME_PATH, lang }: NotFoundProps) {
  const titleId = useId();
  return (
    <section className="cp-not-found" aria-labelledby={titleId} data-testid="notFound.root">
      <NotFoundImage />
      <h1 className="cp-not-found__title" id={titleId} data-testid="notFound.title">
        {uiText(lang, 'notFound.title')}
      </h1>
      <p className="cp-not-found__text" data-testid="notFound.text">
        {uiText(lang, 'notFound.text')}
      </p>
      <a className="cp-not-found__home" href={homeHref} data-testid="notFound.home">
        {uiText(lang, 'notFound.home')}
      </a>
    </section>
  );
}

/** A signpost pointing nowhere beside a page with a question mark. Decorative. */
function NotFoundImage() {
  return (
    <svg
      className="cp-not-found__image"
      viewBox="0 0 240 160"
      width="240"
      height="160"
      aria-hidden="true"
      focusable="false"
    >
      <ellipse cx="120" cy="148" rx="100" ry="8" fill="#eef3fb" />
      <circle cx="198" cy="30" r="14" fill="currentColor" opacity=".12" />
      <g fill="#fff" stroke="#c9d4e5" strokeWidth="2">
        <rect x="118" y="22" width="76" height="98" rx="8" />
        <path d="M172 22h14a8 8 0 0 1 8 8v14z" fill="#eef3fb" />
      </g>
      <g fill="#eef3fb">
        <rect x="130" y="40" width="38" height="6" rx="3" />
        <rect x="130" y="102" width="50" height="6" rx="3" />
      </g>
      <path
        d="M146 64a10 10 0 1 1 14 9c-3 1.5-4 3.5-4 6v3"
        fill="none"
        stroke="currentColor"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="156" cy="92" r="3.4" fill="currentColor" />
      <rect x="64" y="46" width="6" height="100" rx="3" fill="#c9d4e5" />
      <path d="M38 54h52l10 10-10 10H38z" fill="currentColor" opacity=".85" />
      <path d="M96 84H44l-10 10 10 10h52z" fill="currentColor" opacity=".35" />
      <g stroke="#fff" strokeWidth="3" strokeLinecap="round" opacity=".9">
        <path d="M48 64h30" />
        <path d="M54 94h30" />
      </g>
      <g fill="#6fcf97">
        <ellipse cx="40" cy="142" rx="16" ry="7" />
        <ellipse cx="96" cy="144" rx="10" ry="5" />
      </g>
    </svg>
  );
}
