/**
 * The console's units (issue 13 §2 "Units", DESIGN.md §10): a unit's names, type and parent
 * area, its logo, its login page (spec §3 Unit login page config), its single-sign-on URL and
 * ticket issuer, and its WeCom and WeChat providers; and a new school under an area. Every call
 * first asks {@link AdminAccess} whether the caller administers the unit; every change is
 * checked by the CLI's rules (`admin-rules.ts`) and written with its audit entry in one
 * transaction.
 */
import {
  FILING_ENTRIES_MAX,
  LOGIN_PAGE_TEXT_MAX,
  UNIT_LOGO_MAX_BYTES,
  UNIT_THEMES_MAX,
  type AdminFilingEntry,
  type AdminLoginPage,
  type AdminNewSchoolBody,
  type AdminSignInBody,
  type AdminSocialBody,
  type AdminUnitBasicsBody,
  type AdminUnitDetail,
  type AdminUnitLogoBody,
  type AdminUnitTheme,
} from '@campus/contracts/admin-directory';
import type { AdminUnit } from '@campus/contracts/admin';
import type { FieldError } from '@campus/contracts/envelope';
import type { SocialProviderType } from '@campus/contracts/social';
import { unitLogoUrl } from '@campus/contracts/storage';
import { validateColor } from '@campus/contracts/theme';
import type { DecorationSet } from '@campus/contracts/uaa';
import { isArea, UnitType } from '@campus/contracts/user-types';
import { randomUUID } from 'node:crypto';
import { badRequest, forbidden, notFound } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import { safeHttpUrl, safeLink } from '../desktop/desktop-rules.ts';
import type { StorageService } from '../storage/storage.service.ts';
import { checkedTicketIssuer } from '../uaa/recovery-admin.service.ts';
import type { SessionUser } from '../uaa/session.service.ts';
import type { UnitRecord } from '../uaa/uaa.repository.ts';
import type { ConsoleDeps } from './admin-console.ts';
import {
  actorOf,
  auditEntry,
  checkSsoUrl,
  checkUnitNames,
  checkUnitType,
  field,
  requireText,
} from './admin-rules.ts';

const onlyAreaSetsParent = () =>
  forbidden(
    bilingual(
      '只有区域管理员可以设置上级区域，且只能设为本区域',
      'Only an area administrator may set a parent area, and only to their own area',
    ),
  );

const onlyAreaCreatesSchools = () =>
  forbidden(
    bilingual(
      '只有区域管理员可以在本区域下新建学校',
      'Only an area administrator may create a school, under their own area',
    ),
  );

export class AdminUnitsService {
  constructor(
    private readonly deps: ConsoleDeps,
    private readonly storage: Pick<StorageService, 'logoCandidate'>,
  ) {}

  /** Everything the console shows of a unit the caller administers. */
  async detail(user: SessionUser, unitId: string): Promise<AdminUnitDetail> {
    await this.deps.access.assertManages(user, unitId);
    return this.read(unitId);
  }

  /**
   * A unit's names, type and parent area. Only an area's administrator may change a parent, and
   * only to their own area (or none); a school sits under an area and nothing under a school, so
   * an area with units under it stays an area, and a unit under an area is a school.
   */
  async updateBasics(
    user: SessionUser,
    unitId: string,
    body: AdminUnitBasicsBody,
    ip: string | null,
  ): Promise<AdminUnitDetail> {
    const target = await this.deps.access.assertManages(user, unitId);
    const own = (await this.deps.access.scope(user)).units[0];
    const errors: FieldError[] = [];
    const { name, enName } = checkUnitNames(errors, body);
    checkUnitType(errors, body.unitType);
    const parentId = body.areaId?.trim() || null;
    if (parentId !== target.parentId) {
      if (!own || !isArea(own.unitType) || (parentId !== null && parentId !== own.unitId)) {
        throw onlyAreaSetsParent();
      }
      if (target.unitId === own.unitId) {
        errors.push(
          field('areaId', '区域不能设置上级区域', 'An area cannot be put under another area'),
        );
      }
    }
    if (parentId !== null && isArea(body.unitType)) {
      errors.push(
        field(
          'unitType',
          '位于区域之下的单位须为学校（类型 2）',
          'A unit under an area must be a school (type 2)',
        ),
      );
    }
    if (isArea(target.unitType) && body.unitType === UnitType.school) {
      const under = await this.deps.domains.directory.unitsUnder(target.unitId);
      if (under.length > 0) {
        errors.push(
          field(
            'unitType',
            `该区域下还有 ${under.length} 个单位，不能改为学校`,
            `${under.length} unit(s) sit under this area: it cannot become a school`,
          ),
        );
      }
    }
    if (errors.length > 0) throw badRequest(errors);

    const change = { name, enName, unitType: body.unitType, parentId };
    await this.deps.inTransaction(async ({ directory, audit }) => {
      await directory.updateUnit(target.unitId, change);
      await audit.record(
        'admin.update_unit',
        auditEntry(actorOf(user, ip), target.unitId, {
          unitId: target.unitId,
          ...change,
          previous: basics(target),
        }),
      );
    });
    return this.read(target.unitId);
  }

