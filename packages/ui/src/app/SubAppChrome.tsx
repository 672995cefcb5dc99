/**
 * A sub-app page's chrome (spec §1 "the same … header", §2 Header, Footer): the desktop's
 * header and footer, from the shared runtime (loaded once per page), into `#page-header` and
 * `#page-footer`, and the chrome's dialogs. What differs from the desktop is only how the page
 * reacts: a language switch starts the page again in the new language (spec §4), and an account
 * switch opens the app again through its redirect path (spec §2 `/{app}`), which leads to the
 * tm or spm page of the other account's type.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import type { Language } from '@campus/sdk/language';
import type { LanguageOption } from '@campus/sdk/language-loader';
import type { PageRuntime } from '@campus/sdk/page-runtime';
import { screenClassOf, type ScreenClass } from '@campus/sdk/screen';
import { ChromeDialogs } from '../chrome/ChromeDialogs.tsx';
import { ChromeContext, type ChromeEnv } from '../chrome/chrome-env.ts';
import { ChromeFooter } from '../chrome/footer/ChromeFooter.tsx';
import { ChromeHeader } from '../chrome/header/ChromeHeader.tsx';

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
    afterAccountSwitch: () => window.location.replace(`/${appCode}`),
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
