/**
 * App client credentials (issue 13 §4: "each registered app gets a client credential, shown once,
 * rotatable"): one per app and unit, made or rotated by an administrator of that unit (console,
 * `AdminAccess.assertManages`) or the operator (CLI); the secret is answered once and only its
 * SHA-256 kept; rotating gives a new secret under the same client id, and the old one stops
 * working at once. A sub-app's server presents it as `Authorization: Bearer <secret>`
 * (docs/decisions.md: why a bearer secret, not HTTP Basic or a token exchange), and the feed's
 * calls are counted per credential against the rate limit.
 */
import type { AppCredentialSecret, AppCredentialStatus } from '@campus/contracts/app-feed';
import { FEED_RATE_LIMITED_CODE } from '@campus/contracts/app-feed';
import { BodyStatus } from '@campus/contracts/envelope';
import { AppError, notFound } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { AdminAccess } from '../admin/admin-access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AppCatalogueService } from '../base/app-catalogue.service.ts';
import type { DirectoryService } from '../uaa/directory.service.ts';
import type { IpFailureCounter } from '../uaa/ip-failure-counter.ts';
import type { SessionUser } from '../uaa/session.service.ts';
import { newClientId, newSecret, parseBearer, secretHash, secretMatches } from './feed-rules.ts';
import type { FeedRepository } from './feed.repository.ts';
import type { FeedApp } from './feed.service.ts';

/** Who rotated a credential, for the audit log (the CLI has no signed-in user). */
export interface CredentialActor {
  userId: string | null;
  ip: string | null;
}

export class AppCredentialService {
  constructor(
    private readonly deps: {
      repository: FeedRepository;
      /** Runs the rotation and its audit entry in one transaction. */
      inTransaction: <T>(
        work: (tx: { feed: FeedRepository; audit: Pick<AuditService, 'record'> }) => Promise<T>,
      ) => Promise<T>;
      access: Pick<AdminAccess, 'assertManages'>;
      catalogue: Pick<AppCatalogueService, 'findApp'>;
      units: Pick<DirectoryService, 'findUnit'>;
      clock: () => number;
    },
  ) {}

  /** The console: whether the app has a credential for a unit the caller administers. */
  async status(user: SessionUser, appCode: string, unitId: string): Promise<AppCredentialStatus> {
    await this.deps.access.assertManages(user, unitId);
    await this.requireApp(appCode);
    const credential = await this.deps.repository.credentialFor(appCode, unitId);
    return {
      appCode,
      unitId,
      clientId: credential?.clientId ?? null,
      createdAt: credential?.createdAt ?? null,
    };
  }

  /** The console: makes or rotates the credential of the app for a unit the caller administers. */
  async rotateFor(
    user: SessionUser,
    appCode: string,
    unitId: string,
    ip: string,
  ): Promise<AppCredentialSecret> {
    await this.deps.access.assertManages(user, unitId);
    return this.rotate(appCode, unitId, { userId: user.userId, ip });
  }

  /** Makes or rotates the app's credential for the unit (the CLI calls this directly); audited. */
  async rotate(
    appCode: string,
    unitId: string,
    actor: CredentialActor,
  ): Promise<AppCredentialSecret> {
    await this.requireApp(appCode);
    if (!(await this.deps.units.findUnit(unitId))) {
      throw notFound(bilingual(`单位 ${unitId} 不存在`, `The unit ${unitId} does not exist`));
    }
    const existing = await this.deps.repository.credentialFor(appCode, unitId);
    const clientId = existing?.clientId ?? newClientId(appCode);
    const secret = newSecret(clientId);
    const createdAt = this.deps.clock();
    await this.deps.inTransaction(async ({ feed, audit }) => {
      await feed.saveCredential(
        { clientId, appCode, unitId, secretHash: secretHash(secret) },
        createdAt,
        actor.userId,
      );
      await audit.record('admin.rotate_app_credential', {
        userId: actor.userId,
        unitId,
        ip: actor.ip,
        // Never the secret (DESIGN.md §5: the audit log holds no token).
        detail: { appCode, unitId, clientId, rotated: existing !== undefined },
      });
    });
    return { appCode, unitId, clientId, secret, createdAt };
  }

  /** The app a bearer header's secret belongs to, or null (absent, wrong or rotated). */
  async authenticate(authorization: string | undefined): Promise<FeedApp | null> {
    const presented = parseBearer(authorization);
    if (!presented) return null;
    const credential = await this.deps.repository.credential(presented.clientId);
    if (!credential || !secretMatches(presented.secret, credential.secretHash)) return null;
    return {
      appCode: credential.appCode,
      unitId: credential.unitId,
      clientId: credential.clientId,
    };
  }

  private async requireApp(appCode: string): Promise<void> {
    if (!(await this.deps.catalogue.findApp(appCode))) {
      throw notFound(bilingual(`应用 ${appCode} 不存在`, `The app ${appCode} does not exist`));
    }
  }
}

/** The feed's rate limit: calls per credential in a fixed window (issue 13 §4). */
export interface FeedLimits {
  /** Calls one credential may make per window. */
  maxCalls: number;
  windowMs: number;
}

export const DEFAULT_FEED_LIMITS: FeedLimits = { maxCalls: 600, windowMs: 60_000 };

/**
 * Counts every call of a credential on the login limits' counters (Redis when configured, so
 * every instance counts together; DESIGN.md §2) and refuses past the limit with 429.
 */
export class FeedRateLimit {
  constructor(
    private readonly counter: IpFailureCounter,
    private readonly limits: FeedLimits,
    private readonly clock: () => number,
  ) {}

  async hit(clientId: string): Promise<void> {
    const count = await this.counter.increment(`feed:${clientId}`, this.clock());
    if (count > this.limits.maxCalls) {
      const seconds = Math.ceil(this.limits.windowMs / 1000);
      throw new AppError(
        BodyStatus.tooManyRequests,
        FEED_RATE_LIMITED_CODE,
        bilingual(
          `该应用的调用过于频繁（每 ${seconds} 秒最多 ${this.limits.maxCalls} 次），请稍后再试`,
          `Too many calls from this app (at most ${this.limits.maxCalls} per ${seconds} s); try again later`,
        ),
      );
    }
  }
}