  /** A new school under the caller's own area (area administrators only). */
  async createSchool(
    user: SessionUser,
    body: AdminNewSchoolBody,
    ip: string | null,
  ): Promise<AdminUnitDetail> {
    const own = (await this.deps.access.scope(user)).units[0];
    if (!own || !isArea(own.unitType) || body.areaId !== own.unitId) {
      throw onlyAreaCreatesSchools();
    }
    const errors: FieldError[] = [];
    const { name, enName } = checkUnitNames(errors, body);
    if (errors.length > 0) throw badRequest(errors);
    const unit = {
      id: randomUUID(),
      name,
      enName,
      unitType: UnitType.school,
      parentId: own.unitId,
    };
    await this.deps.inTransaction(async ({ directory, audit }) => {
      await directory.createUnit({ ...unit, createdAt: this.deps.clock() });
      await audit.record(
        'admin.create_unit',
        auditEntry(actorOf(user, ip), unit.id, { ...unit, unitId: unit.id }),
      );
    });
    return this.read(unit.id);
  }

  /**
   * The unit's logo: an image the caller uploaded through the file service (spec §7 base64
   * image or simple upload), at most 1 MiB, checked by its signature; null removes the logo.
   */
  async setLogo(
    user: SessionUser,
    unitId: string,
    body: AdminUnitLogoBody,
    ip: string | null,
  ): Promise<AdminUnitDetail> {
    await this.deps.access.assertManages(user, unitId);
    const unit = await this.requireUnit(unitId);
    const fileId = body.fileId?.trim() || null;
    if (fileId !== null && fileId !== unit.logoFileId) {
      const candidate = await this.storage.logoCandidate(user, fileId, UNIT_LOGO_MAX_BYTES);
      if (candidate === 'notFound') {
        throw badRequest([
          field(
            'fileId',
            '没有找到您上传的这个文件，请先上传标志图片',
            'No file you uploaded has this id: upload the logo image first',
          ),
        ]);
      }
      if (candidate === 'tooLarge') {
        throw badRequest([
          field('fileId', '单位标志不能超过 1 MB', 'The unit logo must be at most 1 MB'),
        ]);
      }
      if (candidate === 'notImage') {
        throw badRequest([
          field(
            'fileId',
            '单位标志须为 png、jpg、gif、bmp 或 tif 图片',
            'The unit logo must be a png, jpg, gif, bmp or tif image',
          ),
        ]);
      }
    }
    await this.deps.inTransaction(async ({ directory, audit }) => {
      await directory.updateUnit(unit.id, { logoFileId: fileId });
      await audit.record(
        'admin.set_unit_logo',
        auditEntry(actorOf(user, ip), unit.id, {
          unitId: unit.id,
          fileId,
          previousFileId: unit.logoFileId,
        }),
      );
    });
    return this.read(unit.id);
  }

