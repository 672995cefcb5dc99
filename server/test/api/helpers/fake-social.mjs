/**
 * A local fake of the WeCom and WeChat servers (issue 12 §2, DESIGN.md §8) for the API tests and
 * the e2e server: it speaks the providers' documented calls at their paths, so the portal is
 * pointed at it only by the base URLs of its configuration (WECOM_API_BASE, WECOM_LOGIN_BASE,
 * WECHAT_API_BASE, WECHAT_OAUTH_BASE).
 * - WeCom: `GET /cgi-bin/gettoken?corpid&corpsecret` → { errcode: 0, errmsg, access_token,
 *   expires_in }; `GET /cgi-bin/auth/getuserinfo?access_token&code` → { errcode: 0, errmsg,
 *   userid, user_ticket }; a wrong code: { errcode: 40029, errmsg: 'invalid code' }.
 * - WeChat: `GET /sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code` →
 *   { access_token, expires_in, refresh_token, openid, scope, unionid };
 *   `GET /sns/userinfo?access_token&openid&lang` → { openid, nickname, sex, …, unionid }.
 * - The OAuth page `GET /connect/oauth2/authorize?appid&redirect_uri&response_type=code&scope&
 *   state[&agentid]` answers as the chat client does once the person agrees: a redirect to
 *   redirect_uri with code and state. The scan-code pages (`/wwlogin/sso/login`,
 *   `/connect/qrconnect`) show a code box and a "scanned" link that does what a phone's scan does.
 * The person is the `fake_social_user` cookie (openid / WeCom userid; `fake_social_unionid`
 * beside it), else the fake's default; tests may also mint a code with `issueCode`. Codes are
 * single-use, as the providers' are.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';

const token = () => randomBytes(12).toString('hex');

function cookiesOf(request) {
  const jar = {};
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) jar[part.slice(0, at).trim()] = decodeURIComponent(part.slice(at + 1).trim());
  }
  return jar;
}

const escapeHtml = (text) =>
  String(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/**
 * @param {{ apps: Record<string, string>, defaultUser?: { openid: string, unionid?: string | null } }} options
 *   apps: app id (WeCom corp id or public account app id) → its secret.
 */
export async function startFakeSocial(options) {
  const apps = new Map(Object.entries(options.apps));
  const codes = new Map(); // code → { appId, openid, unionid }
  const tokens = new Map(); // access token → { appId, openid? }
  const calls = [];
  const defaultUser = options.defaultUser ?? { openid: 'fake-user', unionid: null };

  const issueCode = (appId, person) => {
    const code = `code-${token()}`;
    codes.set(code, { appId, openid: person.openid, unionid: person.unionid ?? null });
    return code;
  };
  const personOf = (request) => {
    const jar = cookiesOf(request);
    return jar.fake_social_user
      ? { openid: jar.fake_social_user, unionid: jar.fake_social_unionid ?? null }
      : defaultUser;
  };
  const takeCode = (code, appId) => {
    const entry = codes.get(code);
    if (!entry || entry.appId !== appId) return undefined;
    codes.delete(code);
    return entry;
  };

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake-social');
    const q = (name) => url.searchParams.get(name) ?? '';
    calls.push(url.pathname);
    const json = (body) =>
      response
        .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify(body));
    const back = (appId) => {
      const target = new URL(q('redirect_uri'));
      target.searchParams.set('code', issueCode(appId, personOf(request)));
      target.searchParams.set('state', q('state'));
      return target.href;
    };
    switch (url.pathname) {
      case '/cgi-bin/gettoken': {
        if (!apps.has(q('corpid')) || apps.get(q('corpid')) !== q('corpsecret')) {
          return json({ errcode: 40001, errmsg: 'invalid credential' });
        }
        const accessToken = token();
        tokens.set(accessToken, { appId: q('corpid') });
        return json({ errcode: 0, errmsg: 'ok', access_token: accessToken, expires_in: 7200 });
      }
      case '/cgi-bin/auth/getuserinfo': {
        const held = tokens.get(q('access_token'));
        if (!held) return json({ errcode: 40014, errmsg: 'invalid access_token' });
        const entry = takeCode(q('code'), held.appId);
        if (!entry) return json({ errcode: 40029, errmsg: 'invalid code' });
        return json({ errcode: 0, errmsg: 'ok', userid: entry.openid, user_ticket: token() });
      }
      case '/sns/oauth2/access_token': {
        if (!apps.has(q('appid')) || apps.get(q('appid')) !== q('secret')) {
          return json({ errcode: 40125, errmsg: 'invalid appsecret' });
        }
        if (q('grant_type') !== 'authorization_code') {
          return json({ errcode: 40002, errmsg: 'invalid grant_type' });
        }
        const entry = takeCode(q('code'), q('appid'));
        if (!entry) return json({ errcode: 40029, errmsg: 'invalid code' });
        const accessToken = token();
        tokens.set(accessToken, {
          appId: q('appid'),
          openid: entry.openid,
          unionid: entry.unionid,
        });
        return json({
          access_token: accessToken,
          expires_in: 7200,
          refresh_token: token(),
          openid: entry.openid,
          scope: 'snsapi_userinfo',
          ...(entry.unionid ? { unionid: entry.unionid } : {}),
        });
      }
      case '/sns/userinfo': {
        const held = tokens.get(q('access_token'));
        if (!held || held.openid !== q('openid')) {
          return json({ errcode: 40003, errmsg: 'invalid openid' });
        }
        return json({
          openid: held.openid,
          nickname: held.openid,
          sex: 0,
          province: '',
          city: '',
          country: '',
          headimgurl: '',
          privilege: [],
          ...(held.unionid ? { unionid: held.unionid } : {}),
        });
      }
      case '/connect/oauth2/authorize': {
        if (!apps.has(q('appid')) || q('response_type') !== 'code') {
          return response.writeHead(400).end('invalid appid or response_type');
        }
        return response.writeHead(302, { location: back(q('appid')) }).end();
      }
      case '/wwlogin/sso/login':
      case '/connect/qrconnect': {
        if (!apps.has(q('appid'))) return response.writeHead(400).end('invalid appid');
        const href = back(q('appid'));
        return response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            `<!doctype html><html><head><meta charset="utf-8"><title>Scan</title></head><body style="margin:0;font:14px sans-serif;text-align:center">` +
              `<div data-testid="fake.qr" style="width:160px;height:160px;margin:12px auto;background:repeating-linear-gradient(45deg,#000 0 6px,#fff 6px 12px)"></div>` +
              `<a data-testid="fake.scan" target="_top" href="${escapeHtml(href)}">scanned</a></body></html>`,
          );
      }
      default:
        return response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    env: {
      WECOM_API_BASE: url,
      WECOM_LOGIN_BASE: url,
      WECHAT_API_BASE: url,
      WECHAT_OAUTH_BASE: url,
    },
    issueCode,
    calls,
    forgetTokens: () => tokens.clear(),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
