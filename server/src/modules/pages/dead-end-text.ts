/**
 * The dictionary of the server-rendered dead-end pages (issue 10 §4: "this application is not
 * installed yet" and not found), zh-CN and en (spec §1). The pages run no script, so their text
 * is chosen on the server; `{{app}}` is replaced by the app code of the address. The texts are
 * `locales/zh-CN.json` and `locales/en.json`, in the one dictionary format of every front end
 * (i18next JSON, `{{name}}` placeholders; issue 10 §2).
 */
import type { DeadEndLanguage } from './dead-end-page.ts';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

export interface DeadEndText {
  product: string;
  notInstalledTitle: string;
  notInstalledBody: string;
  notInstalledNamedBody: string;
  notFoundTitle: string;
  notFoundBody: string;
  badAddressTitle: string;
  badAddressBody: string;
  addressLabel: string;
  backToDesktop: string;
  /** The link to the other language, written in that language. */
  otherLanguage: string;
  otherLanguageLabel: string;
}

export const DEAD_END_TEXT: Record<DeadEndLanguage, DeadEndText> = {
  'zh-CN': zhCN.deadEnd,
  en: en.deadEnd,
};
