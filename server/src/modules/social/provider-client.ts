/**
 * The providers' documented OAuth and user-info calls (DESIGN.md §8), at the base URLs of the
 * configuration (config.ts `social`), so a deployment talks to the real ones and tests to a
 * local server speaking the same calls:
 * - WeCom: `GET {api}/cgi-bin/gettoken?corpid&corpsecret` → access_token, then
 *   `GET {api}/cgi-bin/auth/getuserinfo?access_token&code` → userid (a member) or openid;
 *   its OAuth page `{oauth}/connect/oauth2/authorize?appid&redirect_uri&response_type=code&
 *   scope=snsapi_base&state&agentid#wechat_redirect`, its scan-code page
 *   `{login}/wwlogin/sso/login?login_type=CorpApp&appid&agentid&redirect_uri&state`;
 * - WeChat public account: `GET {api}/sns/oauth2/access_token?appid&secret&code&
 *   grant_type=authorization_code` → access_token, openid, unionid, then
 *   `GET {api}/sns/userinfo?access_token&openid&lang=zh_CN` → unionid; its OAuth page
 *   `{oauth}/connect/oauth2/authorize?…&scope=snsapi_userinfo…`, its scan-code page
 *   `{oauth}/connect/qrconnect?appid&redirect_uri&response_type=code&scope=snsapi_login&state`.
 * Every answer with a non-zero `errcode` is a refusal.
 */
import type { SocialProviderType } from '@campus/contracts/social';
import type { SocialProviderRecord } from './social.repository.ts';

export interface SocialApiBases {
  /** WeCom server API (WECOM_API_BASE, default https://qyapi.weixin.qq.com). */
  wecomApi: string;
  /** WeCom scan-code login page (WECOM_LOGIN_BASE, default https://login.work.weixin.qq.com). */
  wecomLogin: string;
  /** WeChat server API (WECHAT_API_BASE, default https://api.weixin.qq.com). */
  wechatApi: string;
  /** WeChat OAuth pages, used by WeCom too (WECHAT_OAUTH_BASE, default https://open.weixin.qq.com). */
  wechatOauth: string;
}

export const DEFAULT_SOCIAL_API_BASES: SocialApiBases = {
  wecomApi: 'https://qyapi.weixin.qq.com',
  wecomLogin: 'https://login.work.weixin.qq.com',
  wechatApi: 'https://api.weixin.qq.com',
  wechatOauth: 'https://open.weixin.qq.com',
};

/** Who the provider says came back with the code. */
export interface ProviderIdentity {
  openid: string;
  unionid: string | null;
}

/** The provider refused (a wrong or used code, a wrong secret) or could not be reached. */
export class ProviderRefusal extends Error {
  constructor(
    message: string,
    /** The provider's `errcode`, when it answered one. */
    readonly errcode?: number,
  ) {
    super(message);
  }
}

/**
 * WeCom's answers to a corp token it no longer takes (40014 invalid, 42001 expired): the cached
 * token is dropped and the call made once more with a new one.
 */
const STALE_TOKEN_ERRCODES: ReadonlySet<number> = new Set([40014, 42001]);

/** A cached corp token is dropped this long before WeCom's `expires_in` runs out. */
const TOKEN_EARLY_MS = 5 * 60 * 1000;

const TIMEOUT_MS = 8000;

function withQuery(base: string, path: string, query: Record<string, string>): string {
  const url = new URL(path, base.endsWith('/') ? base : `${base}/`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.href;
}

async function getJson(url: string): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new ProviderRefusal(`provider unreachable: ${String(error)}`);
  }
  if (!response.ok) throw new ProviderRefusal(`provider answered HTTP ${response.status}`);
  const body = (await response.json().catch(() => null)) as unknown;
  if (!body || typeof body !== 'object') throw new ProviderRefusal('provider answer unreadable');
  const answer = body as Record<string, unknown>;
  const errcode = answer.errcode;
  if (errcode !== undefined && errcode !== 0 && errcode !== '0') {
    throw new ProviderRefusal(`provider errcode ${JSON.stringify(errcode)}`, Number(errcode));
  }
  return answer;
}

/** A corp token belongs to the corp id and the secret it was asked with (a new secret, a new token). */
const corpKey = (provider: SocialProviderRecord): string => `${provider.appId}\n${provider.secret}`;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

export class SocialProviderClient {
  /**
   * WeCom corp tokens by corp id and secret: WeCom asks callers to keep and reuse the token for
   * its `expires_in` (7200 s) and limits `gettoken` calls, so a school's morning of sign-ins
   * asks for one token, not one per sign-in.
   */
  private readonly corpTokens = new Map<string, { token: string; until: number }>();

