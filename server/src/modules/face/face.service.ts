/**
 * Face enrolment, the face record, face sign-in and clock-in (spec §7; DESIGN.md §9; issue 14 §2).
 *
 * - Enrolment (`face/check`) is for oneself, or by an administrator of the user's unit
 *   (`AdminAccess`); the photo goes to the file store (owned by the enrolled user, so storage's
 *   own rule lets them and their unit's admins read it), the descriptor to `face_records`.
 * - Sign-in and clock-in search the login page's unit 1:N (face-rules.ts `findMatch`). A face
 *   nobody matches counts as a failed sign-in of the client address, as a wrong password does;
 *   a matched face that fails the liveness check counts against that account too, so five
 *   photos of someone's photo lock their account exactly as five wrong passwords would. The
 *   throttling numbers and rules are the uaa's own (login-limits.ts, the shared IP counter).
 */
import { randomUUID } from 'node:crypto';
import { BodyStatus, ErrorCode } from '@campus/contracts/envelope';
import {
  FACE_IMAGE_MAX_BYTES,
  type FaceCheckBody,
  type FaceClocking,
  type FaceClockingBody,
  type FaceEnrolment,
  type FaceLoginBody,
  type FaceRecord,
} from '@campus/contracts/face';
import { AppError, badRequest, forbidden, notFound } from '../../core/errors.ts';
import { bilingual, type Bilingual } from '../../core/messages.ts';
import type { AdminAccess } from '../admin/admin-access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { AccountService } from '../uaa/account.service.ts';
import type { IpFailureCounter } from '../uaa/ip-failure-counter.ts';
import { afterFailure, isLocked, type LoginLimits } from '../uaa/login-limits.ts';
import type {
  IssuedSession,
  RequestMeta,
  SessionService,
  SessionUser,
} from '../uaa/session.service.ts';
import type { UaaRepository, UserRecord } from '../uaa/uaa.repository.ts';
import type { FaceConfig } from './face-config.ts';
import {
  FaceBusyError,
  FaceImageError,
  type FaceAnalysis,
  type FaceEngine,
} from './face-engine.ts';
import {
  choosePhotoFace,
  decodeDescriptor,
  encodeDescriptor,
  findMatch,
  photoBytes,
  type EnrolledFace,
  type MatchOutcome,
  type PhotoProblem,
} from './face-rules.ts';
import type { FaceRepository } from './face.repository.ts';
import { accountDisabled, accountLocked, ipThrottled } from '../uaa/sign-in-errors.ts';

const MAX_MB = FACE_IMAGE_MAX_BYTES / (1024 * 1024);

/** The photo's problems, in the words the face component shows under the camera (spec §8). */
const PHOTO_MESSAGES: Record<
  PhotoProblem | 'empty' | 'not-base64' | 'too-large' | 'not-an-image' | 'too-many-pixels',
  Bilingual
> = {
  empty: bilingual('请先拍摄人脸照片', 'Please take a face photo first'),
  'not-base64': bilingual(
    '人脸照片不是有效的 base64 数据',
    'The face photo is not valid base64 data',
  ),
  'too-large': bilingual(
    `人脸照片不能超过 ${MAX_MB} MB`,
    `The face photo must be at most ${MAX_MB} MB`,
  ),
  'not-an-image': bilingual(
    '人脸照片必须是 JPEG、PNG 或 WebP 图片',
    'The face photo must be a JPEG, PNG or WebP image',
  ),
  'too-many-pixels': bilingual(
    '人脸照片尺寸过大（每边最多 4096 像素）',
    'The face photo is too large (at most 4096 pixels a side)',
  ),
  'no-face': bilingual(
    '照片中未检测到人脸，请正对摄像头',
    'No face was found: please face the camera',
  ),
  'several-faces': bilingual(
    '照片中有多张人脸，请确保镜头前只有一人',
    'More than one face is in view: only one person at a time, please',
  ),
  'face-too-small': bilingual(
    '人脸太小，请靠近摄像头',
    'The face is too small: please come closer to the camera',
  ),
};

/** Why a photo could not be enrolled (each with its words above). */
export type EnrolmentProblem = keyof typeof PHOTO_MESSAGES;

const photoProblem = (problem: keyof typeof PHOTO_MESSAGES) =>
  badRequest([{ field: 'faceImage', message: PHOTO_MESSAGES[problem] }]);

/** No enrolled face matched; a kiosk's clock-in has no password to fall back on. */
const notRecognised = (what: 'login' | 'clocking') =>
  new AppError(
    BodyStatus.badRequest,
    ErrorCode.invalidGrant,
    what === 'login'
      ? bilingual(
          '未能识别人脸，请重试或使用密码登录',
          'Face not recognised: try again or sign in with a password',
        )
      : bilingual(
          '未能识别人脸，请重试；未登记人脸请联系管理员',
          'Face not recognised: try again, or ask an administrator to enrol your face',
        ),
  );

