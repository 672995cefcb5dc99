/**
 * Re-renders on language changes of an i18next-like instance. A few lines instead of
 * react-i18next keep the login page inside its weight budget (DESIGN.md §1), and both portal
 * entries then translate the same way.
 */
import { useCallback, useSyncExternalStore } from 'react';

/** The part of an i18next instance this hook needs. */
export interface LanguageSource {
  readonly language: string;
  on(event: 'languageChanged', listener: (lng: string) => void): unknown;
  off(event: 'languageChanged', listener?: (lng: string) => void): unknown;
}

/**
 * The source's current language; the calling component re-renders when it changes.
 *
 * @example
 * const lang = useLanguage(i18next);
 * return <p>{i18next.t('login.title')}</p>;
 */
export function useLanguage(source: LanguageSource): string {
  const subscribe = useCallback(
    (onChange: () => void) => {
      source.on('languageChanged', onChange);
      return () => {
        source.off('languageChanged', onChange);
      };
    },
    [source],
  );
  const read = () => source.language;
  return useSyncExternalStore(subscribe, read, read);
}