  /**
   * The login page of spec §3: the footer text and its link, the help centre and autologin
   * flags, and in the decorationSet the copyright line, the filing entries and the unit's
   * themes (other keys an older configuration holds are kept).
   */
  async setLoginPage(
    user: SessionUser,
    unitId: string,
    body: AdminLoginPage,
    ip: string | null,
  ): Promise<AdminUnitDetail> {
    await this.deps.access.assertManages(user, unitId);
    const unit = await this.requireUnit(unitId);
    const errors: FieldError[] = [];
    const footer = optionalText(errors, 'footer', body.footer, ['页脚文字', 'The footer text']);
    const copyright = optionalText(errors, 'copyright', body.copyright, [
      '版权信息',
      'The copyright line',
    ]);
    const footerLink = optionalUrl(errors, 'footerLink', body.footerLink);
    const filings = checkFilings(errors, body.filings);
    const themeList = checkThemes(errors, body.themeList);
    if (errors.length > 0) throw badRequest(errors);

    const decoration: DecorationSet & Record<string, unknown> = {
      ...storedDecoration(unit.decorationSet),
      themeList: themeList.map((t) => ({
        name: t.name,
        ...(t.enName ? { enName: t.enName } : {}),
        color: t.color,
      })),
      footerMsg: {
        show: body.footerShow,
        helpCenter: body.helpCenter,
        showBaMsg: body.filingShow,
        baList: filings.map((f) => ({
          baContent: f.baContent,
          baUrl: f.baUrl ?? '',
          baImg: f.baImg ?? '',
          showImg: f.showImg,
        })),
        ...(copyright ? { copyright } : {}),
      },
    };
    await this.deps.inTransaction(async ({ directory, audit }) => {
      await directory.updateUnit(unit.id, {
        footer,
        footerLink,
        helpCenter: body.helpCenter ? 1 : 0,
        autologin: body.autologin ? 1 : 0,
        decorationSet: JSON.stringify(decoration),
      });
      await audit.record(
        'admin.set_login_page',
        auditEntry(actorOf(user, ip), unit.id, {
          unitId: unit.id,
          footer,
          footerLink,
          copyright,
          footerShow: body.footerShow,
          helpCenter: body.helpCenter,
          filingShow: body.filingShow,
          filings: filings.length,
          themes: themeList.length,
          autologin: body.autologin,
        }),
      );
    });
    return this.read(unit.id);
  }

  /**
   * The single-sign-on URL (spec §7) and the trusted ticket issuer (issue 12 §3), by the CLI's
   * rules (`set-sso-url`, `set-ticket-issuer`); each one that changes is audited as there. Also
   * the face sign-in switch (issue 14 §1), when given, audited when it changes.
   */
  async setSignIn(
    user: SessionUser,
    unitId: string,
    body: AdminSignInBody,
    ip: string | null,
  ): Promise<AdminUnitDetail> {
    await this.deps.access.assertManages(user, unitId);
    const unit = await this.requireUnit(unitId);
    const errors: FieldError[] = [];
    const ssoUrl = checkSsoUrl(errors, body.ssoUrl, 'ssoUrl');
    const issuer = checkedTicketIssuer(body.ticketIssuerUrl, 'ticketIssuerUrl');
    if ('error' in issuer) errors.push(issuer.error);
    if (errors.length > 0 || 'error' in issuer) throw badRequest(errors);

    const actor = actorOf(user, ip);
    await this.deps.inTransaction(async ({ directory, unitSettings, audit }) => {
      const previousUrl = (await unitSettings.change(unit.id, { ssoLoginUrl: ssoUrl })).ssoLoginUrl;
      if (previousUrl !== ssoUrl) {
        await audit.record(
          'admin.set_sso_url',
          auditEntry(actor, unit.id, { unitId: unit.id, url: ssoUrl, previousUrl }),
        );
      }
      if (issuer.value !== unit.ticketIssuerUrl) {
        await directory.updateUnit(unit.id, { ticketIssuerUrl: issuer.value });
        await audit.record(
          'admin.set_ticket_issuer',
          auditEntry(actor, unit.id, { url: issuer.value, previous: unit.ticketIssuerUrl }),
        );
      }
      const faceSignIn = body.faceSignIn === undefined ? undefined : body.faceSignIn ? 1 : 0;
      if (faceSignIn !== undefined && faceSignIn !== unit.faceSignIn) {
        await directory.updateUnit(unit.id, { faceSignIn });
        await audit.record(
          'admin.set_face_sign_in',
          auditEntry(actor, unit.id, {
            enabled: faceSignIn === 1,
            previous: unit.faceSignIn === 1,
          }),
        );
      }
    });
    return this.read(unit.id);
  }

