/**
 * Strings of the sub-app shell (the light header, the licence dialog, loading and start-up
 * failure, notifications), in both languages: the `shell.*` and `licence.*` entries of the ui
 * dictionary (`locales/*.json`), what every sub-app page shows before its own strings load.
 */
import type { Language } from '@campus/sdk/language';
import { flatTexts, uiT, type UiKey } from './ui-messages.ts';

/** A key of the shell's part of the ui dictionary. */
export type ShellMessageKey = Extract<UiKey, `shell.${string}` | `licence.${string}`>;

const isShellMessageKey = (key: string): key is ShellMessageKey =>
  key.startsWith('shell.') || key.startsWith('licence.');

export const shellMessages: Readonly<Record<Language, Readonly<Record<ShellMessageKey, string>>>> =
  {
    'zh-CN': /* @__PURE__ */ flatTexts('zh-CN', isShellMessageKey),
    en: /* @__PURE__ */ flatTexts('en', isShellMessageKey),
  };

/**
 * The shell string for `key` (`uiT(lang)(key, vars)`); other languages fall back to zh-CN
 * (spec §1).
 *
 * @example shellText('en', 'shell.welcome', { name: 'Li Wei' }) // 'Welcome, Li Wei'
 */
export function shellText(
  lang: string | null | undefined,
  key: ShellMessageKey,
  vars: Readonly<Record<string, string>> = {},
): string {
  return uiT(lang)(key, vars);
}
