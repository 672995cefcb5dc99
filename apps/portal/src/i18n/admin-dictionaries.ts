/**
 * The admin console's dictionaries (issue 13 §1): the login's (shared words: app, language) and
 * the console's own namespace (`admin`), which neither the login page nor the desktop loads. The
 * namespaces do not overlap, so a shallow merge is the whole dictionary.
 */
import zhCN from '../locales/zh-CN.json';
import adminZhCN from '../locales/admin/zh-CN.json';
import type { DictionaryPack } from './i18n.ts';

export const ADMIN_DICTIONARIES: DictionaryPack = {
  zhCN: { ...zhCN, ...adminZhCN },
  loadEn: async () => {
    const [en, adminEn] = await Promise.all([
      import('../locales/en.json'),
      import('../locales/admin/en.json'),
    ]);
    return { ...en.default, ...adminEn.default };
  },
};