  /**
   * The unit's WeCom (`qy`) or WeChat (`mp`) provider, by the CLI's rule; the secret is
   * write-only, and left out it keeps the stored one.
   */
  async setSocialProvider(
    user: SessionUser,
    unitId: string,
    type: SocialProviderType,
    body: AdminSocialBody,
    ip: string | null,
  ): Promise<AdminUnitDetail> {
    await this.deps.access.assertManages(user, unitId);
    const unit = await this.requireUnit(unitId);
    const record = await this.deps.domains.socialProviders.check({
      unitId: unit.id,
      type,
      appId: body.appId,
      agentId: body.agentId,
      secret: body.secret ?? null,
    });
    await this.deps.inTransaction(async ({ socialProviders, audit }) => {
      await socialProviders.save(record);
      await audit.record(
        'admin.set_social_provider',
        auditEntry(actorOf(user, ip), unit.id, {
          type: record.type,
          appId: record.appId,
          agentId: record.agentId,
          secretChanged: Boolean(body.secret?.trim()),
        }),
      );
    });
    return this.read(unit.id);
  }

  async removeSocialProvider(
    user: SessionUser,
    unitId: string,
    type: SocialProviderType,
    ip: string | null,
  ): Promise<AdminUnitDetail> {
    await this.deps.access.assertManages(user, unitId);
    const unit = await this.requireUnit(unitId);
    await this.deps.inTransaction(async ({ socialProviders, audit }) => {
      if (!(await socialProviders.remove(unit.id, type))) {
        throw notFound(
          bilingual('本单位没有配置该第三方登录', 'The unit has no provider of this type'),
        );
      }
      await audit.record(
        'admin.remove_social_provider',
        auditEntry(actorOf(user, ip), unit.id, { type }),
      );
    });
    return this.read(unit.id);
  }

  private async requireUnit(unitId: string): Promise<UnitRecord> {
    const unit = await this.deps.domains.directory.findUnit(unitId);
    if (!unit) throw notFound(bilingual('单位不存在', 'Unit not found'));
    return unit;
  }

  /** The unit as the console shows it, read after any change has committed. */
  private async read(unitId: string): Promise<AdminUnitDetail> {
    const { unitSettings, socialProviders } = this.deps.domains;
    const unit = await this.requireUnit(unitId);
    const [sso, providers, parent] = await Promise.all([
      unitSettings.unitSsoLoginUrl(unit.id),
      socialProviders.list(unit.id),
      unit.parentId ? this.deps.domains.directory.findUnit(unit.parentId) : null,
    ]);
    return {
      unitId: unit.id,
      name: unit.name,
      enName: unit.enName,
      unitType: unit.unitType,
      parentId: unit.parentId,
      parent: parent ? { unitId: parent.id, name: parent.name, enName: parent.enName } : null,
      status: unit.status,
      logoFileId: unit.logoFileId,
      logoUrl: unit.logoFileId ? unitLogoUrl(unit.id) : null,
      loginPage: loginPageOf(unit),
      ssoUrl: sso,
      ticketIssuerUrl: unit.ticketIssuerUrl,
      faceSignIn: unit.faceSignIn === 1,
      socialProviders: providers,
    };
  }
}

function basics(unit: AdminUnit) {
  return {
    name: unit.name,
    enName: unit.enName,
    unitType: unit.unitType,
    parentId: unit.parentId,
  };
}

/** Free text of the login page: empty is none; at most 500 characters. */
function optionalText(
  errors: FieldError[],
  name: string,
  value: string | null,
  label: [string, string],
): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  requireText(errors, name, text, LOGIN_PAGE_TEXT_MAX, label);
  return text;
}

/** A link of the login page: empty is none, else an absolute http(s) address. */
function optionalUrl(errors: FieldError[], name: string, value: string | null): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  const url = safeHttpUrl(text);
  if (url === null) {
    errors.push(
      field(
        name,
        '链接须为以 http:// 或 https:// 开头的完整网址',
        `The link must be a full address starting with http:// or https://, got "${text}"`,
      ),
    );
  }
  return url;
}

