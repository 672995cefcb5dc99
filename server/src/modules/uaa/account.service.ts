/**
 * What a signed-in user and the login page read: the session state of spec §3 (/me),
 * the unit's login-page configuration, and the list of social providers.
 */
import { UserType, isArea, isParent } from '@campus/contracts/user-types';
import type { DecorationSet, MeData, SocialProvider, UnitConfigData } from '@campus/contracts/uaa';
import { DEFAULT_THEME_COLOR } from '@campus/contracts/theme';
import { unitLogoUrl } from '@campus/contracts/storage';
import { ok } from '../../core/envelope.ts';
import { notFound } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { SessionCache } from './session-cache.ts';
import type { SessionUser } from './session.service.ts';
import type { ChildRecord, UaaRepository, UnitRecord } from './uaa.repository.ts';

/** Spec §1: unit type 1 is an area, 2 a school. */

export class AccountService {
  constructor(
    private readonly repository: UaaRepository,
    private readonly cache: SessionCache,
  ) {}

  /**
   * The /me answer (the session state of spec §3 in the envelope), serialised once and
   * cached with the session, evicted with it. Every page checks /me: this is the hot path.
   */
  async meAnswer(user: SessionUser, accessToken: string, tokenHash: string): Promise<string> {
    const cached = this.cache.getMeAnswer(tokenHash);
    if (cached) return cached;
    const answer = JSON.stringify(ok(await this.buildMe(user, accessToken)));
    this.cache.setMeAnswer(tokenHash, answer);
    return answer;
  }

  private async buildMe(user: SessionUser, accessToken: string): Promise<MeData> {
    // Children matter only to parents (spec §6); the linked account to teachers and parents.
    const [children, linked, schools] = await Promise.all([
      isParent(user.userType)
        ? this.repository.listChildren(user.userId)
        : Promise.resolve<ChildRecord[]>([]),
      user.userType === UserType.teacher || isParent(user.userType)
        ? this.repository.findLinkedAccount(user.userId)
        : Promise.resolve(undefined),
      // An area's desktop overviews the schools under it (spec §1 unit type 1).
      isArea(user.unitType) ? this.repository.listChildUnits(user.unitId) : Promise.resolve([]),
    ]);
    const current = pickCurrentChild(children, user.currentChildId);
    return {
      userId: user.userId,
      userType: user.userType,
      unitId: user.unitId,
      unitType: user.unitType,
      realName: user.realName,
      loginName: user.loginName,
      avatar: user.avatar,
      unitName: user.unitName,
      unitEnName: user.unitEnName,
      sex: user.sex,
      superman: user.superman,
      accessToken,
      // The unit itself comes first: a school without separate campuses is its own single
      // campus; an area lists the schools under it after itself.
      campusUnits: JSON.stringify([
        { campusId: user.unitId, name: user.unitName, enName: user.unitEnName },
        ...schools.map((s) => ({ campusId: s.id, name: s.name, enName: s.enName })),
      ]),
      chirdenId: current?.id ?? null,
      chirdenName: current?.realName ?? null,
      chirdenList: children.map(toChild),
      currentChirden: current ? toChild(current) : null,
      unitStatus: user.unitStatus,
      userStatus: user.userStatus,
      theme: user.theme,
      themeColor: user.themeColor ?? DEFAULT_THEME_COLOR,
      currentLayout: user.currentLayout === 'left' ? 'left' : 'top',
      langType: user.langType === 'en' ? 'en' : 'zh-CN',
      linkedUserId: linked?.id ?? null,
      linkedUserType: linked?.userType ?? null,
    };
  }

  /**
   * A parent's current child as /me reports it (spec §6: parents pick a child): the
   * chosen one, else the first; null for a parent without children and for other users.
   */
  async currentChild(user: SessionUser): Promise<ChildRecord | null> {
    if (!isParent(user.userType)) return null;
    return pickCurrentChild(await this.repository.listChildren(user.userId), user.currentChildId);
  }

  /**
   * The login page's unit: the one asked for, else the one whose configured hosts
   * include this request's host, else the default school.
   */
  async unitConfig(unitId: string | undefined, host: string | undefined): Promise<UnitConfigData> {
    const unit = unitId ? await this.repository.findUnit(unitId) : await this.unitForHost(host);
    if (!unit) throw notFound(bilingual('单位不存在', 'Unit not found'));
    return toUnitConfig(unit);
  }

  private async unitForHost(host: string | undefined): Promise<UnitRecord | undefined> {
    if (host) {
      const normalised = host.toLowerCase();
      const candidates = await this.repository.findUnitsByHostLike(normalised);
      const exact = candidates.find((u) =>
        (u.hosts ?? '')
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .includes(normalised),
      );
      if (exact) return exact;
    }
    return this.repository.findDefaultUnit();
  }

  /** No third-party providers are configured yet; the list is empty (issue 2). */
  socialProviders(): SocialProvider[] {
    return [];
  }
}

function pickCurrentChild(
  children: readonly ChildRecord[],
  currentChildId: string | null,
): ChildRecord | null {
  return children.find((c) => c.id === currentChildId) ?? children[0] ?? null;
}

function toChild(child: ChildRecord) {
  return {
    id: child.id,
    realName: child.realName,
    gradeName: child.gradeName,
    className: child.className,
  };
}

function toUnitConfig(unit: UnitRecord): UnitConfigData {
  return {
    unitId: unit.id,
    unitName: unit.name,
    unitEnName: unit.enName,
    unitType: unit.unitType,
    logoUrl: unit.logoFileId ? unitLogoUrl(unit.id) : null,
    footer: unit.footer,
    link: safeLink(unit.footerLink),
    helpCenter: unit.helpCenter === 1,
    autoLogin: unit.autologin === 1,
    decorationSet: normaliseDecorationSet(unit.decorationSet),
  };
}

/** Only http(s) links leave the server: a `javascript:` footer link must never reach a page. */
function safeLink(link: string | null): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Unparseable configuration becomes an empty object rather than breaking the login page. */
function normaliseDecorationSet(raw: string | null): string {
  if (!raw) return '{}';
  try {
    const parsed = JSON.parse(raw) as DecorationSet;
    const baList = parsed.footerMsg?.baList?.map((entry) => ({
      ...entry,
      baUrl: entry.baUrl ? (safeLink(entry.baUrl) ?? undefined) : undefined,
    }));
    if (parsed.footerMsg && baList) parsed.footerMsg.baList = baList;
    return JSON.stringify(parsed);
  } catch {
    return '{}';
  }
}