const livenessFailed = () =>
  new AppError(
    BodyStatus.badRequest,
    'liveness_failed',
    bilingual(
      '未通过活体检测：请本人正对摄像头，不要使用照片或屏幕',
      'The liveness check failed: face the camera in person, not a photo or a screen',
    ),
  );

/** The unit's face sign-in switch is off (issue 14 §1): not a failed attempt. */
const faceSignInOff = () =>
  new AppError(
    BodyStatus.forbidden,
    'face_sign_in_off',
    bilingual(
      '本单位未开启人脸登录，请使用密码登录',
      'Face sign-in is not enabled for this unit: sign in with a password',
    ),
  );

const busy = () =>
  new AppError(
    BodyStatus.tooManyRequests,
    'face_busy',
    bilingual('人脸识别繁忙，请稍后再试', 'Face recognition is busy: please try again shortly'),
  );

const USER_NOT_FOUND = bilingual('用户不存在', 'User not found');

export interface FaceServiceDeps {
  engine: Pick<FaceEngine, 'analyse'>;
  repository: FaceRepository;
  files: Pick<FileStore, 'put' | 'get' | 'remove'>;
  /** Users and their failure state are the uaa's (login.service.ts keeps the same rules). */
  uaa: Pick<UaaRepository, 'findUserById' | 'setFailureState' | 'findUnit'>;
  accounts: Pick<AccountService, 'unitConfig'>;
  sessions: Pick<SessionService, 'issue'>;
  admins: Pick<AdminAccess, 'scope'>;
  ipFailures: IpFailureCounter;
  limits: LoginLimits;
  audit: AuditService;
  config: Pick<FaceConfig, 'liveness' | 'livenessMinScore'>;
  clock: () => number;
  /** Timings of each analysis, for the log (the route logs them). */
  onAnalysis?: (what: 'enrol' | 'login' | 'clocking', analysis: FaceAnalysis) => void;
}

/** Who a photo was recognised as, and how sure. */
interface Recognised {
  user: UserRecord;
  unitId: string;
  match: Extract<MatchOutcome, { kind: 'match' }>;
}

export class FaceService {
  /** The 1:N gallery per unit, reloaded when the unit's enrolments change (count, latest). */
  private readonly galleries = new Map<string, { key: string; faces: EnrolledFace[] }>();

  constructor(private readonly deps: FaceServiceDeps) {}

  /** `face/check`: enrols (or re-enrols) the face of `body.userId`. */
  async enrol(caller: SessionUser, body: FaceCheckBody, meta: RequestMeta): Promise<FaceEnrolment> {
    const target = await this.userActedOn(caller, body.userId);
    const outcome = await this.enrolPhoto(caller, target, body.faceImage, meta);
    if ('problem' in outcome) throw photoProblem(outcome.problem);
    return outcome;
  }

  /**
   * The enrolment itself, for `face/check` and the console's bulk enrolment alike (issue 14 §2),
   * once the caller's right to enrol `target` is settled: the photo's checks, the analysis, the
   * photo in the file store, the descriptor, the audit entry. A photo that cannot be enrolled
   * answers its problem; a busy engine or a failure throws. The previous photo, if any, leaves
   * the file store: only the current one is kept (docs/decisions.md, face retention).
   */
  async enrolPhoto(
    caller: SessionUser,
    target: Pick<UserRecord, 'id' | 'unitId'>,
    faceImage: string | undefined,
    meta: RequestMeta,
    via: 'check' | 'bulk' = 'check',
  ): Promise<FaceEnrolment | { problem: EnrolmentProblem }> {
    const result = photoBytes(faceImage, FACE_IMAGE_MAX_BYTES);
    if ('problem' in result) return { problem: result.problem };
    const { bytes } = result;
    let analysis: FaceAnalysis;
    try {
      analysis = await this.analyseRaw('enrol', bytes, { photo: true, liveness: false });
    } catch (error) {
      if (error instanceof FaceImageError) return { problem: error.reason };
      throw error;
    }
    const chosen = choosePhotoFace(analysis.faces);
    if ('problem' in chosen) return { problem: chosen.problem };
    const face = chosen.face;
    const now = this.deps.clock();
    const previous = await this.deps.repository.findByUser(target.id);
    const file = await this.deps.files.put(
      `face-${target.id}.jpg`,
      'image/jpeg',
      analysis.photo ?? bytes,
    );
    await this.deps.repository.upsert({
      userId: target.id,
      unitId: target.unitId,
      fileId: file.id,
      descriptor: encodeDescriptor(face.descriptor),
      enrolledBy: caller.userId,
      createdAt: now,
    });
    if (previous && previous.fileId !== file.id) await this.deps.files.remove(previous.fileId);
    this.galleries.delete(target.unitId);
    await this.deps.audit.record('face.enrol', {
      userId: caller.userId,
      unitId: target.unitId,
      ip: meta.ip,
      detail: {
        target: target.id,
        self: target.id === caller.userId,
        ...(via === 'bulk' ? { via } : {}),
      },
    });
    return { userId: target.id, registerTime: now };
  }