/** Spec §3 Filing entry: a text, an optional http(s) link and an optional image address. */
function checkFilings(
  errors: FieldError[],
  filings: readonly AdminFilingEntry[],
): AdminFilingEntry[] {
  if (filings.length > FILING_ENTRIES_MAX) {
    errors.push(
      field(
        'filings',
        `备案信息最多 ${FILING_ENTRIES_MAX} 条`,
        `At most ${FILING_ENTRIES_MAX} filing entries`,
      ),
    );
    return [];
  }
  return filings.map((entry, i) => {
    const at = `filings.${i}`;
    const baContent = entry.baContent.trim();
    requireText(errors, `${at}.baContent`, baContent, 200, ['备案文字', 'The filing text']);
    const baUrl = optionalUrl(errors, `${at}.baUrl`, entry.baUrl);
    const imageText = entry.baImg?.trim() ?? '';
    // An image may be a path of this site (an uploaded picture) or an http(s) address.
    const baImg = imageText === '' ? null : safeLink(imageText);
    if (imageText !== '' && baImg === null) {
      errors.push(
        field(
          `${at}.baImg`,
          '备案图片须为本站路径（以 / 开头）或 http(s) 网址',
          `The filing image must be a path of this site (starting with /) or an http(s) address, got "${imageText}"`,
        ),
      );
    }
    if (entry.showImg && imageText === '') {
      errors.push(
        field(
          `${at}.baImg`,
          '显示备案图片时须填写图片地址',
          'Give the image to show for this filing',
        ),
      );
    }
    return { baContent, baUrl, baImg, showImg: entry.showImg };
  });
}

/** Spec §3 themeList: a name, an optional English name and a `#RRGGBB` colour each. */
function checkThemes(errors: FieldError[], themes: readonly AdminUnitTheme[]): AdminUnitTheme[] {
  if (themes.length > UNIT_THEMES_MAX) {
    errors.push(
      field('themeList', `主题最多 ${UNIT_THEMES_MAX} 个`, `At most ${UNIT_THEMES_MAX} themes`),
    );
    return [];
  }
  return themes.map((theme, i) => {
    const at = `themeList.${i}`;
    const name = theme.name.trim();
    const enName = theme.enName?.trim() || null;
    requireText(errors, `${at}.name`, name, 32, ['主题名称', 'The theme name']);
    if (enName !== null && [...enName].length > 64) {
      errors.push(
        field(
          `${at}.enName`,
          '英文名称不能超过 64 个字符',
          'The English name must be at most 64 characters',
        ),
      );
    }
    const color = validateColor(theme.color.trim());
    if (color === null) {
      errors.push(
        field(
          `${at}.color`,
          '颜色须为 #RRGGBB 形式，例如 #457CD6',
          `The colour must be written #RRGGBB, like #457CD6, got "${theme.color}"`,
        ),
      );
    }
    return { name, enName, color: color ?? theme.color };
  });
}

/** The stored decorationSet as an object; unreadable text is an empty one (as the login page reads it). */
function storedDecoration(raw: string | null): Record<string, unknown> {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/** The login page configuration as stored, read defensively (an older or hand-made one too). */
function loginPageOf(unit: UnitRecord): AdminLoginPage {
  const decoration = storedDecoration(unit.decorationSet) as DecorationSet;
  const footerMsg =
    typeof decoration.footerMsg === 'object' && decoration.footerMsg !== null
      ? decoration.footerMsg
      : {};
  const baList = Array.isArray(footerMsg.baList) ? footerMsg.baList : [];
  const themes = Array.isArray(decoration.themeList) ? decoration.themeList : [];
  return {
    footer: unit.footer,
    footerLink: unit.footerLink,
    copyright: text(footerMsg.copyright),
    footerShow: footerMsg.show !== false,
    helpCenter:
      typeof footerMsg.helpCenter === 'boolean' ? footerMsg.helpCenter : unit.helpCenter === 1,
    filingShow: footerMsg.showBaMsg === true,
    filings: baList
      .filter((entry) => typeof entry === 'object' && entry !== null)
      .map((entry) => ({
        baContent: text(entry.baContent) ?? '',
        baUrl: text(entry.baUrl),
        baImg: text(entry.baImg),
        showImg: entry.showImg === true,
      })),
    themeList: themes
      .filter((theme) => typeof theme === 'object' && theme !== null)
      .map((theme) => ({
        name: text(theme.name) ?? '',
        enName: text(theme.enName),
        color: text(theme.color) ?? '',
      })),
    autologin: unit.autologin === 1,
  };
}
