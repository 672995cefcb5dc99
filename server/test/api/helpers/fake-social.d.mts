/** Types of fake-social.mjs. */
export interface FakePerson {
  openid: string;
  unionid?: string | null;
}

export interface FakeSocial {
  url: string;
  /** The four base URL variables pointing at the fake. */
  env: Record<
    'WECOM_API_BASE' | 'WECOM_LOGIN_BASE' | 'WECHAT_API_BASE' | 'WECHAT_OAUTH_BASE',
    string
  >;
  /** A single-use code for `person` of app `appId`, as the OAuth page would give. */
  issueCode(appId: string, person: FakePerson): string;
  /** The paths called, in order. */
  calls: string[];
  /** Forgets every access token issued, as WeCom does when a secret is reset. */
  forgetTokens(): void;
  close(): Promise<void>;
}

export declare function startFakeSocial(options: {
  /** App id (WeCom corp id or public account app id) → its secret. */
  apps: Record<string, string>;
  defaultUser?: FakePerson;
}): Promise<FakeSocial>;
