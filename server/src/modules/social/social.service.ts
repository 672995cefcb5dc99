/**
 * WeCom (`qy`) and WeChat public account (`mp`) sign-in (issue 12 §2, DESIGN.md §8).
 * - `authorize`: a fresh state, stored by its hash with the hash of this browser's nonce
 *   cookie, and the provider's OAuth and scan-code addresses returning to our login page;
 * - `login`: the state must be this browser's, unexpired and unused (it is spent before the
 *   provider is asked); the code is exchanged server-side; a bound identity signs its account
 *   in through the uaa's session issuing; an unbound one gets a one-time bind id;
 * - `bind`: the bind page's password sign-in (the uaa's LoginService, with its throttling),
 *   which binds the identity behind the bind id for good;
 * - bound identities are listed and unbound by their owner.
 * Wrong, replayed or foreign states and codes answer 400 invalid_grant, so the page shows a
 * message instead of the bind page (spec §4).
 */
import { randomUUID } from 'node:crypto';
import { BodyStatus, ErrorCode } from '@campus/contracts/envelope';
import { LOGIN_PATH } from '@campus/contracts/pages';
import type { SocialProvider } from '@campus/contracts/uaa';
import {
  SOCIAL_BIND_TTL_MS,
  SOCIAL_STATE_TTL_MS,
  type SocialAuthorize,
  type SocialAuthorizeQuery,
  type SocialBindBody,
  type SocialBindData,
  type SocialBinding,
  type SocialLoginBody,
  type SocialProviderType,
} from '@campus/contracts/social';
import { AppError, notFound } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AccountService } from '../uaa/account.service.ts';
import type { LoginService } from '../uaa/login.service.ts';
import type {
  IssuedSession,
  RequestMeta,
  SessionService,
  SessionUser,
} from '../uaa/session.service.ts';
import { hashToken, newToken } from '../uaa/tokens.ts';
import type { UaaRepository, UserRecord } from '../uaa/uaa.repository.ts';
import { ProviderRefusal, type SocialProviderClient } from './provider-client.ts';
import { SocialProviderAdmin } from './social-providers.ts';
import type { SocialProviderRecord, SocialRepository } from './social.repository.ts';
import { accountDisabled } from '../uaa/sign-in-errors.ts';

const providerMissing = () =>
  new AppError(
    BodyStatus.notFound,
    'social_provider_missing',
    bilingual(
      '本单位未配置该第三方登录方式',
      'This sign-in method is not configured for this unit',
    ),
  );

/** invalid_grant: the page shows the message and stays on the login box (spec §4). */
const socialRefused = () =>
  new AppError(
    BodyStatus.badRequest,
    ErrorCode.invalidGrant,
    bilingual(
      '第三方登录已失效或无效，请重新登录',
      'The third-party sign-in was invalid or has expired; please try again',
    ),
  );

const otherUnitAccount = () =>
  new AppError(
    BodyStatus.forbidden,
    ErrorCode.forbidden,
    bilingual(
      '该账号不属于此企业微信或微信所在的单位，请使用本单位的账号绑定',
      'This account belongs to another unit than this WeCom or WeChat app; please bind an account of its unit',
    ),
  );

const bindExpired = () =>
  new AppError(
    BodyStatus.badRequest,
    ErrorCode.invalidGrant,
    bilingual(
      '绑定链接已失效，请重新从企业微信或微信进入',
      'The binding link has expired; please come back from WeCom or WeChat again',
    ),
  );

export interface SocialDeps {
  repository: SocialRepository;
  client: SocialProviderClient;
  accounts: AccountService;
  uaa: UaaRepository;
  login: LoginService;
  sessions: SessionService;
  audit: AuditService;
  clock: () => number;
  /** The portal's public origin (PUBLIC_URL, else the listening address). */
  portalOrigin: () => string;
}

export interface SocialSignIn {
  user: UserRecord;
  session: IssuedSession;
  openid: string;
  unionid: string | null;
  rememberToken?: string;
}

export type SocialLoginResult =
  ({ kind: 'signed-in' } & SocialSignIn) | { kind: 'unbound'; bind: SocialBindData };

// Control characters and backslashes have no place in a return address.
// eslint-disable-next-line no-control-regex
const SUSPICIOUS = /[\u0000-\u001f\u007f\\]/;

