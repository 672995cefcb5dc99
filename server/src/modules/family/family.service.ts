/**
 * The family (spec §3 Child, §6): a parent's children and current child, and the teacher and
 * parent accounts of one person. It answers the family endpoints of the desktop header, what
 * /me says about children and the linked account, the cms's "current child", the account
 * switch's link check, and the administrator's link-child and link-accounts. A parent reads and
 * chooses only their own children (DESIGN.md §4); the server checks, not the page.
 *
 * The current child is stored on the parent's user row, which the uaa owns: the choice is made
 * and checked here, and written through the directory (docs/decisions.md).
 */
import { randomUUID } from 'node:crypto';
import { UserType, isParent } from '@campus/contracts/user-types';
import type { FieldError } from '@campus/contracts/envelope';
import type { Child, LinkedCheckQuery } from '@campus/contracts/family';
import { badRequest, forbidden, notFound } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { DirectoryService } from '../uaa/directory.service.ts';
import type { SessionUser } from '../uaa/session.service.ts';
import type {
  AccountLink,
  ChildRecord,
  FamilyRepository,
  LinkedAccount,
  NewStudent,
  ParentChildLink,
} from './family.repository.ts';

/** An account as the family's rules read it (a uaa user record fits). */
export interface AccountRef {
  id: string;
  unitId: string;
  loginName: string;
  userType: number;
}

/** A new student's names; the student is created in the parent's unit. */
export interface ChildNames {
  realName: string;
  gradeName: string;
  className: string;
}

/** What /me says about the caller's family (spec §3). */
export interface MeFamily {
  children: Child[];
  current: Child | null;
  linked: LinkedAccount | undefined;
}

export interface LinkChildResult {
  child: Child;
  /** False when the child was already linked to the parent. */
  created: boolean;
  newStudent: boolean;
}

export class FamilyService {
  constructor(
    private readonly repository: FamilyRepository,
    private readonly directory: Pick<DirectoryService, 'setCurrentChild'>,
    private readonly clock: () => number,
  ) {}

