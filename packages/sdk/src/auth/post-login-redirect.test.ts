import { describe, expect, it } from 'vitest';
import type { Envelope } from '@campus/contracts/envelope';
import type { LoginData } from '@campus/contracts/uaa';
import { landingVariant } from '@campus/contracts/user-types';
import {
  classifyLoginResult,
  clientKindFromUserAgent,
  resolvePostLoginTarget,
  safeRedirectTarget,
  stripLoginParams,
  type PostLoginContext,
} from './post-login-redirect.ts';

const ORIGIN = 'http://school.example:8080';
const loginWith = (redirect: string) =>
  `${ORIGIN}/login?redirect_uri=${encodeURIComponent(redirect)}`;
const pc = (pageUrl: string, extra: Partial<PostLoginContext> = {}) =>
  resolvePostLoginTarget({ pageUrl, screen: 'pc', ...extra });

describe('safeRedirectTarget (DESIGN.md §5: no open redirect)', () => {
  it.each([
    ['/desktop/home', '/desktop/home'],
    ['/pages/app/pc_app_tm/index.html?x=1#/route', '/pages/app/pc_app_tm/index.html?x=1#/route'],
    [`${ORIGIN}/desktop/home?a=b`, '/desktop/home?a=b'],
    ['  /desktop/home  ', '/desktop/home'],
  ])('accepts same-origin %j', (raw, expected) => {
    expect(safeRedirectTarget(raw, `${ORIGIN}/login`)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    'http://evil.example/desktop/home',
    '//evil.example/path',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    '/%5Cevil.example/../x\\',
    'https:evil.example',
    'https:/evil.example',
    'javascript:alert(document.cookie)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    `http://school.example:8080@evil.example/`,
    `${ORIGIN}.evil.example/`,
    'http://school.example:9999/desktop/home',
    'https://school.example:8080/desktop/home',
    '/\t/evil.example',
    '/\n/evil.example',
    'desktop/home',
    '../desktop/home',
    '',
    '   ',
  ])('refuses %j', (raw) => {
    expect(safeRedirectTarget(raw, `${ORIGIN}/login`)).toBeNull();
  });

  it('refuses the login pages themselves (nothing to return to)', () => {
    expect(safeRedirectTarget('/login', `${ORIGIN}/login`)).toBeNull();
    expect(safeRedirectTarget('/login/?redirect_uri=/x', `${ORIGIN}/login`)).toBeNull();
  });

  it('accepts an allow-listed host over http(s) only, case-insensitively', () => {
    const allowed = ['apps.school.example'];
    expect(safeRedirectTarget('https://APPS.school.example/x', `${ORIGIN}/login`, allowed)).toBe(
      'https://apps.school.example/x',
    );
    expect(
      safeRedirectTarget('https://apps.school.example.evil.example/', `${ORIGIN}/login`, allowed),
    ).toBeNull();
    expect(
      safeRedirectTarget('https://user:pw@apps.school.example/', `${ORIGIN}/login`, allowed),
    ).toBeNull();
    expect(safeRedirectTarget('//apps.school.example/x', `${ORIGIN}/login`, allowed)).toBeNull();
  });
});

describe('resolvePostLoginTarget (spec §4 "Redirect order after login")', () => {
  it('skips on a settings page (desktop/setting, areaDesktop/setting)', () => {
    expect(pc(`${ORIGIN}/desktop/setting?redirect_uri=%2Fx`)).toBeNull();
    expect(pc(`${ORIGIN}/areaDesktop/setting`)).toBeNull();
  });

  it('honours a safe redirect_uri first', () => {
    expect(pc(loginWith('/pages/cms/pc_cms_tm/index.html'), { loginJumpPage: '/jump' })).toBe(
      '/pages/cms/pc_cms_tm/index.html',
    );
  });

  it('ignores an unsafe redirect_uri and applies the next rule', () => {
    expect(pc(loginWith('https://evil.example/'))).toBe('/desktop/home');
    expect(pc(loginWith('//evil.example'), { loginJumpPage: '/jump' })).toBe('/jump');
    expect(
      resolvePostLoginTarget({ pageUrl: loginWith('javascript:alert(1)'), screen: 'mobile' }),
    ).toBe('/pages/desktop/mobile_desktop_all/index.html');
  });

  it('uses the configured login jump page, a string or a function of the user', () => {
    expect(pc(`${ORIGIN}/login`, { loginJumpPage: '/jump' })).toBe('/jump');
    expect(
      pc(`${ORIGIN}/login`, {
        userType: 3,
        loginJumpPage: ({ userType }) => (userType === 3 ? '/parents' : null),
      }),
    ).toBe('/parents');
    expect(pc(`${ORIGIN}/login`, { userType: 2, loginJumpPage: () => null })).toBe('/desktop/home');
  });

  it('in the chat clients, lands on the app page by user type (2 and 4 tm, others spm)', () => {
    for (const client of ['social-chat', 'enterprise-chat'] as const) {
      expect(pc(`${ORIGIN}/login`, { client, userType: 2 })).toBe(
        '/pages/desktop/pc_desktop_tm/index.html',
      );
      expect(pc(`${ORIGIN}/login`, { client, userType: 4 })).toBe(
        '/pages/desktop/pc_desktop_tm/index.html',
      );
      expect(pc(`${ORIGIN}/login`, { client, userType: 3 })).toBe(
        '/pages/desktop/pc_desktop_spm/index.html',
      );
      expect(pc(`${ORIGIN}/login`, { client, userType: 1 })).toBe(
        '/pages/desktop/pc_desktop_spm/index.html',
      );
    }
  });

  it('otherwise the mobile desktop on mobile and the desktop on PC and iPad', () => {
    expect(resolvePostLoginTarget({ pageUrl: `${ORIGIN}/login`, screen: 'mobile' })).toBe(
      '/pages/desktop/mobile_desktop_all/index.html',
    );
    expect(pc(`${ORIGIN}/login`)).toBe('/desktop/home');
    expect(resolvePostLoginTarget({ pageUrl: `${ORIGIN}/login`, screen: 'ipad' })).toBe(
      '/desktop/home',
    );
  });

  it('helpers: user-agent client kinds and landing variants (spec §6)', () => {
    expect(clientKindFromUserAgent('Mozilla/5.0 MicroMessenger/8.0 wxwork/4.1')).toBe(
      'enterprise-chat',
    );
    expect(clientKindFromUserAgent('Mozilla/5.0 MicroMessenger/8.0')).toBe('social-chat');
    expect(clientKindFromUserAgent('Mozilla/5.0 Chrome/130')).toBe('browser');
    expect([1, 2, 3, 4, undefined].map(landingVariant)).toEqual(['spm', 'tm', 'spm', 'tm', 'spm']);
  });
});

describe('classifyLoginResult (spec §4 "Login result")', () => {
  const data: LoginData = {
    unitType: 2,
    unitId: 'unit-1',
    userType: 2,
    openid: 'o-1',
    unionid: null,
    accessToken: 'at',
    userClientId: 'uc',
  };
  const context = { deviceId: 'dev-1', lang: 'en' as const };

  it('200 with data is success', () => {
    expect(classifyLoginResult({ status: 200, data }, context)).toEqual({ kind: 'success', data });
  });

  it('400 with a code other than invalid_grant and no field errors goes to the bind page', () => {
    const outcome = classifyLoginResult({ status: 400, code: 'not_bound', data }, context);
    expect(outcome.kind).toBe('bind');
    const target = new URL(outcome.kind === 'bind' ? outcome.target : '', ORIGIN);
    expect(target.pathname).toBe('/bind/');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      id: 'unit-1',
      openid: 'o-1',
      unionid: '',
      deviceId: 'dev-1',
    });
  });

  it('400 invalid_grant shows the message in the page language', () => {
    const envelope: Envelope<LoginData> = {
      status: 400,
      code: 'invalid_grant',
      message: '用户名或密码错误|||Wrong user name or password',
    };
    expect(classifyLoginResult(envelope, context)).toEqual({
      kind: 'failure',
      message: 'Wrong user name or password',
    });
    expect(classifyLoginResult(envelope, { ...context, lang: 'zh-CN' })).toEqual({
      kind: 'failure',
      message: '用户名或密码错误',
    });
  });

  it('400 with field errors shows them, not the bind page', () => {
    const envelope: Envelope<LoginData> = {
      status: 400,
      code: 'validation_failed',
      fieldErrors: [
        { field: 'username', message: '用户名不能为空！|||User name cannot be empty!' },
      ],
    };
    expect(classifyLoginResult(envelope, context)).toEqual({
      kind: 'failure',
      message: 'User name cannot be empty!',
    });
  });

  it('any other status shows the message; 200 without data is no success', () => {
    expect(
      classifyLoginResult(
        { status: 429, code: 'account_locked', message: '锁定|||Locked' },
        context,
      ),
    ).toEqual({ kind: 'failure', message: 'Locked' });
    expect(classifyLoginResult({ status: 200 }, context)).toEqual({
      kind: 'failure',
      message: 'Server internal error!',
    });
  });
});

describe('stripLoginParams (spec §2: login parameters stripped when an address is rebuilt)', () => {
  it('removes every listed parameter and keeps the others and the hash', () => {
    const address =
      'http://127.0.0.1:8080/desktop/home?theme=ink&language=en&code=c&state=s&token=t&ticket=k&username=u&password=p&plat=wx&accessToken=a&access_token=b&tab=2#/apps';
    expect(stripLoginParams(address)).toBe('http://127.0.0.1:8080/desktop/home?tab=2#/apps');
  });

  it('leaves an address without them, and an unparseable one, as it is', () => {
    expect(stripLoginParams('http://127.0.0.1:8080/desktop/home')).toBe(
      'http://127.0.0.1:8080/desktop/home',
    );
    expect(stripLoginParams('not a url')).toBe('not a url');
  });
});