/** A return address is a path of this site (`/x?y#z`), never another origin; else null. */
export function safeReturnPath(raw: string | undefined): string | null {
  if (!raw) return null;
  const value = raw.trim();
  if (!value.startsWith('/') || value.startsWith('//') || SUSPICIOUS.test(value)) return null;
  try {
    const url = new URL(value, 'http://portal.invalid');
    return url.origin === 'http://portal.invalid'
      ? `${url.pathname}${url.search}${url.hash}`
      : null;
  } catch {
    return null;
  }
}

export class SocialService {
  constructor(private readonly deps: SocialDeps) {}

  /** Spec §7 `social/info`: the unit's providers, without their secrets. */
  async providers(unitId: string | undefined, host: string | undefined): Promise<SocialProvider[]> {
    const unit = await this.deps.accounts.unitConfig(unitId, host);
    const providers = await this.deps.repository.providers(unit.unitId);
    return providers.map((p) => ({
      providerId: p.type,
      providerAppId: p.appId,
      providerApplicationId: p.agentId ?? '',
      providerAppLoginUrl: this.deps.client.loginPageBase(p.type),
    }));
  }

  /** Spec §7 `social/{qy|mp}_info`, with a fresh state bound to the browser's nonce. */
  async authorize(
    type: SocialProviderType,
    query: SocialAuthorizeQuery,
    host: string | undefined,
    browserNonce: string,
  ): Promise<SocialAuthorize> {
    const unit = await this.deps.accounts.unitConfig(query.unitId, query.unitHost ?? host);
    const provider = await this.deps.repository.provider(unit.unitId, type);
    if (!provider) throw providerMissing();
    const now = this.deps.clock();
    const state = newToken();
    const returnTo = safeReturnPath(query.redirect);
    await this.deps.repository.insertState(
      hashToken(state),
      {
        unitId: unit.unitId,
        type,
        browserHash: hashToken(browserNonce),
        returnTo,
        expiresAt: now + SOCIAL_STATE_TTL_MS,
        usedAt: null,
      },
      now,
    );
    const callback = new URL(LOGIN_PATH, this.deps.portalOrigin());
    if (returnTo) callback.searchParams.set('redirect_uri', returnTo);
    return {
      providerId: type,
      providerAppId: provider.appId,
      providerApplicationId: provider.agentId ?? '',
      authorizeUrl: this.deps.client.authorizeUrl(provider, callback.href, state),
      qrLoginUrl: this.deps.client.qrLoginUrl(provider, callback.href, state),
      state,
    };
  }

  /** Spec §7 `POST social/{state}`. */
  async login(
    state: string,
    body: SocialLoginBody,
    browserNonce: string | undefined,
    meta: RequestMeta,
  ): Promise<SocialLoginResult> {
    const { repository, audit, clock } = this.deps;
    const now = clock();
    const stateHash = hashToken(state);
    const record = await repository.findState(stateHash);
    const fail = async (reason: string, unitId: string | null = null) => {
      await audit.record('login.social_failure', { unitId, ip: meta.ip, detail: { reason } });
      return socialRefused();
    };
    if (!record) throw await fail('unknown_state');
    // Only the browser the state was issued to may use it: a state (or a link carrying one)
    // handed to someone else signs no one in.
    if (!browserNonce || hashToken(browserNonce) !== record.browserHash) {
      throw await fail('other_browser', record.unitId);
    }
    if (record.expiresAt <= now) throw await fail('expired_state', record.unitId);
    if (!(await repository.claimState(stateHash, now))) throw await fail('replay', record.unitId);
    const provider = await repository.provider(record.unitId, record.type);
    if (!provider) throw providerMissing();

    let identity;
    try {
      identity = await this.deps.client.identify(provider, body.code);
    } catch (error) {
      if (error instanceof ProviderRefusal) throw await fail('provider_refused', record.unitId);
      throw error;
    }
    const bound = await repository.findIdentity(provider.type, provider.appId, identity.openid);
    const user = bound ? await this.deps.uaa.findUserById(bound.userId) : undefined;
    if (!bound || !user) {
      const id = newToken();
      const deviceId = body.deviceId ?? null;
      await repository.insertPending(
        hashToken(id),
        {
          unitId: record.unitId,
          type: provider.type,
          appId: provider.appId,
          openid: identity.openid,
          unionid: identity.unionid,
          deviceId,
          expiresAt: now + SOCIAL_BIND_TTL_MS,
          usedAt: null,
        },
        now,
      );
      return {
        kind: 'unbound',
        bind: { id, openid: identity.openid, unionid: identity.unionid, deviceId },
      };
    }
    if (user.status !== 1 || user.unitStatus !== 1) throw accountDisabled();
    const session = await this.deps.sessions.issue(user, meta, {
      audit: audit.pending('login.success', {
        userId: user.id,
        unitId: user.unitId,
        ip: meta.ip,
        detail: { method: `social_${provider.type}`, device: meta.device ?? null },
      }),
    });
    return { kind: 'signed-in', user, session, ...identity };
  }

