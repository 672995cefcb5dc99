/**
 * A unit's desktop settings (issue 4): the message configuration (spec §2 pcOpen: 1 shows a
 * plain dot on the bell instead of the count) and the single-sign-on login URL (spec §7). The
 * desktop answers them to the unit's users; the administrator changes them.
 */
import type { MessageConfig, SsoLoginUrl } from '@campus/contracts/desktop';
import type { SessionUser } from '../uaa/session.service.ts';
import type { DesktopRepository, UnitDesktopSettingsRecord } from './desktop.repository.ts';
import { safeHttpUrl } from './desktop-rules.ts';

/** A unit without a settings row: no dot, no SSO URL (docs/decisions.md). */
const DEFAULT_SETTINGS: UnitDesktopSettingsRecord = { messagePcOpen: 0, ssoLoginUrl: null };

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
    return safeHttpUrl((await this.settings(user.unitId)).ssoLoginUrl);
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
