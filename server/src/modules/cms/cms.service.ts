/**
 * The sample sub-app cms (school notices): staff publish notices to their unit, a grade or
 * a class; parents read those addressed to their current child. Every rule is checked here
 * on the server (DESIGN.md §4: hiding a button is not a permission check).
 *
 * Who may do what:
 * - staff endpoints: user types 2 and 4, the only ones with a permission tree (spec §6),
 *   holding the endpoint's code in that tree (spec §6: routes and elements are filtered by
 *   permission codes);
 * - parent endpoints: user type 3, for the current child only (spec §6 "parents pick a
 *   child"; DESIGN.md §4 "a parent reads only their own children").
 * The spec is silent about cms itself: audiences, read records and statistics are ours.
 * A published notice is announced in the addressed parents' bells through the feed (`NoticeFeed`).
 */
import type { FileDescriptor } from '@campus/contracts/storage';
import { isParent, isTeacherOrStaff } from '@campus/contracts/user-types';
import { randomUUID } from 'node:crypto';
import {
  CMS_APP_CODE,
  CmsPermission,
  type CmsPageQuery,
  type CmsStats,
  type MyNotices,
  type NoticeList,
  type NoticeReadTable,
  type NoticeSummary,
  type PublishNoticeBody,
  type ReadNoticeResult,
} from '@campus/contracts/cms';
import { badRequest, forbidden, notFound } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { BaseService } from '../base/base.service.ts';
import { toChild, type FamilyService } from '../family/family.service.ts';
import type { SessionUser } from '../uaa/session.service.ts';
import type { CmsRepository, NoticeRecord } from './cms.repository.ts';

/** What the cms asks the storage about the files attached to notices (the files are its). */
export interface NoticeFiles {
  /** The descriptors of those of the files that the user uploaded (the others are absent). */
  uploadedBy(user: SessionUser, fileIds: readonly string[]): Promise<Map<string, FileDescriptor>>;
  /** The descriptors of the files that exist. */
  describe(fileIds: readonly string[]): Promise<Map<string, FileDescriptor>>;
}

/**
 * Where a published notice is announced (issue 13 §4 "cms uses it"): a message in the bells of
 * the parents it reaches, through the feed, as any app's server would send it. `prepare` checks
 * and resolves the announcement before the notice is stored (a refusal stores nothing); `send`
 * delivers it after.
 */
export interface NoticeFeed {
  prepare(notice: {
    unitId: string;
    gradeName: string | null;
    className: string | null;
    title: string;
  }): Promise<{ send(): Promise<void> }>;
}

export class CmsService {
  constructor(
    private readonly repository: CmsRepository,
    private readonly permissions: Pick<BaseService, 'permissionCodes'>,
    /** The parent's children (and the current one) are the family's. */
    private readonly family: Pick<FamilyService, 'currentChild' | 'childrenOf'>,
    private readonly files: NoticeFiles,
    private readonly audit: AuditService,
    private readonly clock: () => number,
    /** The parents' bells; none (a test's service) announces nothing. */
    private readonly feed?: NoticeFeed,
  ) {}

  /** The unit's notices, newest first (code cms:notice:list). */
  async list(user: SessionUser, page: CmsPageQuery): Promise<NoticeList> {
    await this.requireStaffCode(user, CmsPermission.list);
    const [list, total] = await Promise.all([
      this.repository.listUnitNotices(user.unitId, page),
      this.repository.countUnitNotices(user.unitId),
    ]);
    const attachments = await this.attachmentsOf(list.map((n) => n.id));
    return { list: list.map((n) => toNoticeSummary(n, attachments.get(n.id))), total };
  }

  /** Publishes a notice to the unit, a grade or a class (code cms:notice:publish); audited. */
  async publish(user: SessionUser, body: PublishNoticeBody, ip: string): Promise<NoticeSummary> {
    await this.requireStaffCode(user, CmsPermission.publish);
    const gradeName = body.gradeName ?? null;
    const className = body.className ?? null;
    if (className !== null && gradeName === null) {
      throw badRequest([
        {
          field: 'gradeName',
          message: bilingual(
            '指定班级时年级不能为空！',
            'Grade cannot be empty when a class is given!',
          ),
        },
      ]);
    }
    const fileIds = body.fileIds ?? [];
    const own = await this.files.uploadedBy(user, fileIds);
    if (own.size !== fileIds.length) {
      throw badRequest([
        {
          field: 'fileIds',
          message: bilingual(
            '附件不存在或不是您上传的',
            'An attachment does not exist or was not uploaded by you',
          ),
        },
      ]);
    }
    const announcement = await this.feed?.prepare({
      unitId: user.unitId,
      gradeName,
      className,
      title: body.title,
    });
    const now = this.clock();
    const id = randomUUID();
    await this.repository.insertNotice({
      id,
      unitId: user.unitId,
      authorId: user.userId,
      title: body.title,
      content: body.content,
      gradeName,
      className,
      publishedAt: now,
    });
    await this.repository.insertAttachments(id, fileIds);
    await this.audit.record('cms.notice.publish', {
      userId: user.userId,
      unitId: user.unitId,
      ip,
      detail: { noticeId: id, title: body.title, gradeName, className, fileIds },
    });
    await announcement?.send();
    const notice = await this.repository.findNotice(id);
    if (!notice) throw new Error(`notice ${id} vanished after insert`);
    return toNoticeSummary(
      notice,
      fileIds.flatMap((fileId) => own.get(fileId) ?? []),
    );
  }

