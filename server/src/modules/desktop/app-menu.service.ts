/**
 * The app-icon menu (issue 4; spec §2 Top app-icon menu, §3 App icon and App group, §6, §9):
 * the caller's apps by group with unread counts, the recently used apps (10 per user) and the
 * icon drag order (teachers and type 4). Which apps a user sees is decided here, on the server:
 * hidden apps, apps not meant for the user's type, and base/edu outside a school are left out.
 */
import { canDragIcons } from '@campus/contracts/user-types';
import {
  RECENT_APPS_MAX,
  type AppGroup,
  type AppIcon,
  type AppIconQuery,
  type IconOrder,
} from '@campus/contracts/desktop';
import type { FieldError } from '@campus/contracts/envelope';
import { appIconUrl, iconVariantForTheme } from '@campus/contracts/storage';
import { badRequest, forbidden, notFound } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { AppCatalogueService } from '../base/app-catalogue.service.ts';
import type { AppRecord } from '../base/base.repository.ts';
import type { SessionUser } from '../uaa/session.service.ts';
import type { DesktopRepository } from './desktop.repository.ts';
import { appUnreadCounts, appVisibleTo, orderIcons } from './desktop-rules.ts';

export class AppMenuService {
  constructor(
    private readonly repository: DesktopRepository,
    /** The apps and their groups are the base platform's catalogue. */
    private readonly catalogue: Pick<AppCatalogueService, 'apps' | 'appGroups'>,
    private readonly clock: () => number,
  ) {}

  /**
   * Spec §7 my_app_icon: the caller's app groups, each with its icons in the caller's drag
   * order (types 2 and 4, when saved) or the default order; empty groups are left out.
   * `userId` and `unitId` must be the caller's own.
   */
  async appGroups(user: SessionUser, query: AppIconQuery): Promise<AppGroup[]> {
    if (query.userId !== user.userId || query.unitId !== user.unitId) {
      throw forbidden(bilingual('只能查看自己的应用', 'You can only see your own apps'));
    }
    // The icon order and the unread counts come in one round trip (issue 15 §1).
    const [groups, apps, { order, unread }] = await Promise.all([
      this.catalogue.appGroups(),
      this.visibleApps(user),
      canDragIcons(user.userType)
        ? this.repository.iconOrderAndUnread(user.userId)
        : this.repository
            .unreadSources(user.userId)
            .then((sources) => ({ order: new Map<string, number>(), unread: sources })),
    ]);
    const counts = appUnreadCounts(unread.messages, unread.badges);
    const ordered = orderIcons(apps, order);
    return groups
      .map((group) => ({
        code: group.code,
        name: group.name,
        englishName: group.enName,
        iconVMs: ordered
          .filter((app) => app.groupCode === group.code)
          .map((app) => toIcon(app, user, counts)),
      }))
      .filter((group) => group.iconVMs.length > 0);
  }

  /** The caller's recently used apps, most recent first, only those they may still open. */
  async recentApps(user: SessionUser): Promise<AppIcon[]> {
    const [{ codes, unread }, apps] = await Promise.all([
      this.repository.recentAppCodesAndUnread(user.userId, RECENT_APPS_MAX),
      this.visibleApps(user),
    ]);
    const counts = appUnreadCounts(unread.messages, unread.badges);
    const byCode = new Map(apps.map((app) => [app.code, app]));
    return codes.flatMap((code) => {
      const app = byCode.get(code);
      return app ? [toIcon(app, user, counts)] : [];
    });
  }

  /**
   * The caller opened an app: it moves to the front of their recent apps, which keep the 10
   * most recent (spec §9). An unknown app is not found; one the caller may not open, forbidden.
   */
  async openApp(user: SessionUser, code: string): Promise<AppIcon[]> {
    const app = (await this.catalogue.apps()).find((a) => a.code === code);
    if (!app) throw notFound(bilingual('应用不存在', 'No such app'));
    if (!appVisibleTo(app, user)) {
      throw forbidden(bilingual('您不能使用该应用', 'This app is not available to you'));
    }
    await this.repository.touchRecentApp(user.userId, app.code, this.clock(), RECENT_APPS_MAX);
    return this.recentApps(user);
  }

  /**
   * Saves the caller's icon drag order (spec §2, §6: teachers and type 4 only). Every code must
   * be an app the caller sees; an empty list goes back to the default order.
   */
  async saveIconOrder(user: SessionUser, codes: readonly string[]): Promise<IconOrder> {
    if (!canDragIcons(user.userType)) {
      throw forbidden(
        bilingual('只有教师和职工可以调整应用顺序', 'Only teachers and staff can reorder apps'),
      );
    }
    const visible = new Set((await this.visibleApps(user)).map((app) => app.code));
    const errors: FieldError[] = [];
    codes.forEach((code, index) => {
      if (!visible.has(code)) {
        errors.push({
          field: `codes.${index}`,
          message: bilingual(
            `应用“${code}”不存在或不可用`,
            `The app "${code}" does not exist or is not available to you`,
          ),
        });
      }
    });
    if (errors.length > 0) throw badRequest(errors);
    await this.repository.replaceIconOrder(user.userId, codes);
    return { codes: [...codes] };
  }

  private async visibleApps(user: SessionUser): Promise<AppRecord[]> {
    return (await this.catalogue.apps()).filter((app) => appVisibleTo(app, user));
  }
}

function toIcon(app: AppRecord, user: SessionUser, counts: ReadonlyMap<string, number>): AppIcon {
  return {
    code: app.code,
    name: app.name,
    shortName: app.shortName,
    englishName: app.englishName,
    englishShortName: app.englishShortName,
    serverId: app.serverId,
    deployPath: app.deployPath,
    // Spec §3: icon paths per theme; this one matches the caller's saved theme.
    iconImg: appIconUrl(app.code, iconVariantForTheme(user.theme)),
    updateStatus: app.updateStatus,
    menuRoute: app.menuRoute,
    frontUserType: app.frontUserType,
    limitUserType: app.limitUserType,
    unReadCodeCount: counts.get(app.code) ?? 0,
  };
}