  /** Drops the unit's cached gallery: its enrolments changed outside this service. */
  forgetGallery(unitId: string): void {
    this.galleries.delete(unitId);
  }

  /** `face/user`: the photo (base64 JPEG) and registration time, or nulls before enrolment. */
  async record(caller: SessionUser, userId: string | undefined): Promise<FaceRecord> {
    const target = await this.userActedOn(caller, userId ?? caller.userId);
    const row = await this.deps.repository.findByUser(target.id);
    if (!row) return { faceImage: null, registerTime: null, userId: target.id };
    const file = await this.deps.files.get(row.fileId);
    return {
      faceImage: file ? file.bytes.toString('base64') : null,
      registerTime: row.createdAt,
      userId: target.id,
    };
  }

  /** `oauth/login/face`: a session for the recognised person, as the password sign-in issues. */
  async login(
    body: FaceLoginBody,
    meta: RequestMeta,
    host: string | undefined,
  ): Promise<{ user: UserRecord; session: IssuedSession }> {
    const { user, match } = await this.recognise('login', body, meta, host);
    if (user.failedCount > 0 || user.lockedUntil !== null) {
      await this.deps.uaa.setFailureState(user.id, {
        failedCount: 0,
        firstFailedAt: null,
        lockedUntil: null,
      });
    }
    const session = await this.deps.sessions.issue(user, meta, {
      audit: this.deps.audit.pending('login.success', {
        userId: user.id,
        unitId: user.unitId,
        ip: meta.ip,
        detail: { method: 'face', distance: round(match.distance), device: meta.device ?? null },
      }),
    });
    return { user, session };
  }

  /** `login/face/clocking`: an attendance row for the recognised person; no session. */
  async clockIn(
    body: FaceClockingBody,
    meta: RequestMeta,
    host: string | undefined,
  ): Promise<FaceClocking> {
    const { user, unitId, match } = await this.recognise('clocking', body, meta, host);
    const row = {
      id: randomUUID(),
      userId: user.id,
      unitId,
      clockedAt: this.deps.clock(),
      device: body.deviceId ?? meta.device ?? null,
    };
    await this.deps.repository.insertAttendance(row);
    await this.deps.audit.record('face.clock_in', {
      userId: user.id,
      unitId,
      ip: meta.ip,
      detail: { attendanceId: row.id, distance: round(match.distance), device: row.device },
    });
    return {
      attendanceId: row.id,
      userId: user.id,
      realName: user.realName,
      loginName: user.loginName,
      unitId,
      clockedAt: row.clockedAt,
      device: row.device,
    };
  }

  /**
   * The shared path of sign-in and clock-in: the photo's checks, the address's throttle, the
   * unit's face sign-in switch (sign-in only), the 1:N search in the login page's unit, the
   * account's lock, the liveness check, the account's state. Every refusal that could be someone trying faces counts as a failed sign-in.
   */
  private async recognise(
    what: 'login' | 'clocking',
    body: FaceLoginBody,
    meta: RequestMeta,
    host: string | undefined,
  ): Promise<Recognised> {
    const bytes = this.bytesOf(body.faceImage);
    const { deps } = this;
    const now = deps.clock();
    if ((await deps.ipFailures.current(meta.ip, now)) >= deps.limits.ipFailures) {
      await deps.audit.record('login.ip_throttled', { ip: meta.ip, detail: { method: 'face' } });
      throw ipThrottled(Math.ceil(deps.limits.ipWindowMs / 60000));
    }
    const unit = await deps.accounts.unitConfig(body.unitId, body.unitHost ?? host);
    // Sign-in waits for the unit's switch (issue 14 §1); clock-in does not.
    if (what === 'login' && (await deps.uaa.findUnit(unit.unitId))?.faceSignIn !== 1) {
      throw faceSignInOff();
    }
    const analysis = await this.analyse(what, bytes, {
      photo: false,
      liveness: deps.config.liveness,
    });
    const face = this.photoFace(analysis);
    const outcome = findMatch(face.descriptor, await this.gallery(unit.unitId));
    const user = outcome.kind === 'match' ? await deps.uaa.findUserById(outcome.userId) : undefined;
    // A record left behind by a user moved to another unit does not sign in here.
    if (outcome.kind !== 'match' || !user || user.unitId !== unit.unitId) {
      await this.recordFailure(undefined, meta, now, {
        unitId: unit.unitId,
        outcome: outcome.kind,
        nearest: round(outcome.kind === 'none' ? outcome.nearest : outcome.distance),
      });
      throw notRecognised(what);
    }
    if (isLocked(user, now)) {
      throw accountLocked(Math.ceil(((user.lockedUntil ?? now) - now) / 60000), 'attempts');
    }
    if (deps.config.liveness && !((analysis.real ?? 0) >= deps.config.livenessMinScore)) {
      const justLocked = await this.recordFailure(user, meta, now, {
        unitId: unit.unitId,
        outcome: 'liveness',
        real: round(analysis.real),
      });
      throw justLocked
        ? accountLocked(Math.ceil(deps.limits.accountLockMs / 60000), 'attempts')
        : livenessFailed();
    }
    if (user.status !== 1 || user.unitStatus !== 1) throw accountDisabled();
    return { user, unitId: unit.unitId, match: outcome };
  }

