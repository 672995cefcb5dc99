/**
 * One feed of messages, to-dos and badges from every app (issue 13 §4, DESIGN.md §10). Three
 * callers reach the same rules here:
 * - a sub-app's server, over /api/feed/… with its client credential (`FeedApp`);
 * - cms, in process, when a notice is published (`noticeFeed`): the same checks as over HTTP;
 * - the console, composing as the base platform (`compose`), for the units its admin manages.
 *
 * Who an app may address (our rule; docs/decisions.md): the users of the credential's unit
 * and, when that unit is an area, of the schools under it; among those units only the ones whose
 * licence for the app runs (spec §4), and among their users only the types the app is for
 * (its limitUserType, spec §3). Anything else is refused with 403 and says why.
 *
 * Each send is recorded (`feed_sends`) and its rows written to the desktop's inbox in one
 * transaction, with the console's audit entry; the bell, the to-do popup, the messages dialog
 * and unReadCodeCount then show them like any other.
 */
import { randomUUID } from 'node:crypto';
import {
  type ComposeBody,
  type FeedAudience,
  type FeedBadge,
  type FeedMessageBody,
  type FeedSendResult,
  type FeedTodoBody,
  type FeedTodoDone,
  type SentItem,
  type SentList,
  type SentQuery,
} from '@campus/contracts/app-feed';
import type { FieldError } from '@campus/contracts/envelope';
import { UserType, userTypesOf } from '@campus/contracts/user-types';
import { badRequest, forbidden, notFound } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { AdminAccess } from '../admin/admin-access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AppCatalogueService } from '../base/app-catalogue.service.ts';
import type { BaseService } from '../base/base.service.ts';
import type { NoticeFeed } from '../cms/cms.service.ts';
import { safeLink } from '../desktop/desktop-rules.ts';
import type { InboxService } from '../desktop/inbox.service.ts';
import type { DirectoryService } from '../uaa/directory.service.ts';
import type { SessionUser } from '../uaa/session.service.ts';
import { audienceProblems, storedAudience } from './feed-rules.ts';
import type { FeedRepository, NewSend } from './feed.repository.ts';

/** The app the console sends as (spec §3 module of its messages and to-dos). */
export const CONSOLE_APP_CODE = 'base';
/** The importance of a notice's message in the parents' bells (spec §3: 3 of 5). */
export const NOTICE_IMPORTANCE = 3;
/** Where a notice's message leads: cms, whose redirect path opens the parent's page (spec §2). */
export const NOTICE_URL = '/cms/notice';

/** An app sending: the credential's app and unit; `clientId` null for cms in process. */
export interface FeedApp {
  appCode: string;
  unitId: string;
  clientId: string | null;
}

/** The repositories and services a send writes through, bound to one transaction. */
export interface FeedTransaction {
  feed: FeedRepository;
  inbox: InboxService;
  audit: Pick<AuditService, 'record'>;
}
export type InFeedTransaction = <T>(work: (tx: FeedTransaction) => Promise<T>) => Promise<T>;

/** A send checked and resolved, ready to deliver. */
export interface PlannedSend extends NewSend {
  userIds: string[];
}

interface SendContent {
  kind: 'message' | 'todo';
  title: string;
  importance: number | null;
  url: string | undefined;
}

const nobody = () =>
  badRequest([
    {
      field: 'audience',
      message: bilingual('该受众中没有任何用户', 'No one is in this audience'),
    },
  ]);

const unitOutOfReach = (appCode: string, unitId: string) =>
  forbidden(
    bilingual(
      `应用 ${appCode} 的凭据不能向单位 ${unitId} 发送`,
      `The credential of the app ${appCode} may not address the unit ${unitId}`,
    ),
  );

const noLicence = (appCode: string, unitId: string) =>
  forbidden(
    bilingual(
      `单位 ${unitId} 没有应用 ${appCode} 的有效授权，不能向其用户发送`,
      `The unit ${unitId} holds no running licence for the app ${appCode}; its users cannot be addressed`,
    ),
  );

const typeNotServed = (appCode: string, zh: string, en: string) =>
  forbidden(
    bilingual(
      `应用 ${appCode} 不面向${zh}，不能向其发送`,
      `The app ${appCode} is not for ${en}, who cannot be addressed`,
    ),
  );

