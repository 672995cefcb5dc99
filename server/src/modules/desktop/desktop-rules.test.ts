import { describe, expect, it } from 'vitest';
import { themeColorOf, layoutFor } from '@campus/contracts/theme';
import { userTypesOf } from '@campus/contracts/user-types';
import {
  appUnreadCounts,
  appVisibleTo,
  orderIcons,
  parseMessageContent,
  resolveThemeChoice,
  safeHttpUrl,
  safeLink,
} from './desktop-rules.ts';

describe('which apps a user sees (spec §3 updateStatus, §6)', () => {
  const app = (code: string, limitUserType: string, updateStatus = 1) => ({
    code,
    limitUserType,
    updateStatus,
  });
  const teacherAtSchool = { userType: 2, unitType: 2 };

  it('reads user-type lists, skipping junk', () => {
    expect(userTypesOf('1, 2,x,,4')).toEqual([1, 2, 4]);
  });

  it('hides apps with updateStatus 0 and apps not meant for the user type', () => {
    expect(appVisibleTo(app('cms', '1,2,3,4'), teacherAtSchool)).toBe(true);
    expect(appVisibleTo(app('survey', '1,2,3,4', 0), teacherAtSchool)).toBe(false);
    expect(appVisibleTo(app('asset', '1,4'), teacherAtSchool)).toBe(false);
    expect(appVisibleTo(app('growth', '2,3'), { userType: 3, unitType: 2 })).toBe(true);
  });

  it('shows base and edu only when the unit is a school', () => {
    expect(appVisibleTo(app('base', '1,2,4'), { userType: 1, unitType: 2 })).toBe(true);
    expect(appVisibleTo(app('base', '1,2,4'), { userType: 1, unitType: 1 })).toBe(false);
    expect(appVisibleTo(app('edu', '1,2,4'), { userType: 2, unitType: 1 })).toBe(false);
    expect(appVisibleTo(app('cms', '1,2,4'), { userType: 1, unitType: 1 })).toBe(true);
  });
});

describe("an app's unread count (spec §3 unReadCodeCount, issue 13 §4 badges)", () => {
  it("takes the app's badge over its unread messages, and the messages' count without one", () => {
    const messages = [
      { module: 'cms', count: 2 },
      { module: 'leave', count: 3 },
    ];
    const badges = new Map([
      ['cms', 5],
      ['exam', 0],
    ]);
    expect(Object.fromEntries(appUnreadCounts(messages, badges))).toEqual({
      cms: 5,
      leave: 3,
      exam: 0,
    });
    expect(Object.fromEntries(appUnreadCounts(messages, new Map()))).toEqual({ cms: 2, leave: 3 });
  });
});

describe('icon order (spec §2, §6 drag)', () => {
  const apps = [
    { code: 'a', sort: 1 },
    { code: 'b', sort: 2 },
    { code: 'c', sort: 3 },
    { code: 'd', sort: 4 },
  ];

  it('puts saved positions first, the rest after in their default order', () => {
    const order = new Map([
      ['c', 0],
      ['a', 1],
    ]);
    expect(orderIcons(apps, order).map((a) => a.code)).toEqual(['c', 'a', 'b', 'd']);
    expect(orderIcons(apps, new Map()).map((a) => a.code)).toEqual(['a', 'b', 'c', 'd']);
    expect(apps.map((a) => a.code)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('theme choices (spec §2 Theme dialog, §3 colours, §4 Layout)', () => {
  it('gives named themes their colour and the top layout', () => {
    expect(resolveThemeChoice('ink', 'left')).toEqual({
      theme: 'ink',
      themeColor: '#A9947F',
      layout: 'top',
    });
    expect(resolveThemeChoice('cartoon', undefined)?.layout).toBe('top');
  });

  it('gives swatches their colour and keeps the requested (or current) layout', () => {
    expect(resolveThemeChoice('siroBlue', 'left')).toEqual({
      theme: 'siroBlue',
      themeColor: '#2B4C8C',
      layout: 'left',
    });
    expect(resolveThemeChoice('red', undefined)?.layout).toBeUndefined();
  });

  it('saves a custom colour as upper-case #RRGGBB without a theme name', () => {
    expect(resolveThemeChoice('#fa0', 'top')).toEqual({
      theme: null,
      themeColor: '#FFAA00',
      layout: 'top',
    });
    expect(resolveThemeChoice('#1e88e5', undefined)?.themeColor).toBe('#1E88E5');
  });

  it('refuses anything else', () => {
    for (const theme of ['purple', '#12345', 'red;', 'constructor', '__proto__', 'INK', '']) {
      expect(resolveThemeChoice(theme, undefined), theme).toBeNull();
    }
  });

  it('saves what the page theme rules read back unchanged', () => {
    for (const theme of ['ink', 'lotus', 'cartoon', 'red', 'blue', 'siroBlue', 'green', '#abc']) {
      const choice = resolveThemeChoice(theme, 'left');
      expect(choice).not.toBeNull();
      expect(themeColorOf(choice?.theme, choice?.themeColor), theme).toBe(choice?.themeColor);
      expect(layoutFor(choice?.theme, choice?.layout), theme).toBe(choice?.layout);
    }
  });
});

describe('links that may leave the server', () => {
  it('keeps http(s) URLs without credentials only', () => {
    expect(safeHttpUrl('https://sso.example/login?x=1')).toBe('https://sso.example/login?x=1');
    expect(safeHttpUrl(' http://sso.example ')).toBe('http://sso.example/');
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      '/local',
      'https://u:p@x.example/',
    ]) {
      expect(safeHttpUrl(bad), bad).toBeNull();
    }
    expect(safeHttpUrl(null)).toBeNull();
  });

  it('keeps same-origin paths too, but not protocol-relative or backslashed ones', () => {
    expect(safeLink('/pages/cms/pc_cms_tm/index.html#/notice/list')).toBe(
      '/pages/cms/pc_cms_tm/index.html#/notice/list',
    );
    expect(safeLink('https://x.example/a')).toBe('https://x.example/a');
    for (const bad of ['//evil.example/', '/\\evil.example', '/a\nb', 'javascript:x', 'relative']) {
      expect(safeLink(bad), bad).toBeNull();
    }
  });
});

describe('message content (spec §3: JSON array of modules with code, endTime)', () => {
  const names = new Map([['cms', { name: '信息发布', englishName: 'News and Notices' }]]);

  it('parses the module list and names known apps', () => {
    expect(
      parseMessageContent(
        JSON.stringify([
          { code: 'cms', endTime: 5 },
          { code: 'other', endTime: '7' },
        ]),
        names,
      ),
    ).toEqual([
      { code: 'cms', endTime: 5, name: '信息发布', englishName: 'News and Notices' },
      { code: 'other', endTime: 7, name: null, englishName: null },
    ]);
  });

  it('drops broken entries and gives null for no or unparseable content', () => {
    expect(
      parseMessageContent(
        JSON.stringify([{ code: '', endTime: 1 }, { endTime: 1 }, { code: 'x' }, 3, null]),
        names,
      ),
    ).toEqual([]);
    expect(parseMessageContent(null, names)).toBeNull();
    expect(parseMessageContent('{not json', names)).toBeNull();
    expect(parseMessageContent('{"code":"cms"}', names)).toBeNull();
  });
});
