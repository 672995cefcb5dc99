/**
 * The ui package's own dictionary. Shared components ship inside sub-applications that may
 * not load the portal's language files, so their few strings travel with them (STYLE.md: every
 * visible string in zh-CN and en).
 */
import { normalizeLanguage, type Language } from '@campus/sdk/language';

const zhCN = {
  'noData.text': '暂无数据',
  'notFound.title': '页面不存在',
  'notFound.text': '您访问的页面不存在，或您没有访问权限。',
  'notFound.home': '返回桌面',
  'viewport.loading': '正在加载应用…',
  'viewport.errorTitle': '应用加载失败',
  'viewport.errorText': '请检查网络连接后重试。如果问题仍然存在，请联系管理员。',
  'viewport.retry': '重试',
  'common.loading': '加载中…',
  'dialog.close': '关闭',
  'dialog.confirm': '确定',
  'dialog.cancel': '取消',
  'picker.trigger': '颜色和字体',
  'picker.sample': '字',
  'picker.colour': '颜色',
  'picker.customColour': '自定义颜色',
  'picker.swatches': '常用颜色',
  'picker.fontSize': '字号',
  'picker.fontFamily': '字体',
  'font.simSun': '宋体',
  'font.kaiTi': '楷体',
  'font.microsoftYaHei': '微软雅黑',
  'font.simHei': '黑体',
  'font.liSu': '隶书',
  'font.stXingkai': '华文行楷',
  'card.more': '更多',
  'scroll.finished': '没有更多了',
} as const;

/** A key of the ui dictionary. */
export type UiMessageKey = keyof typeof zhCN;

/** Every ui string in both languages; the key sets are identical (checked by a test). */
export const uiMessages: Readonly<Record<Language, Readonly<Record<UiMessageKey, string>>>> = {
  'zh-CN': zhCN,
  en: {
    'noData.text': 'No data',
    'notFound.title': 'Page not found',
    'notFound.text': 'The page does not exist, or you do not have access to it.',
    'notFound.home': 'Back to desktop',
    'viewport.loading': 'Loading the application…',
    'viewport.errorTitle': 'The application could not be loaded',
    'viewport.errorText':
      'Check your network connection and try again. If the problem persists, contact the administrator.',
    'viewport.retry': 'Try again',
    'common.loading': 'Loading…',
    'dialog.close': 'Close',
    'dialog.confirm': 'OK',
    'dialog.cancel': 'Cancel',
    'picker.trigger': 'Colour and font',
    'picker.sample': 'Aa',
    'picker.colour': 'Colour',
    'picker.customColour': 'Custom colour',
    'picker.swatches': 'Preset colours',
    'picker.fontSize': 'Font size',
    'picker.fontFamily': 'Font family',
    'font.simSun': 'SimSun',
    'font.kaiTi': 'KaiTi',
    'font.microsoftYaHei': 'Microsoft YaHei',
    'font.simHei': 'SimHei',
    'font.liSu': 'LiSu',
    'font.stXingkai': 'STXingkai',
    'card.more': 'More',
    'scroll.finished': 'No more items',
  },
};

/**
 * The ui string for `key` in `lang`. Any language other than zh-CN and en falls back to zh-CN
 * (spec §1), so the value of `useLanguage` can be passed as it is.
 *
 * @example
 * uiText('en', 'noData.text'); // 'No data'
 * uiText('fr', 'noData.text'); // '暂无数据'
 */
export function uiText(lang: string | null | undefined, key: UiMessageKey): string {
  return uiMessages[normalizeLanguage(lang)][key];
}
