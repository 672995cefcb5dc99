/**
 * What a signed-in user and the login page read: the session state of spec §3 (/me),
 * and the unit's login-page configuration (the social providers: modules/social).
 */
import { isArea } from '@campus/contracts/user-types';
import type { DecorationSet, MeData, UnitConfigData } from '@campus/contracts/uaa';
import { DEFAULT_THEME_COLOR } from '@campus/contracts/theme';
import { unitLogoUrl } from '@campus/contracts/storage';
import { ok } from '../../core/envelope.ts';
import { notFound } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { FamilyService } from '../family/family.service.ts';
import type { SessionCache } from './session-cache.ts';
import type { SessionUser } from './session.service.ts';
import type { UaaRepository, UnitRecord } from './uaa.repository.ts';

export class AccountService {
  constructor(
    private readonly repository: UaaRepository,
    private readonly cache: SessionCache,
    /** Children and the linked account come from the family module. */
    private readonly family: Pick<FamilyService, 'meFamily'>,
  ) {}

  /** The /me answer already cached for this session, if any (answered without a promise). */
  cachedMeAnswer(tokenHash: string): Buffer | undefined {
    return this.cache.getMeAnswer(tokenHash);
  }

  /**
   * The /me answer (the session state of spec §3 in the envelope), serialised once and
   * cached with the session, evicted with it. Every page checks /me: this is the hot path.
   */
  async meAnswer(user: SessionUser, accessToken: string, tokenHash: string): Promise<Buffer> {
    const cached = this.cache.getMeAnswer(tokenHash);
    if (cached) return cached;
    const answer = Buffer.from(JSON.stringify(ok(await this.buildMe(user, accessToken))));
    this.cache.setMeAnswer(tokenHash, answer, user);
    return answer;
  }

  private async buildMe(user: SessionUser, accessToken: string): Promise<MeData> {
    const [{ children, current, linked }, schools] = await Promise.all([
      this.family.meFamily(user),
      // An area's desktop overviews the schools under it (spec §1 unit type 1).
      isArea(user.unitType) ? this.repository.listChildUnits(user.unitId) : Promise.resolve([]),
    ]);
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
      chirdenList: children,
      currentChirden: current,
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
