/**
 * The light header of sub-app pages (spec §2: mounted into #page-header): unit logo and name
 * (the English name in en), the app's name, the welcome line, the way back to the desktop, the
 * language switcher (only when more than one language is listed) and logout. The full desktop
 * header (messages, themes, children, account switch) is the desktop shell's.
 */
import { DESKTOP_PATH, LOGIN_PATH } from '@campus/contracts/pages';
import { unitLogoUrl } from '@campus/contracts/storage';
import type { Language } from '@campus/sdk/language';
import type { LanguageOption } from '@campus/sdk/language-loader';
import type { PageRuntime } from '@campus/sdk/page-runtime';
import { useSession } from '../hooks/useSession.ts';
import { shellText } from '../i18n/shell-messages.ts';
import '../components/shell.css';

export interface AppHeaderProps {
  runtime: PageRuntime;
  lang: Language;
  appName?: string | undefined;
  langList: readonly LanguageOption[];
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

export function AppHeader({ runtime, lang, appName, langList }: AppHeaderProps) {
  const { me } = useSession(runtime.session);
  const others = langList.filter((option) => option.id !== lang);
  const next = others[0];
  const unitName = me ? (lang === 'en' && me.unitEnName ? me.unitEnName : me.unitName) : '';
  const logout = async () => {
    await runtime.session.logout();
    window.location.replace(LOGIN_PATH);
  };
  return (
    <header className="ph-app-header" data-testid="appHeader">
      {me ? <img className="ph-app-header__logo" src={unitLogoUrl(me.unitId)} alt="" /> : null}
      <span className="ph-app-header__unit" data-testid="appHeader.unit">
        {unitName}
      </span>
      {appName ? (
        <span className="ph-app-header__app" data-testid="appHeader.app">
          {appName}
        </span>
      ) : null}
      <span className="ph-app-header__spacer" />
      {me ? (
        <span className="ph-app-header__welcome" data-testid="appHeader.welcome">
          {shellText(lang, 'shell.welcome', { name: me.realName })}
        </span>
      ) : null}
      <a className="ph-button" href={DESKTOP_PATH} data-testid="appHeader.home">
        {shellText(lang, 'shell.home')}
      </a>
      {langList.length > 1 && next && (next.id === 'en' || next.id === 'zh-CN') ? (
        <button
          type="button"
          className="ph-button"
          // Issue 10 §5: the name is the visible language name; what it does is the title.
          title={shellText(lang, 'shell.language')}
          data-testid="appHeader.language"
          onClick={() => switchLanguage(runtime, next.id as Language)}
        >
          {next.name}
        </button>
      ) : null}
      <button
        type="button"
        className="ph-button"
        data-testid="appHeader.logout"
        onClick={() => void logout()}
      >
        {shellText(lang, 'shell.logout')}
      </button>
    </header>
  );
}
