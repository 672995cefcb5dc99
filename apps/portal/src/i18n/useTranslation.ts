import { useLanguage } from '@campus/ui/useLanguage';
import type { Language } from '@campus/sdk/language';
import { currentLanguage, t, translator } from './i18n.ts';

/**
 * The translate function and current language; re-renders the component on a switch.
 *
 * @example
 * const { t, lang } = useTranslation();
 * return <button>{t('login.submit')}</button>;
 */
export function useTranslation(): { t: typeof t; lang: Language } {
  useLanguage(translator());
  return { t, lang: currentLanguage() };
}
