import { describe, expect, it } from 'vitest';
import { SocialProviderClient } from './provider-client.ts';
import { safeReturnPath } from './social.service.ts';

describe('safeReturnPath', () => {
  it('keeps a path of this site', () => {
    expect(safeReturnPath('/desktop/home?a=1#x')).toBe('/desktop/home?a=1#x');
  });
  it('drops other sites and odd forms', () => {
    for (const bad of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'desk', '']) {
      expect(safeReturnPath(bad)).toBeNull();
    }
    expect(safeReturnPath(undefined)).toBeNull();
  });
});

describe('SocialProviderClient addresses', () => {
  const client = new SocialProviderClient({
    wecomApi: 'http://api.test',
    wecomLogin: 'http://login.test/base',
    wechatApi: 'http://wx.test',
    wechatOauth: 'http://open.test',
  });
  const qy = {
    id: '1',
    unitId: 'u',
    type: 'qy' as const,
    appId: 'corp',
    agentId: '7',
    secret: 's',
  };
  it('builds the WeCom OAuth page with the agent id and the wechat_redirect fragment', () => {
    const url = new URL(client.authorizeUrl(qy, 'http://portal.test/login', 'st'));
    expect(`${url.origin}${url.pathname}`).toBe('http://open.test/connect/oauth2/authorize');
    expect(url.searchParams.get('agentid')).toBe('7');
    expect(url.searchParams.get('scope')).toBe('snsapi_base');
    expect(url.hash).toBe('#wechat_redirect');
  });
  it('keeps a base URL path prefix and never puts the secret in an address', () => {
    const qr = client.qrLoginUrl(qy, 'http://portal.test/login', 'st');
    expect(qr.startsWith('http://login.test/base/wwlogin/sso/login?')).toBe(true);
    expect(qr).not.toContain('secret');
  });
});
