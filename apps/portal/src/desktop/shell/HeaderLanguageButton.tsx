import { Button } from 'antd';
import type { Language } from '@campus/sdk/language';
import { switchLanguage } from '../../i18n/i18n.ts';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { Icon } from '../../shared/Icon.tsx';
import { useRuntime } from '../../shared/useRuntime.ts';

/** The header's language switcher (spec §2 Header): zh-CN ⇄ en. */
export function HeaderLanguageButton() {
  const { t, lang } = useTranslation();
  const { storage } = useRuntime();
  const next: Language = lang === 'en' ? 'zh-CN' : 'en';
  return (
    <Button
      type="text"
      className="dt-header__button"
      data-testid="header.lang"
      lang={next}
      aria-label={t('lang.switchLabel')}
      icon={<Icon name="globe" size={16} />}
      onClick={() => void switchLanguage(next, storage)}
    >
      <span className="dt-header__button-label">{t('lang.switchTo')}</span>
    </Button>
  );
}