  /** The read-count table (code cms:notice:reads). */
  async reads(user: SessionUser, page: CmsPageQuery): Promise<NoticeReadTable> {
    await this.requireStaffCode(user, CmsPermission.reads);
    const [list, total] = await Promise.all([
      this.repository.listUnitNotices(user.unitId, page),
      this.repository.countUnitNotices(user.unitId),
    ]);
    return {
      list: list.map((n) => ({
        id: n.id,
        title: n.title,
        publishedAt: iso(n.publishedAt),
        gradeName: n.gradeName,
        className: n.className,
        readCount: n.readCount,
        audienceCount: n.audienceCount,
      })),
      total,
    };
  }

  /** The unit's publishing statistics (code cms:stats; in the demo only type 4 holds it). */
  async stats(user: SessionUser): Promise<CmsStats> {
    await this.requireStaffCode(user, CmsPermission.stats);
    return this.repository.unitTotals(user.unitId);
  }

  /** The notices addressed to the parent's current child, newest first. */
  async mine(user: SessionUser, page: CmsPageQuery): Promise<MyNotices> {
    const child = await this.requireParentChild(user);
    if (!child) return { child: null, list: [], total: 0 };
    const [list, total] = await Promise.all([
      this.repository.listNoticesFor(child, page),
      this.repository.countNoticesFor(child),
    ]);
    const attachments = await this.attachmentsOf(list.map((n) => n.id));
    return {
      child: toChild(child),
      list: list.map((n) => ({
        id: n.id,
        title: n.title,
        content: n.content,
        authorName: n.authorName,
        publishedAt: iso(n.publishedAt),
        read: n.readAt !== null,
        attachments: attachments.get(n.id) ?? [],
      })),
      total,
    };
  }

  /**
   * Marks a notice read for the current child; reading again keeps the first time. A notice
   * that does not reach the child answers not-found, whether it exists or not, so a parent
   * cannot learn about other classes' or units' notices.
   */
  async markRead(user: SessionUser, noticeId: string): Promise<ReadNoticeResult> {
    const child = await this.requireParentChild(user);
    if (!child || !(await this.repository.noticeReaches(noticeId, child))) {
      throw notFound(bilingual('通知不存在', 'Notice not found'));
    }
    const readAt = await this.repository.recordRead(noticeId, child.id, user.userId, this.clock());
    return { id: noticeId, read: true, readAt: iso(readAt) };
  }

  /**
   * Whether the user may download a file as a notice's attachment (DESIGN.md §7 "whoever the
   * owning feature grants"): staff of the notice's unit who may list notices, and parents whose
   * child the notice reaches. Asked by the storage on every download.
   */
  async mayReadAttachment(fileId: string, user: SessionUser): Promise<boolean> {
    if (isParent(user.userType)) {
      return this.repository.attachmentReaches(fileId, await this.family.childrenOf(user));
    }
    if (!isTeacherOrStaff(user.userType)) return false;
    if (!(await this.repository.unitsAttaching(fileId)).includes(user.unitId)) return false;
    const codes = await this.permissions.permissionCodes(user, CMS_APP_CODE);
    return codes.has(CmsPermission.list);
  }

  /** The attachments' descriptors of each notice, in the publisher's order. */
  private async attachmentsOf(
    noticeIds: readonly string[],
  ): Promise<Map<string, FileDescriptor[]>> {
    const links = await this.repository.attachmentsOf(noticeIds);
    const descriptors = await this.files.describe([...new Set([...links.values()].flat())]);
    return new Map(
      [...links].map(([noticeId, fileIds]) => [
        noticeId,
        fileIds.flatMap((fileId) => descriptors.get(fileId) ?? []),
      ]),
    );
  }

  private async requireStaffCode(user: SessionUser, code: CmsPermission): Promise<void> {
    // Spec §6: types 2 and 4 hold the teacher menu permission tree, so they run the staff side.
    if (!isTeacherOrStaff(user.userType)) {
      throw forbidden(bilingual('该用户类型不能管理通知', 'This user type cannot manage notices'));
    }
    const codes = await this.permissions.permissionCodes(user, CMS_APP_CODE);
    if (!codes.has(code)) {
      throw forbidden(
        bilingual('没有该功能的权限', 'You do not have permission for this function'),
      );
    }
  }

  private async requireParentChild(user: SessionUser) {
    if (!isParent(user.userType)) {
      throw forbidden(
        bilingual('只有家长可以查看孩子的通知', "Only parents can see their child's notices"),
      );
    }
    return this.family.currentChild(user);
  }
}

function toNoticeSummary(n: NoticeRecord, attachments: FileDescriptor[] = []): NoticeSummary {
  return {
    id: n.id,
    title: n.title,
    content: n.content,
    gradeName: n.gradeName,
    className: n.className,
    authorName: n.authorName,
    publishedAt: iso(n.publishedAt),
    readCount: n.readCount,
    audienceCount: n.audienceCount,
    attachments,
  };
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
