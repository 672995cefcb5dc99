import { describe, expect, it } from 'vitest';
import { isOldIE } from '@campus/contracts/old-browser';
import { CLIENT_KINDS, clientKindFromUserAgent, detectPlatform } from './platform.ts';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const WXWORK = `${CHROME} MicroMessenger/7.0.1 wxwork/4.1.30 MailPlugin_Electron WeMail embeddisk`;
const WECHAT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) MicroMessenger/8.0.47';
const DESKTOP = `${CHROME} Electron/30.0.0 CampusDesktop/1.4.0`;
const APP = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126 Mobile CampusApp/2.1';

describe('clientKindFromUserAgent (spec §1: the five clients)', () => {
  it.each([
    ['an ordinary browser', CHROME, 'browser'],
    ['the enterprise-chat client (wxwork, with MicroMessenger too)', WXWORK, 'enterprise-chat'],
    ['the social-chat client (MicroMessenger without wxwork)', WECHAT, 'social-chat'],
    ['the desktop client (CampusDesktop/ token)', DESKTOP, 'desktop-client'],
    ['the embedded app (CampusApp/ token)', APP, 'app'],
    ['upper-case tokens', 'X WXWORK/1', 'enterprise-chat'],
  ])('spec §1: %s', (_label, ua, expected) => {
    expect(clientKindFromUserAgent(ua)).toBe(expected);
  });

  it('spec §1, §2: Electron alone is not the desktop client', () => {
    expect(clientKindFromUserAgent(`${CHROME} Electron/30.0.0`)).toBe('browser');
  });
});

describe('detectPlatform (spec §3 paltformModel, default browser; §4 read from the URL)', () => {
  it('spec §3: without paltformModel the user agent decides', () => {
    expect(detectPlatform(WECHAT)).toBe('social-chat');
    expect(detectPlatform(CHROME, null)).toBe('browser');
    expect(detectPlatform(CHROME, '')).toBe('browser');
  });

  it.each(CLIENT_KINDS)('spec §3: paltformModel=%s overrides the user agent', (kind) => {
    expect(detectPlatform(WXWORK, kind)).toBe(kind);
    expect(detectPlatform(CHROME, ` ${kind} `)).toBe(kind);
  });

  it('spec §3: an unknown paltformModel is ignored', () => {
    expect(detectPlatform(WECHAT, 'ios')).toBe('social-chat');
    expect(detectPlatform(CHROME, 'App')).toBe('browser');
  });
});

describe('isOldIE (spec §1, §8: IE 6 to 8 get the upgrade page)', () => {
  it.each([
    ['IE 6', 'Mozilla/4.0 (compatible; MSIE 6.0; Windows NT 5.1; SV1)'],
    ['IE 7', 'Mozilla/4.0 (compatible; MSIE 7.0; Windows NT 6.0)'],
    ['IE 8', 'Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0)'],
    [
      'IE 8 in compatibility view',
      'Mozilla/4.0 (compatible; MSIE 7.0; Windows NT 6.1; Trident/4.0)',
    ],
    ['IE 5.5', 'Mozilla/4.0 (compatible; MSIE 5.5; Windows 98)'],
  ])('spec §1: %s is old', (_label, ua) => {
    expect(isOldIE(ua)).toBe(true);
  });

  it.each([
    ['IE 9', 'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)'],
    ['IE 10', 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)'],
    [
      'IE 9 in compatibility view',
      'Mozilla/4.0 (compatible; MSIE 7.0; Windows NT 6.1; Trident/5.0)',
    ],
    ['IE 11', 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko'],
    [
      'Edge (EdgeHTML)',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0 Safari/537.36 Edge/18.17763',
    ],
    ['Edge (Chromium)', `${CHROME} Edg/130.0.0.0`],
    ['Chrome', CHROME],
    ['empty', ''],
  ])('spec §1: %s is not', (_label, ua) => {
    expect(isOldIE(ua)).toBe(false);
  });

  it('spec §1: the document mode, when given, is what the page really renders in', () => {
    const ie9Compat = 'Mozilla/4.0 (compatible; MSIE 7.0; Windows NT 6.1; Trident/5.0)';
    expect(isOldIE(ie9Compat, 7)).toBe(true);
    expect(isOldIE(ie9Compat, 9)).toBe(false);
    expect(isOldIE('Mozilla/4.0 (compatible; MSIE 8.0; Trident/4.0)', 8)).toBe(true);
    expect(isOldIE(CHROME, 5)).toBe(false);
  });
});
