/**
 * A sub-app page's chrome (spec §1 "the same … header", §2 Header, Footer): the desktop's
 * header and footer, from the shared runtime (loaded once per page), into `#page-header` and
 * `#page-footer`, and the chrome's dialogs. What differs from the desktop is only how the page
 * reacts: a language switch starts the page again in the new language (spec §4), and an account
 * switch opens the app's page for the other account's type (spec §2 app pages: tm or spm, on
 * the same screen, with the same query, so a `language` in it stays in force).
 */
import { useMemo, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { appIndexPagePath } from '@campus/contracts/pages';
import { landingVariant } from '@campus/contracts/user-types';
import type { Language } from '@campus/sdk/language';
import type { LanguageOption } from '@campus/sdk/language-loader';
import type { PageRuntime } from '@campus/sdk/page-runtime';
import { screenClassOf, type ScreenClass } from '@campus/sdk/screen';
import { ChromeDialogs } from '../chrome/ChromeDialogs.tsx';
import { ChromeContext, type ChromeEnv } from '../chrome/chrome-env.ts';
import { ChromeFooter } from '../chrome/footer/ChromeFooter.tsx';
import { ChromeHeader } from '../chrome/header/ChromeHeader.tsx';
import { appPageFromPath } from './app-page-path.ts';

export interface SubAppChromeProps {
  runtime: PageRuntime;
  lang: Language;
  appCode: string;
  /** Spec §3 `code`, `versionName` and `rootPath`: whose versions the About dialog shows. */
  code: string;
  versionName: string;
  rootPath: string;
  appName?: string | undefined;
  limitUserType?: string | undefined;
  langList: readonly LanguageOption[];
  headerTarget: HTMLElement | null;
  footerTarget: HTMLElement | null;
}

/** Switches the page language: stored for every app, then the page starts again in it (spec §4). */
function switchLanguage(runtime: PageRuntime, next: Language) {
  runtime.storage.setLanguage(next);
  const url = new URL(window.location.href);
  // A `language` parameter would win over the stored choice (spec §4 URL first).
  url.searchParams.delete('language');
  // An address that differs only by its hash would not reload the page; reload it outright.
  if (url.toString() === window.location.href) window.location.reload();
  else window.location.replace(url.toString());
}

/** After an account switch: the app's page for the new user type (spec §2, §4 landing variant). */
function openForSwitchedAccount(runtime: PageRuntime, appCode: string) {
  const userType = runtime.session.getState().me?.userType;
  const page = appPageFromPath(window.location.pathname);
  const screen = page?.fileId.startsWith('mobile_') ? 'mobile' : 'pc';
  const target = appIndexPagePath(appCode, landingVariant(userType), screen);
  window.location.replace(`${target}${page ? window.location.search : ''}`);
}

function subscribeResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}
const screenNow = (): ScreenClass => screenClassOf(window.innerWidth);

export function SubAppChrome(props: SubAppChromeProps) {
  const { runtime, lang, appCode } = props;
  const screen = useSyncExternalStore(subscribeResize, screenNow, () => 'pc' as const);
  const http = useMemo(() => runtime.httpFor(appCode), [runtime, appCode]);
  const versions = useMemo(
    () => ({
      source: { code: props.code, versionName: props.versionName, root: props.rootPath },
    }),
    [props.code, props.versionName, props.rootPath],
  );
  const env: ChromeEnv = {
    variant: 'subapp',
    lang,
    languages: props.langList
      .map((option) => option.id)
      .filter((id) => id === 'zh-CN' || id === 'en'),
    screen,
    session: runtime.session,
    http,
    storage: runtime.storage,
    appCode,
    appName: props.appName,
    limitUserType: props.limitUserType,
    versions,
    switchLanguage: (next) => switchLanguage(runtime, next),
    afterAccountSwitch: () => openForSwitchedAccount(runtime, appCode),
    goTo: (href) => window.location.assign(href),
  };
  return (
    <ChromeContext value={env}>
      {props.headerTarget ? createPortal(<ChromeHeader />, props.headerTarget) : null}
      {props.footerTarget ? createPortal(<ChromeFooter />, props.footerTarget) : null}
      <ChromeDialogs />
    </ChromeContext>
  );
}