  /** The bind page: the password sign-in, then the identity behind the bind id is bound. */
  async bind(body: SocialBindBody, meta: RequestMeta): Promise<SocialSignIn> {
    const { repository, clock } = this.deps;
    const idHash = hashToken(body.id);
    const pending = await repository.findPending(idHash);
    if (!pending || pending.usedAt !== null || pending.expiresAt <= clock()) throw bindExpired();
    const result = await this.deps.login.login(
      { username: body.username, password: body.password },
      meta,
    );
    if (!(await this.belongsTo(result.user.unitId, pending.unitId))) {
      // A school's WeCom or WeChat identity binds only an account of that school (or of a
      // school under the area whose provider it is); the bind id stays usable for the right one.
      await this.deps.sessions.logout(await this.sessionUserOf(result.session), meta);
      throw otherUnitAccount();
    }
    if (!(await repository.claimPending(idHash, clock()))) {
      await this.deps.sessions.logout(await this.sessionUserOf(result.session), meta);
      throw bindExpired();
    }
    await repository.bindIdentity({
      id: randomUUID(),
      userId: result.user.id,
      type: pending.type,
      appId: pending.appId,
      openid: pending.openid,
      unionid: pending.unionid,
      createdAt: clock(),
    });
    await this.deps.audit.record('social.bind', {
      userId: result.user.id,
      unitId: result.user.unitId,
      ip: meta.ip,
      detail: { provider: pending.type },
    });
    return {
      user: result.user,
      session: result.session,
      openid: pending.openid,
      unionid: pending.unionid,
    };
  }

  async bindings(user: SessionUser): Promise<SocialBinding[]> {
    const identities = await this.deps.repository.identitiesOf(user.userId);
    return identities.map((i) => ({
      id: i.id,
      providerId: i.type,
      openid: i.openid,
      createdAt: i.createdAt,
    }));
  }

  async unbind(user: SessionUser, id: string, meta: RequestMeta): Promise<void> {
    if (!(await this.deps.repository.unbind(user.userId, id))) throw notFound();
    await this.deps.audit.record('social.unbind', {
      userId: user.userId,
      unitId: user.unitId,
      ip: meta.ip,
      detail: { id },
    });
  }

  /** Whether an account of `unitId` may bind an identity of `providerUnitId`'s provider. */
  private async belongsTo(unitId: string, providerUnitId: string): Promise<boolean> {
    if (unitId === providerUnitId) return true;
    const unit = await this.deps.uaa.findUnit(unitId);
    return unit?.parentId === providerUnitId;
  }

  private async sessionUserOf(session: IssuedSession): Promise<SessionUser> {
    const user = await this.deps.sessions.resolve(session.accessToken);
    if (!user) throw bindExpired();
    return user;
  }
}

/**
 * The CLI's `set-social-provider`: checks (the console's rule, `social-providers.ts`) and stores
 * a unit's provider; a refused value is the 400 with every problem as a field error.
 */
export async function setSocialProvider(
  repository: SocialRepository,
  audit: AuditService,
  input: { unitId: string; type: string; appId: string; agentId: string | null; secret: string },
  clock: () => number = Date.now,
): Promise<SocialProviderRecord> {
  const providers = new SocialProviderAdmin(repository, clock);
  const record = await providers.check(input);
  await providers.save(record);
  await audit.record('admin.set_social_provider', {
    unitId: input.unitId,
    detail: { type: record.type, appId: record.appId },
  });
  return record;
}