export class FeedService {
  constructor(
    private readonly deps: {
      repository: FeedRepository;
      /** The desktop's inbox, for the read counts (its writes go through `inTransaction`). */
      inbox: Pick<InboxService, 'progress'>;
      inTransaction: InFeedTransaction;
      access: Pick<AdminAccess, 'scope' | 'assertManages'>;
      units: Pick<DirectoryService, 'findUnit'>;
      licences: Pick<BaseService, 'unitLicenceRuns'>;
      catalogue: Pick<AppCatalogueService, 'findApp'>;
      clock: () => number;
    },
  ) {}

  // -------------------------------------------------------------------------------------------
  // The feed API (an app's server)

  async publishMessage(app: FeedApp, body: FeedMessageBody): Promise<FeedSendResult> {
    const plan = await this.planAppSend(app, body.audience, {
      kind: 'message',
      title: body.messageMeno,
      importance: body.importance,
      url: body.url,
    });
    await this.deliver(plan);
    return { id: plan.id, recipients: plan.userIds.length };
  }

  async addTodo(app: FeedApp, body: FeedTodoBody): Promise<FeedSendResult> {
    const plan = await this.planAppSend(app, body.audience, {
      kind: 'todo',
      title: body.title,
      importance: null,
      url: body.url,
    });
    await this.deliver(plan);
    return { id: plan.id, recipients: plan.userIds.length };
  }

  /**
   * One of the app's to-dos done, for the listed users or everyone it went to. A to-do of
   * another app, or to a unit out of the credential's reach, is not found, as is an unknown id.
   */
  async completeTodo(
    app: FeedApp,
    sendId: string,
    userIds: readonly string[] | undefined,
  ): Promise<FeedTodoDone> {
    const send = await this.deps.repository.findSend(sendId);
    if (
      !send ||
      send.kind !== 'todo' ||
      send.appCode !== app.appCode ||
      !(await this.reaches(app, send.unitId))
    ) {
      throw notFound(bilingual('该应用没有这条待办', 'This app has no such to-do'));
    }
    const completed = await this.deps.inTransaction(({ inbox }) =>
      inbox.completeTodos(sendId, userIds ?? null, this.deps.clock()),
    );
    return { completed };
  }

  /**
   * Users' badges on the app's icon (spec §3 unReadCodeCount). Every user must be one the app
   * may address (see the file comment); an unknown id is refused the same way, so a credential
   * cannot probe for accounts.
   */
  async setBadges(app: FeedApp, badges: readonly FeedBadge[]): Promise<{ updated: number }> {
    const seen = new Map<string, number>();
    const duplicates: FieldError[] = [];
    badges.forEach((badge, index) => {
      if (seen.has(badge.userId)) {
        duplicates.push({
          field: `badges.${index}.userId`,
          message: bilingual(
            `用户 ${badge.userId} 重复出现`,
            `The user ${badge.userId} is listed twice`,
          ),
        });
      }
      seen.set(badge.userId, index);
    });
    if (duplicates.length > 0) throw badRequest(duplicates);
    const served = await this.servedTypes(app.appCode);
    const users = new Map(
      (await this.deps.repository.audienceUsers([...seen.keys()])).map((u) => [u.id, u]),
    );
    const checkedUnits = new Set<string>();
    for (const badge of badges) {
      const user = users.get(badge.userId);
      const outside = forbidden(
        bilingual(
          `用户 ${badge.userId} 不在应用 ${app.appCode} 可以发送的范围内`,
          `The user ${badge.userId} is not one the app ${app.appCode} may address`,
        ),
      );
      if (!user || !served.includes(user.userType)) throw outside;
      if (!checkedUnits.has(user.unitId)) {
        if (!(await this.reaches(app, user.unitId))) throw outside;
        if (!(await this.deps.licences.unitLicenceRuns(user.unitId, app.appCode))) {
          throw noLicence(app.appCode, user.unitId);
        }
        checkedUnits.add(user.unitId);
      }
    }
    await this.deps.inTransaction(({ inbox }) =>
      inbox.setBadges(
        app.appCode,
        badges.map((b) => ({ userId: b.userId, count: b.count ?? null })),
        this.deps.clock(),
      ),
    );
    return { updated: badges.length };
  }

