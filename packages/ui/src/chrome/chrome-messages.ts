/**
 * The chrome's strings (spec §2 Header, Other dialogs, Footer, About dialog), in both languages.
 * The chrome is the same on the desktop and in every sub-app (spec §1), and a sub-app page may
 * not load the portal's dictionaries, so its strings travel with it, as the ui dictionary's do.
 */
import { normalizeLanguage, type Language } from '@campus/sdk/language';

const zhCN = {
  'lang.switchTo': 'English',
  'lang.switchLabel': 'Switch to English',
  'footer.filing': '备案信息',
  'footer.opensInNewTab': '（在新标签页中打开）',
  'footer.copyrightDefault': 'Copyright © {year} 校园门户 版权所有',
  'footer.help': '帮助中心',
  'footer.version': '版本信息',
  'header.welcome': '欢迎您，{name}',
  'header.logout': '退出',
  'header.logoAlt': '{name}标志',
  'header.bell': '消息',
  'header.bellCount': '{count} 条未读消息',
  'header.bellDot': '有未读消息',
  'header.messagesTitle': '未读消息',
  'header.messagesEmpty': '暂无未读消息',
  'header.messagesAll': '查看全部',
  'header.home': '桌面首页',
  'header.chooseChild': '选择孩子',
  'header.theme': '主题',
  'header.fullscreen': '全屏',
  'header.exitFullscreen': '退出全屏',
  'header.switchToTeacher': '切换到教师账号',
  'header.switchToParent': '切换到家长账号',
  'header.switchToLinked': '切换关联账号',
  'header.devSwitch': '切换账号（开发）',
  'header.more': '更多',
  'header.actions': '页头操作',
  'logout.title': '退出登录',
  'logout.message': '确定要退出当前账号吗？',
  'logout.confirm': '退出',
  'logout.cancel': '取消',
  'about.title': '关于',
  'about.company': '校园门户',
  'about.tagline': '学校和教育局的一站式门户',
  'about.logoAlt': '校园门户标志',
  'about.copyright': 'Copyright © {year} {company} 版权所有',
  'about.releases': '版本记录',
  'about.noVersion': '暂无版本信息',
  'about.frontend': '前端版本：{version}，所需服务端版本：{server}，打包日期：{date}',
  'about.server': '服务端版本：{version}，所需前端版本：{web}，日期：{date}',
  'about.serverUnknown': '服务端版本：未知',
  'about.unknown': '未知',
  'about.loading': '正在加载版本信息…',
  'about.close': '关闭',
  'dialogs.common.close': '关闭',
  'dialogs.messages.title': '消息提醒',
  'dialogs.messages.count': '{count} 条未读',
  'dialogs.messages.empty': '没有未读消息',
  'dialogs.messages.ignore': '忽略',
  'dialogs.messages.ignoreLabel': '忽略消息：{text}',
  'dialogs.messages.ignoreAll': '全部忽略',
  'dialogs.messages.ignoreAllDone': '全部忽略成功！',
  'dialogs.messages.importance.1': '一般',
  'dialogs.messages.importance.2': '普通',
  'dialogs.messages.importance.3': '重要',
  'dialogs.messages.importance.4': '紧急',
  'dialogs.messages.importance.5': '非常紧急',
  'dialogs.child.title': '选择孩子',
  'dialogs.child.empty': '没有找到您的孩子',
  'dialogs.child.name': '姓名',
  'dialogs.child.grade': '年级',
  'dialogs.child.class': '班级',
  'dialogs.child.action': '操作',
  'dialogs.child.current': '当前',
  'dialogs.child.enter': '进入',
  'dialogs.child.enterLabel': '进入 {name}',
  'dialogs.child.entered': '已切换到 {name}',
  'header.app': '当前应用',
} as const;

/** A key of the chrome dictionary. */
export type ChromeMessageKey = keyof typeof zhCN;

export const chromeMessages: Readonly<
  Record<Language, Readonly<Record<ChromeMessageKey, string>>>