  constructor(
    private readonly bases: SocialApiBases,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The OAuth page inside the chat client. */
  authorizeUrl(provider: SocialProviderRecord, redirectUri: string, state: string): string {
    const url = withQuery(this.bases.wechatOauth, 'connect/oauth2/authorize', {
      appid: provider.appId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: provider.type === 'qy' ? 'snsapi_base' : 'snsapi_userinfo',
      state,
      ...(provider.type === 'qy' && provider.agentId ? { agentid: provider.agentId } : {}),
    });
    return `${url}#wechat_redirect`;
  }

  /** The scan-code page for the widget on PC. */
  qrLoginUrl(provider: SocialProviderRecord, redirectUri: string, state: string): string {
    if (provider.type === 'qy') {
      return withQuery(this.bases.wecomLogin, 'wwlogin/sso/login', {
        login_type: 'CorpApp',
        appid: provider.appId,
        agentid: provider.agentId ?? '',
        redirect_uri: redirectUri,
        state,
      });
    }
    const url = withQuery(this.bases.wechatOauth, 'connect/qrconnect', {
      appid: provider.appId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'snsapi_login',
      state,
    });
    return `${url}#wechat_redirect`;
  }

  /** The base of the scan-code page (spec §3 providerAppLoginUrl). */
  loginPageBase(type: SocialProviderType): string {
    return type === 'qy'
      ? withQuery(this.bases.wecomLogin, 'wwlogin/sso/login', {})
      : withQuery(this.bases.wechatOauth, 'connect/qrconnect', {});
  }

  /** Exchanges the code the provider returned for the identity it stands for. */
  async identify(provider: SocialProviderRecord, code: string): Promise<ProviderIdentity> {
    return provider.type === 'qy' ? this.wecom(provider, code) : this.wechat(provider, code);
  }

  private async wecom(provider: SocialProviderRecord, code: string): Promise<ProviderIdentity> {
    const userInfo = async (accessToken: string) =>
      getJson(
        withQuery(this.bases.wecomApi, 'cgi-bin/auth/getuserinfo', {
          access_token: accessToken,
          code,
        }),
      );
    let user: Record<string, unknown>;
    try {
      user = await userInfo(await this.corpToken(provider));
    } catch (error) {
      if (!(error instanceof ProviderRefusal) || !STALE_TOKEN_ERRCODES.has(error.errcode ?? 0))
        throw error;
      // WeCom no longer takes the cached token (revoked, or the secret was reset): once more.
      this.corpTokens.delete(corpKey(provider));
      user = await userInfo(await this.corpToken(provider));
    }
    // A member has a userid; someone outside the corp only an openid.
    const openid = text(user.userid) ?? text(user.UserId) ?? text(user.openid);
    if (!openid) throw new ProviderRefusal('no userid');
    return { openid, unionid: null };
  }

  /** The corp's access token: the cached one while it is valid, else a new one from WeCom. */
  private async corpToken(provider: SocialProviderRecord): Promise<string> {
    const key = corpKey(provider);
    const cached = this.corpTokens.get(key);
    if (cached && cached.until > this.clock()) return cached.token;
    const answer = await getJson(
      withQuery(this.bases.wecomApi, 'cgi-bin/gettoken', {
        corpid: provider.appId,
        corpsecret: provider.secret,
      }),
    );
    const token = text(answer.access_token);
    if (!token) throw new ProviderRefusal('no access_token');
    const lifetimeMs = (Number(answer.expires_in) || 0) * 1000 - TOKEN_EARLY_MS;
    if (lifetimeMs > 0) this.corpTokens.set(key, { token, until: this.clock() + lifetimeMs });
    return token;
  }

  private async wechat(provider: SocialProviderRecord, code: string): Promise<ProviderIdentity> {
    const token = await getJson(
      withQuery(this.bases.wechatApi, 'sns/oauth2/access_token', {
        appid: provider.appId,
        secret: provider.secret,
        code,
        grant_type: 'authorization_code',
      }),
    );
    const accessToken = text(token.access_token);
    const openid = text(token.openid);
    if (!accessToken || !openid) throw new ProviderRefusal('no access_token or openid');
    const info = await getJson(
      withQuery(this.bases.wechatApi, 'sns/userinfo', {
        access_token: accessToken,
        openid,
        lang: 'zh_CN',
      }),
    );
    if (text(info.openid) !== openid) throw new ProviderRefusal('userinfo for another openid');
    return { openid, unionid: text(info.unionid) ?? text(token.unionid) };
  }
}
