/**
 * Strings of the sub-app shell (the light header, the licence dialog, loading and start-up
 * failure, notifications), in both languages. Kept beside the ui dictionary rather than in it
 * because the shell is what every sub-app page shows before its own strings are loaded.
 */
import { normalizeLanguage, type Language } from '@campus/sdk/language';

const zhCN = {
  'shell.home': '返回桌面',
  'shell.language': '切换语言',
  'shell.logout': '退出登录',
  'shell.welcome': '欢迎您，{name}',
  'shell.loading': '正在加载…',
  'shell.startFailed': '应用启动失败，请刷新页面重试。',
  'shell.retry': '重试',
  'shell.close': '关闭',
  'licence.title': '模块已过期',
} as const;

/** A key of the shell dictionary. */
export type ShellMessageKey = keyof typeof zhCN;

export const shellMessages: Readonly<Record<Language, Readonly<Record<ShellMessageKey, string>>>> =
  {
    'zh-CN': zhCN,
    en: {
      'shell.home': 'Back to desktop',
      'shell.language': 'Switch language',
      'shell.logout': 'Log out',
      'shell.welcome': 'Welcome, {name}',
      'shell.loading': 'Loading…',
      'shell.startFailed': 'The app could not start. Please reload the page.',
      'shell.retry': 'Retry',
      'shell.close': 'Close',
      'licence.title': 'Module expired',
    },
  };

/**
 * The shell string for `key`; other languages fall back to zh-CN (spec §1).
 *
 * @example shellText('en', 'shell.welcome', { name: 'Li Wei' }) // 'Welcome, Li Wei'
 */
export function shellText(
  lang: string | null | undefined,
  key: ShellMessageKey,
  vars: Readonly<Record<string, string>> = {},
): string {
  return shellMessages[normalizeLanguage(lang)][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? (vars[name] ?? whole) : whole,
  );
}