  /**
   * Checks and resolves an app's send (400 for a bad audience, 403 for one the app may not
   * address). `parentsOfStudents`: without a grade, the parents of all the unit's students
   * (cms's whole-unit audience) rather than the unit's accounts.
   */
  async planAppSend(
    app: FeedApp,
    audience: FeedAudience,
    content: SendContent,
    options: { allowEmpty?: boolean; parentsOfStudents?: boolean } = {},
  ): Promise<PlannedSend> {
    validate(audience, content);
    const served = await this.servedTypes(app.appCode);
    if (!(await this.reaches(app, audience.unitId))) {
      throw unitOutOfReach(app.appCode, audience.unitId);
    }
    if (!(await this.deps.licences.unitLicenceRuns(audience.unitId, app.appCode))) {
      throw noLicence(app.appCode, audience.unitId);
    }
    const userIds = await this.resolve(audience, served, app.appCode, options.parentsOfStudents);
    if (userIds.length === 0 && !options.allowEmpty) throw nobody();
    const plan = this.plan(app.appCode, audience, content, userIds, {
      senderUserId: null,
      clientId: app.clientId,
    });
    // Recorded as what it reached: the parents, not every account of the unit.
    if (options.parentsOfStudents && plan.audience.gradeName === null) {
      plan.audience.userTypes = [UserType.parent];
    }
    return plan;
  }

  /** Records a planned send and writes its rows, with an audit entry when given. */
  async deliver(plan: PlannedSend, audit?: (tx: FeedTransaction) => Promise<void>): Promise<void> {
    await this.deps.inTransaction(async (tx) => {
      await tx.feed.insertSend(plan);
      await tx.inbox.deliver({
        sendId: plan.id,
        kind: plan.kind,
        appCode: plan.appCode,
        title: plan.title,
        importance: plan.importance,
        url: plan.url,
        userIds: plan.userIds,
        at: plan.createdAt,
      });
      await audit?.(tx);
    });
  }

  // -------------------------------------------------------------------------------------------
  // The console (issue 13 §2 Messages and to-dos)

  /** A message or to-do from the base platform to a unit the caller administers; audited. */
  async compose(user: SessionUser, body: ComposeBody, ip: string): Promise<FeedSendResult> {
    // Not an admin at all: 403 before anything about the input is said.
    await this.deps.access.scope(user);
    const content: SendContent = {
      kind: body.kind,
      title: body.title,
      importance: body.kind === 'message' ? (body.importance ?? null) : null,
      url: body.url,
    };
    validate(body.audience, content);
    await this.deps.access.assertManages(user, body.audience.unitId);
    const userIds = await this.resolve(body.audience, null, CONSOLE_APP_CODE, false);
    if (userIds.length === 0) throw nobody();
    const plan = this.plan(CONSOLE_APP_CODE, body.audience, content, userIds, {
      senderUserId: user.userId,
      clientId: null,
    });
    await this.deliver(plan, (tx) =>
      tx.audit.record('admin.compose_message', {
        userId: user.userId,
        unitId: plan.unitId,
        ip,
        detail: {
          sendId: plan.id,
          kind: plan.kind,
          title: plan.title,
          importance: plan.importance,
          audience: plan.audience,
          recipients: userIds.length,
        },
      }),
    );
    return { id: plan.id, recipients: userIds.length };
  }

  /**
   * What was sent to one unit the caller administers, or to all of them: the console's, cms's
   * and the apps' sends, newest first, with how many read (or did) them.
   */
  async sent(user: SessionUser, query: SentQuery): Promise<SentList> {
    const unitIds = query.unitId
      ? [(await this.deps.access.assertManages(user, query.unitId)).unitId]
      : (await this.deps.access.scope(user)).units.map((u) => u.unitId);
    const [sends, total] = await Promise.all([
      this.deps.repository.listSends(unitIds, query.start, query.size),
      this.deps.repository.countSends(unitIds),
    ]);
    const progress = await this.deps.inbox.progress(sends.map((s) => s.id));
    return {
      list: sends.map((s): SentItem => ({
        id: s.id,
        kind: s.kind,
        appCode: s.appCode,
        unitId: s.unitId,
        senderName: s.senderUserId === null ? null : (s.senderName ?? null),
        title: s.title,
        importance: s.importance,
        url: s.url,
        audience: s.audience,
        createdAt: s.createdAt,
        recipients: s.recipientCount,
        readCount: progress.get(s.id) ?? 0,
      })),
      total,
    };
  }

  // -------------------------------------------------------------------------------------------

  /** The user types the app is for (spec §3 limitUserType); an unknown app reaches no one. */
  private async servedTypes(appCode: string): Promise<number[]> {
    const app = await this.deps.catalogue.findApp(appCode);
    if (!app) {
      throw forbidden(bilingual(`应用 ${appCode} 不存在`, `The app ${appCode} does not exist`));
    }
    return userTypesOf(app.limitUserType);
  }

  /** Whether the app's credential reaches the unit: its own, or a school under its area. */
  private async reaches(app: FeedApp, unitId: string): Promise<boolean> {
    if (unitId === app.unitId) return true;
    const unit = await this.deps.units.findUnit(unitId);
    return unit?.parentId === app.unitId;
  }