  /**
   * A failed face sign-in, counted as login.service.ts counts a wrong password: the address
   * always, the account when one was matched. True when this failure just locked the account.
   */
  private async recordFailure(
    user: UserRecord | undefined,
    meta: RequestMeta,
    now: number,
    detail: Record<string, unknown>,
  ): Promise<boolean> {
    const { deps } = this;
    await deps.ipFailures.increment(meta.ip, now);
    await deps.audit.record('login.failure', {
      userId: user?.id ?? null,
      unitId: user?.unitId ?? (typeof detail.unitId === 'string' ? detail.unitId : null),
      ip: meta.ip,
      detail: { method: 'face', ...detail },
    });
    if (!user) return false;
    const next = afterFailure(user, now, deps.limits);
    await deps.uaa.setFailureState(user.id, next);
    if (next.justLocked) {
      await deps.audit.record('login.lockout', {
        userId: user.id,
        unitId: user.unitId,
        ip: meta.ip,
        detail: { until: next.lockedUntil, method: 'face' },
      });
    }
    return next.justLocked;
  }

  /**
   * The user a caller enrols or reads: themself, or a user of a unit they administer. Anyone
   * else asking about another user is refused before learning whether that user exists.
   */
  private async userActedOn(caller: SessionUser, userId: string): Promise<UserRecord> {
    if (userId !== caller.userId) {
      const scope = await this.deps.admins.scope(caller);
      const target = await this.deps.uaa.findUserById(userId);
      if (!target) throw notFound(USER_NOT_FOUND);
      if (!scope.units.some((u) => u.unitId === target.unitId)) {
        throw forbidden(
          bilingual(
            '只能为本单位的用户登记人脸',
            'Only a user of a unit you administer can be enrolled',
          ),
        );
      }
      return target;
    }
    const self = await this.deps.uaa.findUserById(caller.userId);
    if (!self) throw notFound(USER_NOT_FOUND);
    return self;
  }

  private bytesOf(faceImage: string | undefined): Buffer {
    const result = photoBytes(faceImage, FACE_IMAGE_MAX_BYTES);
    if ('problem' in result) throw photoProblem(result.problem);
    return result.bytes;
  }

  private async analyse(
    what: 'enrol' | 'login' | 'clocking',
    bytes: Buffer,
    want: { photo: boolean; liveness: boolean },
  ): Promise<FaceAnalysis> {
    try {
      return await this.analyseRaw(what, bytes, want);
    } catch (error) {
      if (error instanceof FaceImageError) throw photoProblem(error.reason);
      throw error;
    }
  }

  /** The engine's analysis; an image it cannot read stays a {@link FaceImageError}. */
  private async analyseRaw(
    what: 'enrol' | 'login' | 'clocking',
    bytes: Buffer,
    want: { photo: boolean; liveness: boolean },
  ): Promise<FaceAnalysis> {
    try {
      const analysis = await this.deps.engine.analyse(bytes, want);
      this.deps.onAnalysis?.(what, analysis);
      return analysis;
    } catch (error) {
      if (error instanceof FaceBusyError) throw busy();
      throw error;
    }
  }

  private photoFace(analysis: FaceAnalysis) {
    const chosen = choosePhotoFace(analysis.faces);
    if ('problem' in chosen) throw photoProblem(chosen.problem);
    return chosen.face;
  }

  private async gallery(unitId: string): Promise<EnrolledFace[]> {
    const version = await this.deps.repository.unitVersion(unitId);
    const key = `${version.count}:${version.latest ?? ''}`;
    const cached = this.galleries.get(unitId);
    if (cached?.key === key) return cached.faces;
    const faces = (await this.deps.repository.descriptorsOfUnit(unitId)).map((row) => ({
      userId: row.userId,
      descriptor: decodeDescriptor(row.descriptor),
    }));
    this.galleries.set(unitId, { key, faces });
    return faces;
  }
}

function round(value: number | null): number | null {
  return value === null ? null : Math.round(value * 1000) / 1000;
}