  // -------------------------------------------------------------------------------------------
  // The family endpoints (spec §7)

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
    await this.directory.setCurrentChild(user.userId, child.id);
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
    return this.repository.hasAnyLink([query]);
  }

  // -------------------------------------------------------------------------------------------
  // What other modules ask

  /**
   * The family part of /me (spec §3): children matter only to parents, the linked account only
   * to teachers and parents (spec §6).
   */
  async meFamily(user: SessionUser): Promise<MeFamily> {
    const [children, linked] = await Promise.all([
      isParent(user.userType) ? this.repository.children(user.userId) : [],
      user.userType === UserType.teacher || isParent(user.userType)
        ? this.repository.linkedAccount(user.userId)
        : undefined,
    ]);
    const current = pickCurrentChild(children, user.currentChildId);
    return {
      children: children.map(toChild),
      current: current ? toChild(current) : null,
      linked,
    };
  }

  /**
   * A parent's current child as /me reports it (spec §6: parents pick a child): the chosen
   * one, else the first; null for a parent without children and for other users.
   */
  async currentChild(user: SessionUser): Promise<ChildRecord | null> {
    if (!isParent(user.userType)) return null;
    return pickCurrentChild(await this.repository.children(user.userId), user.currentChildId);
  }

  /** All of a parent's children with their classes; none for other users. */
  async childrenOf(user: SessionUser): Promise<ChildRecord[]> {
    if (!isParent(user.userType)) return [];
    return this.repository.children(user.userId);
  }

  /** Whether the two accounts are a linked teacher and parent, in either order (spec §6). */
  areLinked(userA: string, userB: string): Promise<boolean> {
    return this.repository.hasAnyLink([
      { teacherId: userA, parentId: userB },
      { teacherId: userB, parentId: userA },
    ]);
  }

  // -------------------------------------------------------------------------------------------
  // Administration

  /** Only parent accounts (user type 3) have children. */
  assertParentAccount(account: AccountRef): void {
    if (!isParent(account.userType)) throw badRequest([notAParent(account)]);
  }

  /** An existing student for the parent: it must exist and belong to the parent's unit. */
  async studentForParent(parent: AccountRef, studentId: string): Promise<ChildRecord> {
    const student = await this.repository.findStudent(studentId);
    if (!student) throw notFound(bilingual('学生不存在', `No student with id "${studentId}"`));
    if (student.unitId !== parent.unitId) {
      throw badRequest([
        field(
          'studentId',
          '学生与家长不属于同一单位',
          'The student and the parent belong to different units',
        ),
      ]);
    }
    return student;
  }

  /**
   * Links a child to a parent account: an existing student, or a new one created in the
   * parent's unit. The parent's first child becomes the current one; linking again is a no-op.
   */
  async linkChild(parent: AccountRef, child: ChildRecord | ChildNames): Promise<LinkChildResult> {
    this.assertParentAccount(parent);
    const now = this.clock();
    const newStudent = !('id' in child);
    const student: ChildRecord = newStudent
      ? { id: randomUUID(), unitId: parent.unitId, ...child }
      : child;
    if (newStudent) await this.repository.insertStudent({ ...student, createdAt: now });
    const created = await this.repository.linkParentChild(parent.id, student.id, now);
    await this.directory.setCurrentChild(parent.id, student.id, true);
    return { child: toChild(student), created, newStudent };
  }

  /** Every student of a unit, with their classes (the bulk import's matching, issue 13 §3). */
  studentsOfUnit(unitId: string): Promise<ChildRecord[]> {
    return this.repository.studentsOfUnit(unitId);
  }

  /**
   * The families of a bulk import (issue 13 §3): new students in the parents' unit, and each new
   * parent's children, new or already the school's. The parents are new accounts of type 3 in
   * `unitId`, so no link exists yet; each parent's current child is left unchosen, which /me
   * answers as the first (`pickCurrentChild`), as `linkChild` makes the first child current.
   */
  async importFamilies(input: {
    unitId: string;
    parents: readonly AccountRef[];
    students: readonly Omit<NewStudent, 'createdAt' | 'unitId'>[];
    links: readonly ParentChildLink[];
  }): Promise<void> {
    for (const parent of input.parents) {
      this.assertParentAccount(parent);
      if (parent.unitId !== input.unitId) {
        throw badRequest([
          field('parent', '家长与学生须属于同一单位', 'Parents and students must share a unit'),
        ]);
      }
    }
    const now = this.clock();
    await this.repository.insertStudents(
      input.students.map((s) => ({ ...s, unitId: input.unitId, createdAt: now })),
    );
    await this.repository.insertParentChildLinks(input.links, now);
  }

  /**
   * Links a teacher account and a parent account of one person, so either can switch to the
   * other (spec §6): teacher type 2, parent type 3, the same unit, and one link per account
   * (one person has one of each). Answers false when exactly this link exists already.
   */
  async linkAccounts(teacher: AccountRef, parent: AccountRef): Promise<boolean> {
    const errors: FieldError[] = [];
    if (teacher.userType !== UserType.teacher) {
      errors.push(
        field(
          'teacher',
          '该账号不是教师账号（用户类型 2）',
          `"${teacher.loginName}" is not a teacher account (user type 2)`,
        ),
      );
    }
    if (!isParent(parent.userType)) errors.push(notAParent(parent));
    if (teacher.unitId !== parent.unitId) {
      errors.push(
        field(
          'parent',
          '教师与家长账号须属于同一单位',
          'The teacher and parent accounts must belong to the same unit',
        ),
      );
    }
    if (errors.length > 0) throw badRequest(errors);

    const links = await this.repository.linksOf(teacher.id, parent.id);
    if (links.some((l) => l.teacherId === teacher.id && l.parentId === parent.id)) return false;
    if (links.some((l) => l.teacherId === teacher.id)) {
      errors.push(
        field(
          'teacher',
          '该教师账号已关联其他家长账号',
          `"${teacher.loginName}" is already linked to another parent account`,
        ),
      );
    }
    if (links.some((l) => l.parentId === parent.id)) {
      errors.push(
        field(
          'parent',
          '该家长账号已关联其他教师账号',
          `"${parent.loginName}" is already linked to another teacher account`,
        ),
      );
    }
    if (errors.length > 0) throw badRequest(errors);
    await this.repository.insertLink({ teacherId: teacher.id, parentId: parent.id }, this.clock());
    return true;
  }

  /**
   * An account's family as its administrator sees it (issue 13 §2): a parent's children with
   * grade and class, and the id of the linked teacher or parent account, if any.
   */
  async familyOf(account: AccountRef): Promise<{ children: Child[]; linkedId: string | null }> {
    const [children, link] = await Promise.all([
      isParent(account.userType) ? this.repository.children(account.id) : [],
      this.repository.linkOf(account.id),
    ]);
    const linkedId = link ? (link.teacherId === account.id ? link.parentId : link.teacherId) : null;
    return { children: children.map(toChild), linkedId };
  }

  /** Removes the account's teacher ↔ parent link; answers the link removed, or none. */
  async unlinkAccounts(account: AccountRef): Promise<AccountLink | null> {
    const link = await this.repository.linkOf(account.id);
    if (!link) return null;
    await this.repository.deleteLink(link);
    return link;
  }

  /**
   * Takes a child from a parent account (the student stays, and stays another parent's child);
   * not found when the student is not this parent's. /me then answers the first child left.
   */
  async unlinkChild(parent: AccountRef, studentId: string): Promise<void> {
    if (!(await this.repository.unlinkParentChild(parent.id, studentId))) throw childNotFound();
  }

  /** Corrects the names, grade and class of one of the parent's children. */
  async renameChild(parent: AccountRef, studentId: string, names: ChildNames): Promise<Child> {
    const child = (await this.repository.children(parent.id)).find((c) => c.id === studentId);
    if (!child) throw childNotFound();
    await this.repository.updateStudentNames(child.id, names);
    return toChild({ ...child, ...names });
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

/** The child record of spec §3 (`@campus/contracts/family`), the one mapping for every answer. */
export function toChild(child: ChildRecord): Child {
  return {
    id: child.id,
    realName: child.realName,
    gradeName: child.gradeName,
    className: child.className,
  };
}

/** The chosen child if it is still one of the parent's, else the first, else none. */
function pickCurrentChild(
  children: readonly ChildRecord[],
  currentChildId: string | null,
): ChildRecord | null {
  return children.find((c) => c.id === currentChildId) ?? children[0] ?? null;
}

const childNotFound = () =>
  notFound(bilingual('该家长账号没有这个孩子', 'This parent account has no such child'));

function notAParent(account: AccountRef): FieldError {
  return field(
    'parent',
    '该账号不是家长账号（用户类型 3）',
    `"${account.loginName}" is not a parent account (user type 3)`,
  );
}

function field(name: string, zh: string, en: string): FieldError {
  return { field: name, message: bilingual(zh, en) };
}