  /**
   * The audience's users (see the contract): listed users must be the unit's (400 otherwise);
   * for an app (`served` given) every one must be of a type it is for (403 otherwise), and a
   * unit without user types means the types it is for.
   */
  private async resolve(
    audience: FeedAudience,
    served: readonly number[] | null,
    appCode: string,
    parentsOfStudents = false,
  ): Promise<string[]> {
    const { repository } = this.deps;
    const grade = audience.gradeName?.trim() || null;
    const klass = audience.className?.trim() || null;
    if (audience.userIds) {
      const found = new Map(
        (await repository.audienceUsers(audience.userIds)).map((u) => [u.id, u]),
      );
      const errors: FieldError[] = [];
      audience.userIds.forEach((id, index) => {
        if (found.get(id)?.unitId !== audience.unitId) {
          errors.push({
            field: `audience.userIds.${index}`,
            message: bilingual(`用户 ${id} 不是该单位的用户`, `${id} is not a user of this unit`),
          });
        }
      });
      if (errors.length > 0) throw badRequest(errors);
      const other = [...found.values()].find((u) => served && !served.includes(u.userType));
      if (other) {
        throw typeNotServed(appCode, `用户 ${other.id} 的类型`, `the user type of ${other.id}`);
      }
      return [...audience.userIds];
    }
    if (grade !== null || parentsOfStudents) {
      if (served && !served.includes(UserType.parent)) {
        throw typeNotServed(appCode, '家长', 'parents');
      }
      return repository.studentParentIds(audience.unitId, grade, klass);
    }
    const types = audience.userTypes ?? served;
    const notServed = served && audience.userTypes?.find((t) => !served.includes(t));
    if (notServed) throw typeNotServed(appCode, `用户类型 ${notServed}`, `user type ${notServed}`);
    return repository.unitUserIds(audience.unitId, types ?? null);
  }

  private plan(
    appCode: string,
    audience: FeedAudience,
    content: SendContent,
    userIds: string[],
    sender: { senderUserId: string | null; clientId: string | null },
  ): PlannedSend {
    return {
      id: randomUUID(),
      kind: content.kind,
      appCode,
      unitId: audience.unitId,
      ...sender,
      title: content.title.trim(),
      importance: content.importance,
      url: content.url ? safeLink(content.url) : null,
      audience: storedAudience(audience),
      recipientCount: userIds.length,
      createdAt: this.deps.clock(),
      userIds,
    };
  }
}

/** 400 for an audience of no sensible shape, a link that may not be followed, a message without importance. */
function validate(audience: FeedAudience, content: SendContent): void {
  const errors = audienceProblems(audience);
  if (content.url !== undefined && safeLink(content.url) === null) {
    errors.push({
      field: 'url',
      message: bilingual(
        '链接须为本站路径（以 / 开头）或 http(s) 网址',
        'The link must be a path on this site (starting with /) or an http(s) URL',
      ),
    });
  }
  if (content.kind === 'message' && content.importance === null) {
    errors.push({
      field: 'importance',
      message: bilingual('消息须有重要程度（1 到 5）', 'A message needs an importance (1 to 5)'),
    });
  }
  if (content.title.trim() === '') {
    errors.push({
      field: 'title',
      message: bilingual('内容不能为空', 'The text cannot be empty'),
    });
  }
  if (errors.length > 0) throw badRequest(errors);
}

/**
 * cms's announcement of a published notice (issue 13 §4 "cms uses it"): a message from cms in
 * the bells of the parents of the students the notice reaches, checked by the same rules as an
 * app's send over HTTP, with the publisher's unit as the credential's. It is checked before the
 * notice is stored and delivered after, so a refused announcement stores no notice.
 */
export function noticeFeed(feed: FeedService, appCode: string): NoticeFeed {
  return {
    async prepare(notice) {
      const audience: FeedAudience = {
        unitId: notice.unitId,
        ...(notice.gradeName !== null ? { gradeName: notice.gradeName } : {}),
        ...(notice.className !== null ? { className: notice.className } : {}),
      };
      const plan = await feed.planAppSend(
        { appCode, unitId: notice.unitId, clientId: null },
        audience,
        { kind: 'message', title: notice.title, importance: NOTICE_IMPORTANCE, url: NOTICE_URL },
        { allowEmpty: true, parentsOfStudents: true },
      );
      return { send: () => feed.deliver(plan) };
    },
  };
}