> = {
  'zh-CN': zhCN,
  en: {
    'lang.switchTo': '中文',
    'lang.switchLabel': '切换到中文',
    'footer.filing': 'Filing information',
    'footer.opensInNewTab': '(opens in a new tab)',
    'footer.copyrightDefault': 'Copyright © {year} Campus Portal. All rights reserved.',
    'footer.help': 'Help centre',
    'footer.version': 'Version info',
    'header.welcome': 'Welcome, {name}',
    'header.logout': 'Sign out',
    'header.logoAlt': '{name} logo',
    'header.bell': 'Messages',
    'header.bellCount': '{count} unread messages',
    'header.bellDot': 'You have unread messages',
    'header.messagesTitle': 'Unread messages',
    'header.messagesEmpty': 'No unread messages',
    'header.messagesAll': 'View all',
    'header.home': 'Desktop home',
    'header.chooseChild': 'Choose a child',
    'header.theme': 'Theme',
    'header.fullscreen': 'Full screen',
    'header.exitFullscreen': 'Exit full screen',
    'header.switchToTeacher': 'Switch to the teacher account',
    'header.switchToParent': 'Switch to the parent account',
    'header.switchToLinked': 'Switch to the linked account',
    'header.devSwitch': 'Switch account (dev)',
    'header.more': 'More',
    'header.actions': 'Header actions',
    'logout.title': 'Sign out',
    'logout.message': 'Are you sure you want to sign out?',
    'logout.confirm': 'Sign out',
    'logout.cancel': 'Cancel',
    'about.title': 'About',
    'about.company': 'Campus Portal',
    'about.tagline': 'One portal for schools and education bureaus',
    'about.logoAlt': 'Campus Portal logo',
    'about.copyright': 'Copyright © {year} {company}. All rights reserved.',
    'about.releases': 'Release notes',
    'about.noVersion': 'No version info',
    'about.frontend':
      'Front-end version: {version} · Requires server version: {server} · Packaged: {date}',
    'about.server': 'Server version: {version} · Requires front-end version: {web} · Date: {date}',
    'about.serverUnknown': 'Server version: unknown',
    'about.unknown': 'unknown',
    'about.loading': 'Loading version info…',
    'about.close': 'Close',
    'dialogs.common.close': 'Close',
    'dialogs.messages.title': 'Messages',
    'dialogs.messages.count': '{count} unread',
    'dialogs.messages.empty': 'No unread messages',
    'dialogs.messages.ignore': 'Ignore',
    'dialogs.messages.ignoreLabel': 'Ignore message: {text}',
    'dialogs.messages.ignoreAll': 'Ignore all',
    'dialogs.messages.ignoreAllDone': 'All ignored successfully!',
    'dialogs.messages.importance.1': 'Low',
    'dialogs.messages.importance.2': 'Normal',
    'dialogs.messages.importance.3': 'Important',
    'dialogs.messages.importance.4': 'Urgent',
    'dialogs.messages.importance.5': 'Critical',
    'dialogs.child.title': 'Choose a child',
    'dialogs.child.empty': 'No children found',
    'dialogs.child.name': 'Name',
    'dialogs.child.grade': 'Grade',
    'dialogs.child.class': 'Class',
    'dialogs.child.action': 'Action',
    'dialogs.child.current': 'Current',
    'dialogs.child.enter': 'Enter',
    'dialogs.child.enterLabel': 'Enter as {name}',
    'dialogs.child.entered': 'Now viewing {name}',
    'header.app': 'Current app',
  },
};

/**
 * The chrome string for `key`, `{name}` placeholders filled; other languages fall back to zh-CN
 * (spec §1).
 *
 * @example chromeText('en', 'header.welcome', { name: 'Li Wei' }) // 'Welcome, Li Wei'
 */
export function chromeText(
  lang: string | null | undefined,
  key: ChromeMessageKey,
  vars: Readonly<Record<string, string | number>> = {},
): string {
  return chromeMessages[normalizeLanguage(lang)][key].replace(
    /\{(\w+)\}/g,
    (whole, name: string) => (Object.hasOwn(vars, name) ? String(vars[name]) : whole),
  );
}

/** `t()` of the chrome in one language. */
export type ChromeTranslate = (
  key: ChromeMessageKey,
  vars?: Readonly<Record<string, string | number>>,
) => string;

/** The chrome's `t()` for `lang`. */
export function chromeTranslator(lang: Language): ChromeTranslate {
  return (key, vars) => chromeText(lang, key, vars);
}
