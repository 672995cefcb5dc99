/**
 * A unit's desktop settings (issue 4): the message configuration (spec §2 pcOpen: 1 shows a
 * plain dot on the bell instead of the count), the single-sign-on login URL (spec §7) and the
 * desktop client's download addresses (spec §2 download-client dialog, issue 10 §4). The
 * desktop answers them to the unit's users; the administrator changes them.
 */
import {
  CLIENT_PACKAGE_KINDS,
  clientPackageUrl,
  type ClientPackageKind,
} from '@campus/contracts/client-downloads';
import type { MessageConfig, SsoLoginUrl } from '@campus/contracts/desktop';
import type { SessionUser } from '../uaa/session.service.ts';
import type { DesktopRepository, UnitDesktopSettingsRecord } from './desktop.repository.ts';
import { safeHttpUrl } from './desktop-rules.ts';

/** A unit without a settings row: no dot, no SSO URL, no download address (docs/decisions.md). */
const DEFAULT_SETTINGS: UnitDesktopSettingsRecord = {
  messagePcOpen: 0,
  ssoLoginUrl: null,
  clientInstallerUrl: null,
  clientPortableUrl: null,
};

/** The setting that holds each package's address. */
export const CLIENT_URL_SETTINGS = {
  installer: 'clientInstallerUrl',
  portable: 'clientPortableUrl',
} as const satisfies Record<ClientPackageKind, keyof UnitDesktopSettingsRecord>;

/** Each package's address for a unit; null where the unit gives none. */
export type ClientPackageUrls = Record<ClientPackageKind, string | null>;

export class UnitSettingsService {
  constructor(
    private readonly repository: DesktopRepository,
    private readonly clock: () => number,
  ) {}

  /** Spec §7 getMessageConfig: the caller's unit's message configuration (default pcOpen 0). */
  async messageConfig(user: SessionUser): Promise<MessageConfig> {
    const settings = await this.settings(user.unitId);
    return { pcOpen: settings.messagePcOpen === 1 ? 1 : 0 };
  }

  /** Spec §7 /api/sso/select/login/url: the caller's unit's SSO login URL, http(s) only. */
  async ssoLoginUrl(user: SessionUser): Promise<SsoLoginUrl> {
    return this.unitSsoLoginUrl(user.unitId);
  }

  /** A unit's SSO login URL, http(s) only: what its login page offers (issue 12 §3). */
  async unitSsoLoginUrl(unitId: string): Promise<SsoLoginUrl> {
    return safeHttpUrl((await this.settings(unitId)).ssoLoginUrl);
  }

  /**
   * The unit's own download address of each package (spec §2 download-client dialog), through
   * contracts' rule again: a value written around the admin CLI never reaches a page.
   */
  async clientPackageUrls(unitId: string): Promise<ClientPackageUrls> {
    const settings = await this.settings(unitId);
    const urls: ClientPackageUrls = { installer: null, portable: null };
    for (const kind of CLIENT_PACKAGE_KINDS) {
      urls[kind] = clientPackageUrl(settings[CLIENT_URL_SETTINGS[kind]]);
    }
    return urls;
  }

  /** Changes the named settings of a unit, keeping the others; answers what they were. */
  async change(
    unitId: string,
    change: Partial<UnitDesktopSettingsRecord>,
  ): Promise<UnitDesktopSettingsRecord> {
    const previous = await this.settings(unitId);
    await this.repository.upsertUnitDesktopSettings(unitId, change, this.clock());
    return previous;
  }

  private async settings(unitId: string): Promise<UnitDesktopSettingsRecord> {
    return (await this.repository.unitDesktopSettings(unitId)) ?? DEFAULT_SETTINGS;
  }
}
