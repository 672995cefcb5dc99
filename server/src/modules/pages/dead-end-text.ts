/**
 * The dictionary of the server-rendered dead-end pages (issue 10 §4: "this application is not
 * installed yet" and not found), zh-CN and en (spec §1). The pages run no script, so their text
 * is chosen on the server; `{app}` is replaced by the app code of the address.
 */
import type { DeadEndLanguage } from './dead-end-page.ts';

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
  'zh-CN': {
    product: '智慧校园门户',
    notInstalledTitle: '此应用尚未安装',
    notInstalledBody: '该应用还没有部署到本平台。请稍后再试，或联系学校的平台管理员。',
    notInstalledNamedBody: '应用“{app}”还没有部署到本平台。请稍后再试，或联系学校的平台管理员。',
    notFoundTitle: '页面不存在',
    notFoundBody: '您访问的地址没有对应的页面，可能已被移动或输入有误。',
    badAddressTitle: '地址无法识别',
    badAddressBody: '您访问的地址格式有误，请检查后重试。',
    addressLabel: '访问地址',
    backToDesktop: '返回桌面',
    otherLanguage: 'English',
    otherLanguageLabel: 'Show this page in English',
  },
  en: {
    product: 'Campus Portal',
    notInstalledTitle: 'This application is not installed yet',
    notInstalledBody:
      "This application has not been deployed on the portal yet. Please try again later, or ask your school's portal administrator.",
    notInstalledNamedBody:
      'The application "{app}" has not been deployed on the portal yet. Please try again later, or ask your school\'s portal administrator.',
    notFoundTitle: 'Page not found',
    notFoundBody:
      'There is no page at this address. It may have moved, or the address may be mistyped.',
    badAddressTitle: 'This address cannot be read',
    badAddressBody: 'The address is malformed. Please check it and try again.',
    addressLabel: 'Address',
    backToDesktop: 'Back to the desktop',
    otherLanguage: '中文',
    otherLanguageLabel: '以中文显示此页面',
  },
};
