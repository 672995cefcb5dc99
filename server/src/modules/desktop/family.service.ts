/**
 * The family calls of the desktop header (issue 4; spec §3 Child, §6): a parent's children, the
 * parent's current child, and whether a teacher and a parent account are linked. A parent reads
 * and chooses only their own children (DESIGN.md §4); the server checks, not the page.
 */
import { isParent } from '@campus/contracts/user-types';
import type { LinkedCheckQuery } from '@campus/contracts/family';
import type { Child } from '@campus/contracts/family';
import { forbidden, notFound } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { SessionUser } from '../uaa/session.service.ts';
import type { ChildRecord, DesktopRepository } from './desktop.repository.ts';
import type { SessionForgetter } from './desktop.service.ts';

/** Spec §1, §6: parents are user type 3 and pick a child. */

export class FamilyService {
  constructor(
    private readonly repository: DesktopRepository,
    private readonly sessions: Pick<SessionForgetter, 'forgetUser'>,
  ) {}

  /**
   * The parent's children (spec §7 find_all_student_by_parent_id and find_stu_by_parent_id,
   * which answer alike). Only for parents, and only their own: another `parentId` is forbidden.
   */
  async children(user: SessionUser, parentId: string): Promise<Child[]> {
    this.assertOwnParent(user, parentId);
    return (await this.repository.children(user.userId)).map(toChild);
  }

  /**
   * Makes one of the caller's own children the current one (spec §7 set/parentChildren), so /me
   * answers it as chirdenId/currentChirden. Another family's child and an unknown id get the
   * same not-found answer. The cached session is evicted, as after any change to the user.
   */
  async setCurrentChild(user: SessionUser, parentId: string, childId: string): Promise<Child> {
    this.assertOwnParent(user, parentId);
    const child = (await this.repository.children(user.userId)).find((c) => c.id === childId);
    if (!child) throw notFound(bilingual('没有找到该孩子', 'No such child of yours'));
    await this.repository.setCurrentChild(user.userId, child.id);
    await this.sessions.forgetUser(user.userId);
    return toChild(child);
  }

  /**
   * Spec §7 select/already/parent/teacher: whether the teacher and parent accounts are linked
   * (spec §6). The caller must be one of the two.
   */
  async linked(user: SessionUser, query: LinkedCheckQuery): Promise<boolean> {
    if (query.parentId !== user.userId && query.teacherId !== user.userId) {
      throw forbidden(
        bilingual('只能查询与自己相关的账号关联', 'You can only check links of your own account'),
      );
    }
    return this.repository.areLinked(query.teacherId, query.parentId);
  }

  private assertOwnParent(user: SessionUser, parentId: string): void {
    if (!isParent(user.userType)) {
      throw forbidden(bilingual('只有家长账号可以查看孩子', 'Only parent accounts have children'));
    }
    if (parentId !== user.userId) {
      throw forbidden(bilingual('只能查看自己的孩子', 'You can only see your own children'));
    }
  }
}

function toChild(child: ChildRecord): Child {
  return {
    id: child.id,
    realName: child.realName,
    gradeName: child.gradeName,
    className: child.className,
  };
}
