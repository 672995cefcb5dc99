/**
 * The desktop shell's header data (issue 4): the bell's counts and messages (spec §2 Header,
 * §3 Message, §8 'ignore all'), the to-do popup (spec §2 Other dialogs, §9: 3 per page), the
 * theme dialog's save (spec §2, §4, §6) and the left-layout lock (spec §2). Every answer is
 * about the caller only; nothing here takes another user's id.
 */
import {
  MESSAGE_IMPORTANCE_MAX,
  MESSAGE_IMPORTANCE_MIN,
  SET_THEME_SUCCESS,
  UNREAD_MESSAGE_LIST_MAX,
  type Message,
  type SetThemeBody,
  type TodoPage,
  type TodoPageQuery,
  type UnhandleCount,
  type UnreadCodeCount,
} from '@campus/contracts/desktop';
import { badRequest, forbidden, notFound } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AppCatalogueService } from '../base/app-catalogue.service.ts';
import type { BaseService } from '../base/base.service.ts';
import type { DirectoryService } from '../uaa/directory.service.ts';
import type { SessionUser } from '../uaa/session.service.ts';
import type { ReadFreshness } from './desktop-read-cache.ts';
import type { DesktopRepository } from './desktop.repository.ts';
import {
  SWATCH_NAMES,
  appUnreadCounts,
  parseMessageContent,
  resolveThemeChoice,
  safeLink,
} from './desktop-rules.ts';

export class DesktopService {
  constructor(
    private readonly repository: DesktopRepository,
    private readonly deps: {
      base: Pick<BaseService, 'isBaseAdmin'>;
      catalogue: Pick<AppCatalogueService, 'apps'>;
      /** Themes are saved on the user rows, which the uaa owns. */
      directory: Pick<DirectoryService, 'setTheme' | 'setUnitTheme'>;
      audit: AuditService;
      clock: () => number;
    },
  ) {}

  /** Spec §7 unhandlecount: the caller's open to-dos and unread messages. */
  async unhandleCount(user: SessionUser, read: ReadFreshness = {}): Promise<UnhandleCount> {
    return this.repository.countOpenTodosAndUnreadMessages(user.userId, read);
  }

  /** Spec §7 message_select_not_read: the caller's unread messages, newest first. */
  async unreadMessages(user: SessionUser, read: ReadFreshness = {}): Promise<Message[]> {
    const [rows, apps] = await Promise.all([
      this.repository.unreadMessages(user.userId, UNREAD_MESSAGE_LIST_MAX, read),
      this.deps.catalogue.apps(),
    ]);
    const names = new Map(apps.map((a) => [a.code, a]));
    return rows.map((row) => ({
      id: row.id,
      messageMeno: row.messageMeno,
      module: row.module,
      messageDate: row.messageDate,
      importance: Math.min(
        MESSAGE_IMPORTANCE_MAX,
        Math.max(MESSAGE_IMPORTANCE_MIN, row.importance),
      ),
      openWay: row.openWay,
      url: safeLink(row.url),
      content: parseMessageContent(row.content, names),
    }));
  }

  /**
   * Spec §7 unReadCodeCount: app code → the caller's unread count in it: the badge the app set
   * (issue 13 §4), else the caller's unread messages from it.
   */
  async unreadCodeCount(user: SessionUser, read: ReadFreshness = {}): Promise<UnreadCodeCount> {
    const { messages, badges } = await this.repository.unreadSources(user.userId, read);
    const counts: UnreadCodeCount = {};
    for (const [module, count] of appUnreadCounts(messages, badges)) {
      if (count > 0) counts[module] = count;
    }
    return counts;
  }

  /** Spec §7 message_update_status_by_me ('ignore all'): answers how many were marked read. */
  ignoreAllMessages(user: SessionUser): Promise<number> {
    return this.repository.markAllRead(user.userId, this.deps.clock());
  }

  /**
   * Spec §7 message_update_statusby_id ('ignore one'): one of the caller's own messages. An
   * unknown id and someone else's message get the same not-found answer, so ids cannot be
   * probed. Answers how many were marked (0 when it was already read).
   */
  async ignoreMessage(user: SessionUser, messageId: string): Promise<number> {
    const marked = await this.repository.markOneRead(user.userId, messageId, this.deps.clock());
    if (marked === undefined) {
      throw notFound(bilingual('消息不存在', 'No such message'));
    }
    return marked;
  }

  /** Spec §7 popUpBox_select: a page of the caller's open to-dos; `start` is a row offset. */
  async todoPage(user: SessionUser, query: TodoPageQuery): Promise<TodoPage> {
    const { rows, total } = await this.repository.openTodos(user.userId, query.start, query.size);
    return {
      list: rows.map((row) => ({
        id: row.id,
        title: row.title,
        module: row.module,
        url: safeLink(row.url),
        createdAt: row.createdAt,
      })),
      pages: Math.ceil(total / query.size),
      total,
    };
  }

  /**
   * Spec §7 settheme. `color` saves the caller's own theme; `default_color` gives it to every
   * user of the caller's unit and is for base admins only (spec §6), audited. Afterwards
   * my_desktop/color and /me answer the new theme (the cached sessions are evicted).
   */
  async setTheme(user: SessionUser, body: SetThemeBody, ip: string): Promise<string> {
    const choice = resolveThemeChoice(body.theme, body.layout);
    if (!choice) {
      const swatches = SWATCH_NAMES.join(', ');
      const message = bilingual(
        `主题须为 ink、lotus、cartoon，色板（${swatches}）或 #RGB/#RRGGBB 颜色`,
        `The theme must be ink, lotus, cartoon, a swatch (${swatches}) or a #RGB/#RRGGBB colour`,
      );
      throw badRequest([{ field: 'theme', message }], message);
    }
    switch (body.type) {
      case 'color':
        await this.deps.directory.setTheme(user.userId, choice);
        break;
      case 'default_color': {
        if (!(await this.deps.base.isBaseAdmin(user, user.userId))) {
          throw forbidden(
            bilingual(
              '只有基础平台管理员可以为全部用户设置主题',
              'Only base platform administrators may set the theme for all users',
            ),
          );
        }
        const users = await this.deps.directory.setUnitTheme(user.unitId, choice);
        await this.deps.audit.record('desktop.theme_sync', {
          userId: user.userId,
          unitId: user.unitId,
          ip,
          detail: {
            theme: choice.theme,
            themeColor: choice.themeColor,
            layout: choice.layout ?? null,
            users,
          },
        });
        break;
      }
    }
    return SET_THEME_SUCCESS;
  }

  /** The left layout's lock, kept per user (spec §2); unlocked until set. */
  leftLocked(user: SessionUser): Promise<boolean> {
    return this.repository.leftLocked(user.userId);
  }

  async setLeftLocked(user: SessionUser, locked: boolean): Promise<boolean> {
    await this.repository.setLeftLocked(user.userId, locked, this.deps.clock());
    return locked;
  }
}
