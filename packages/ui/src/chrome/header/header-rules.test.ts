import { describe, expect, it } from 'vitest';
import {
  accountSwitcherVisible,
  bellIndicator,
  childPickerVisible,
  headerShowsUserMessages,
  isDesktopHome,
  languageSwitcherVisible,
  logoutVisible,
  unitDisplayName,
} from './header-rules.ts';

const child = (id: string) => ({ id, realName: id, gradeName: 'G', className: 'C' });

describe('the bell (spec §2 Header, §9: 99+)', () => {
  it('shows the count, capped at 99+', () => {
    expect(bellIndicator(7, 0)).toEqual({ kind: 'count', text: '7' });
    expect(bellIndicator(99, 0)).toEqual({ kind: 'count', text: '99' });
    expect(bellIndicator(100, 0)).toEqual({ kind: 'count', text: '99+' });
    expect(bellIndicator(126, null)).toEqual({ kind: 'count', text: '99+' });
  });

  it('shows a plain dot instead when pcOpen is 1, and nothing without unread messages', () => {
    expect(bellIndicator(126, 1)).toEqual({ kind: 'dot' });
    expect(bellIndicator(1, 1)).toEqual({ kind: 'dot' });
    expect(bellIndicator(0, 1)).toEqual({ kind: 'none' });
    expect(bellIndicator(0, 0)).toEqual({ kind: 'none' });
    expect(bellIndicator(Number.NaN, 0)).toEqual({ kind: 'none' });
  });

  it('lists no user messages in the header on the home desktop (spec §2 /desktop/home)', () => {
    expect(isDesktopHome('/desktop/home')).toBe(true);
    expect(isDesktopHome('/desktop/home/')).toBe(true);
    expect(isDesktopHome('/pages/desktop/mobile_desktop_all/index.html')).toBe(true);
    expect(headerShowsUserMessages('/desktop/home')).toBe(false);
    expect(headerShowsUserMessages('/desktop/setting')).toBe(true);
  });

  it('counts the chat-client landing pages as the home desktop (spec §2, §4 pc_desktop_{tm|spm})', () => {
    for (const variant of ['tm', 'spm']) {
      expect(isDesktopHome(`/pages/desktop/pc_desktop_${variant}/index.html`)).toBe(true);
      expect(isDesktopHome(`/pages/desktop/mobile_desktop_${variant}/index.html`)).toBe(true);
    }
    expect(isDesktopHome('/pages/desktop/pc_desktop_all/index.html')).toBe(true);
  });

  it('shows user messages in a sub-app header (spec §2: only /desktop/home shows none)', () => {
    expect(headerShowsUserMessages('/pages/cms/pc_cms_tm/index.html')).toBe(true);
    expect(headerShowsUserMessages('/pages/cms/mobile_cms_spm/index.html')).toBe(true);
  });
});

describe('which header buttons show', () => {
  it('hides logout in the desktop client and the enterprise-chat client only (spec §2)', () => {
    expect(logoutVisible('browser')).toBe(true);
    expect(logoutVisible('social-chat')).toBe(true);
    expect(logoutVisible('app')).toBe(true);
    expect(logoutVisible('desktop-client')).toBe(false);
    expect(logoutVisible('enterprise-chat')).toBe(false);
  });

  it('shows the account switcher with a linked account, on the desktop or in apps for both 2 and 3 (spec §6)', () => {
    expect(accountSwitcherVisible({ linkedUserId: 'p1', desktopApp: true })).toBe(true);
    expect(accountSwitcherVisible({ linkedUserId: null, desktopApp: true })).toBe(false);
    expect(
      accountSwitcherVisible({ linkedUserId: 'p1', desktopApp: false, limitUserType: '1,2,3,4' }),
    ).toBe(true);
    expect(
      accountSwitcherVisible({ linkedUserId: 'p1', desktopApp: false, limitUserType: '2,4' }),
    ).toBe(false);
    expect(
      accountSwitcherVisible({ linkedUserId: 'p1', desktopApp: false, limitUserType: '3' }),
    ).toBe(false);
    expect(accountSwitcherVisible({ linkedUserId: 'p1', desktopApp: false })).toBe(false);
  });

  it('shows the language switcher only with more than one language (spec §2)', () => {
    expect(languageSwitcherVisible(['zh-CN', 'en'])).toBe(true);
    expect(languageSwitcherVisible(['zh-CN'])).toBe(false);
    expect(languageSwitcherVisible(['en', 'en'])).toBe(false);
    expect(languageSwitcherVisible([])).toBe(false);
  });

  it('shows the child picker to parents with more than one child (spec §2, §6)', () => {
    expect(childPickerVisible({ userType: 3, chirdenList: [child('a'), child('b')] })).toBe(true);
    expect(childPickerVisible({ userType: 3, chirdenList: [child('a')] })).toBe(false);
    expect(childPickerVisible({ userType: 2, chirdenList: [child('a'), child('b')] })).toBe(false);
  });

  it('names the unit in English when the language is en (spec §2)', () => {
    const me = { unitName: '阳光小学', unitEnName: 'Sunshine Primary School' };
    expect(unitDisplayName(me, 'en')).toBe('Sunshine Primary School');
    expect(unitDisplayName(me, 'zh-CN')).toBe('阳光小学');
    expect(unitDisplayName({ ...me, unitEnName: null }, 'en')).toBe('阳光小学');
  });
});
