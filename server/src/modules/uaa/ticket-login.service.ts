/**
 * Ticket sign-in (issue 12 §3, spec §7 "GET configured ticket path", DESIGN.md §8): a unit
 * trusts one CAS-style issuer; a `?ticket=` visit hands the ticket to the server, which asks
 * that issuer (`/serviceValidate`), maps the user it names to the unit's local account of the
 * same login name, and signs them in. Each ticket is accepted once: it is recorded before the
 * issuer is asked, so a replay (even a concurrent one) is refused without asking again.
 */
import type { SignInOptions, TicketLoginQuery } from '@campus/contracts/account-recovery';
import { accountRecoveryEndpoints } from '@campus/contracts/account-recovery';
import { BodyStatus } from '@campus/contracts/envelope';
import { LOGIN_PATH } from '@campus/contracts/pages';
import { AppError } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AccountService } from './account.service.ts';
import type { AccountRecoveryRepository } from './account-recovery.repository.ts';
import type { CasAnswer } from './cas-response.ts';
import type { IssuedSession, RequestMeta, SessionService } from './session.service.ts';
import { hashToken } from './tokens.ts';
import type { UaaRepository, UserRecord } from './uaa.repository.ts';
import { accountDisabled } from './sign-in-errors.ts';

export const ticketNotConfigured = () =>
  new AppError(
    BodyStatus.badRequest,
    'ticket_not_configured',
    bilingual(
      '本单位未配置票据登录路径，请使用账号密码登录',
      'Ticket sign-in is not configured for this unit; please sign in with your account and password',
    ),
  );

const ticketRefused = () =>
  new AppError(
    BodyStatus.badRequest,
    'invalid_ticket',
    bilingual(
      '登录票据无效或已使用，请重新登录',
      'The sign-in ticket is invalid or was already used; please sign in again',
    ),
  );

export interface TicketLoginDeps {
  recovery: AccountRecoveryRepository;
  uaa: UaaRepository;
  accounts: AccountService;
  sessions: SessionService;
  audit: AuditService;
  /** Asks the issuer about a ticket (cas-response.ts `validateCasTicket`). */
  validate: (issuer: string, ticket: string, service: string) => Promise<CasAnswer>;
  /** The unit's single-sign-on URL, from the desktop's unit settings (http(s) only). */
  ssoUrlOf: (unitId: string) => Promise<string | null>;
  /** `email` or `administrator`, from the password self-service. */
  passwordReset: () => 'email' | 'administrator';
  /**
   * Whether the unit offers face sign-in (issue 14 §1): its switch is on and someone in it has
   * enrolled a face.
   */
  faceSignIn?: (unitId: string) => Promise<boolean>;
  clock: () => number;
  /** The portal's public origin: PUBLIC_URL, else the listening address. */
  portalOrigin: () => string;
}

export interface TicketLoginResult {
  user: UserRecord;
  session: IssuedSession;
}

export class TicketLoginService {
  constructor(private readonly deps: TicketLoginDeps) {}

  /** What the login page offers beside the password box (contracts' SignInOptions). */
  async signInOptions(
    unitId: string | undefined,
    host: string | undefined,
  ): Promise<SignInOptions> {
    const unit = await this.deps.accounts.unitConfig(unitId, host);
    const [ssoUrl, issuer, face] = await Promise.all([
      this.deps.ssoUrlOf(unit.unitId),
      this.deps.recovery.ticketIssuer(unit.unitId),
      this.deps.faceSignIn?.(unit.unitId).catch(() => false) ?? false,
    ]);
    return {
      unitId: unit.unitId,
      ssoUrl,
      ticketPath: issuer ? accountRecoveryEndpoints.ticketLogin.path : null,
      passwordReset: this.deps.passwordReset(),
      face,
    };
  }

  async login(
    query: TicketLoginQuery,
    host: string | undefined,
    meta: RequestMeta,
  ): Promise<TicketLoginResult> {
    const { recovery, uaa, sessions, audit, clock } = this.deps;
    const unit = await this.deps.accounts.unitConfig(query.unitId, query.unitHost ?? host);
    const issuer = await recovery.ticketIssuer(unit.unitId);
    if (!issuer) throw ticketNotConfigured();
    const service = this.serviceOf(query.service);
    if (!(await recovery.claimTicket(hashToken(query.ticket), unit.unitId, clock()))) {
      await audit.record('login.ticket_failure', {
        unitId: unit.unitId,
        ip: meta.ip,
        detail: { reason: 'replay' },
      });
      throw ticketRefused();
    }
    const answer = await this.deps.validate(issuer, query.ticket, service);
    const user = answer.ok ? await uaa.findUserByLoginName(answer.user) : undefined;
    // The issuer vouches for its own unit's people only.
    if (!answer.ok || !user || user.unitId !== unit.unitId) {
      await audit.record('login.ticket_failure', {
        unitId: unit.unitId,
        ip: meta.ip,
        detail: { reason: answer.ok ? 'no_local_account' : answer.code },
      });
      throw ticketRefused();
    }
    if (user.status !== 1 || user.unitStatus !== 1) throw accountDisabled();
    const session = await sessions.issue(user, meta, {
      audit: audit.pending('login.success', {
        userId: user.id,
        unitId: user.unitId,
        ip: meta.ip,
        detail: { method: 'ticket', device: meta.device ?? null },
      }),
    });
    return { user, session };
  }

  /**
   * The CAS `service` the ticket was issued for: the portal's own login page, so a ticket the
   * issuer gave another system (the library, say) cannot sign anyone in here.
   */
  private serviceOf(given: string | undefined): string {
    const origin = this.deps.portalOrigin();
    if (given === undefined) return `${origin}${LOGIN_PATH}`;
    let url: URL;
    try {
      url = new URL(given);
    } catch {
      throw ticketRefused();
    }
    const path = url.pathname.replace(/\/+$/, '');
    if (url.origin !== origin || path !== LOGIN_PATH) throw ticketRefused();
    return url.href;
  }
}
