import type { Language } from '@campus/sdk/language';
import { switchLanguage } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/useTranslation.ts';
import { Icon } from '../shared/Icon.tsx';
import { useRuntime } from '../shared/useRuntime.ts';

/** Toggles zh-CN and en (spec §4); the choice is kept under `lange_`. */
export function LanguageSwitch() {
  const { t, lang } = useTranslation();
  const { storage } = useRuntime();
  const next: Language = lang === 'en' ? 'zh-CN' : 'en';
  return (
    <button
      type="button"
      className="lp-lang"
      data-testid="login.lang"
      lang={next}
      aria-label={t('lang.switchLabel')}
      onClick={() => void switchLanguage(next, storage)}
    >
      <Icon name="globe" size={16} />
      <span>{t('lang.switchTo')}</span>
    </button>
  );
}
