/**
 * The desktop's dictionaries: the login's (shared words: app, language, footer) and the
 * desktop's own namespaces (desktop, menu, theme, dialogs, pages), which the login page does
 * not load. The namespaces do not overlap, so a shallow merge is the whole dictionary.
 */
import zhCN from '../locales/zh-CN.json';
import desktopZhCN from '../locales/desktop/zh-CN.json';
import type { DictionaryPack } from './i18n.ts';

export const DESKTOP_DICTIONARIES: DictionaryPack = {
  zhCN: { ...zhCN, ...desktopZhCN },
  loadEn: async () => {
    const [en, desktopEn] = await Promise.all([
      import('../locales/en.json'),
      import('../locales/desktop/en.json'),
    ]);
    return { ...en.default, ...desktopEn.default };
  },
};
