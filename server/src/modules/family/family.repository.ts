/**
 * All SQL of the family (spec §3 Child, §6): students, which parent each belongs to, and which
 * teacher and parent accounts are one person's. The family module owns `students`,
 * `parent_children` and `user_links` (docs/ARCHITECTURE.md); nothing else writes them. Takes
 * and returns camelCase records, mapped here.
 */
import { sql, type Kysely } from 'kysely';
import { PreparedQuery } from '../../db/prepared-query.ts';
import type { Database, StudentTable } from '../../db/schema.ts';

/** A student as the family knows them; `unitId` decides which notices reach them (cms). */
export interface ChildRecord {
  id: string;
  /** The student's own unit (a parent's children normally share the parent's). */
  unitId: string;
  realName: string;
  gradeName: string;
  className: string;
}

export interface NewStudent extends ChildRecord {
  createdAt: number;
}

/** A teacher account and a parent account of one person (spec §6). */
export interface AccountLink {
  teacherId: string;
  parentId: string;
}

/** The other account of a linked pair, with its user type (the /me answer names both). */
export interface LinkedAccount {
  id: string;
  userType: number;
}

/** Rows per INSERT statement of the bulk import (6 columns a student, 3 a link). */
const ROWS_PER_INSERT = 1000;

/** A parent–child link to add. */
export interface ParentChildLink {
  parentId: string;
  studentId: string;
}

export class FamilyRepository {
  private readonly reads: ReturnType<typeof linkReads>;

  constructor(private readonly db: Kysely<Database>) {
    this.reads = linkReads(db);
  }

  /** The parent's children, by name (then id, so that namesakes keep one order). */
  async children(parentId: string): Promise<ChildRecord[]> {
    const rows = await this.db
      .selectFrom('parent_children')
      .innerJoin('students', 'students.id', 'parent_children.student_id')
      .selectAll('students')
      .where('parent_children.parent_id', '=', parentId)
      .orderBy('students.real_name')
      .orderBy('students.id')
      .execute();
    return rows.map(toChildRecord);
  }

  async findStudent(id: string): Promise<ChildRecord | undefined> {
    const row = await this.db
      .selectFrom('students')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toChildRecord(row);
  }

  async insertStudent(student: NewStudent): Promise<void> {
    await this.db
      .insertInto('students')
      .values({
        id: student.id,
        unit_id: student.unitId,
        real_name: student.realName,
        grade_name: student.gradeName,
        class_name: student.className,
        created_at: student.createdAt,
      })
      .execute();
  }

  /** Every student of a unit (the bulk import matches children and classes against them). */
  async studentsOfUnit(unitId: string): Promise<ChildRecord[]> {
    const rows = await this.db
      .selectFrom('students')
      .selectAll()
      .where('unit_id', '=', unitId)
      .orderBy('id')
      .execute();
    return rows.map(toChildRecord);
  }

  /** Many new students, a thousand to a statement. */
  async insertStudents(students: readonly NewStudent[]): Promise<void> {
    for (let i = 0; i < students.length; i += ROWS_PER_INSERT) {
      await this.db
        .insertInto('students')
        .values(
          students.slice(i, i + ROWS_PER_INSERT).map((student) => ({
            id: student.id,
            unit_id: student.unitId,
            real_name: student.realName,
            grade_name: student.gradeName,
            class_name: student.className,
            created_at: student.createdAt,
          })),
        )
        .execute();
    }
  }

  /** Many new parent–child links (of new parents, so none exists yet), a thousand to a statement. */
  async insertParentChildLinks(links: readonly ParentChildLink[], now: number): Promise<void> {
    for (let i = 0; i < links.length; i += ROWS_PER_INSERT) {
      await this.db
        .insertInto('parent_children')
        .values(
          links.slice(i, i + ROWS_PER_INSERT).map((link) => ({
            parent_id: link.parentId,
            student_id: link.studentId,
            created_at: now,
          })),
        )
        .execute();
    }
  }

  /** True when the link was added, false when it already existed. */
  async linkParentChild(parentId: string, studentId: string, now: number): Promise<boolean> {
    const result = await this.db
      .insertInto('parent_children')
      .values({ parent_id: parentId, student_id: studentId, created_at: now })
      .onConflict((oc) => oc.columns(['parent_id', 'student_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** True when at least one of the given teacher ↔ parent links exists. */
  async hasAnyLink(links: readonly AccountLink[]): Promise<boolean> {
    if (links.length === 0) return false;
    const row = await this.db
      .selectFrom('user_links')
      .select('teacher_id')
      .where((eb) =>
        eb.or(
          links.map((link) =>
            eb.and([eb('teacher_id', '=', link.teacherId), eb('parent_id', '=', link.parentId)]),
          ),
        ),
      )
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The links the teacher account or the parent account already takes part in. */
  async linksOf(teacherId: string, parentId: string): Promise<AccountLink[]> {
    const rows = await this.db
      .selectFrom('user_links')
      .select(['teacher_id', 'parent_id'])
      .where((eb) => eb.or([eb('teacher_id', '=', teacherId), eb('parent_id', '=', parentId)]))
      .execute();
    return rows.map((row) => ({ teacherId: row.teacher_id, parentId: row.parent_id }));
  }

  async insertLink(link: AccountLink, now: number): Promise<void> {
    await this.db
      .insertInto('user_links')
      .values({ teacher_id: link.teacherId, parent_id: link.parentId, created_at: now })
      .execute();
  }

  /** The teacher ↔ parent link this account takes part in, either way round (one at most). */
  async linkOf(userId: string): Promise<AccountLink | undefined> {
    const row = await this.db
      .selectFrom('user_links')
      .select(['teacher_id', 'parent_id'])
      .where((eb) => eb.or([eb('teacher_id', '=', userId), eb('parent_id', '=', userId)]))
      .executeTakeFirst();
    return row && { teacherId: row.teacher_id, parentId: row.parent_id };
  }

  async deleteLink(link: AccountLink): Promise<void> {
    await this.db
      .deleteFrom('user_links')
      .where('teacher_id', '=', link.teacherId)
      .where('parent_id', '=', link.parentId)
      .execute();
  }

  /** True when the child was linked to the parent and no longer is. */
  async unlinkParentChild(parentId: string, studentId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('parent_children')
      .where('parent_id', '=', parentId)
      .where('student_id', '=', studentId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async updateStudentNames(
    studentId: string,
    names: { realName: string; gradeName: string; className: string },
  ): Promise<void> {
    await this.db
      .updateTable('students')
      .set({
        real_name: names.realName,
        grade_name: names.gradeName,
        class_name: names.className,
      })
      .where('id', '=', studentId)
      .execute();
  }

  /**
   * The account linked to this one, either way round. Reads the other account's type from
   * `users` (the uaa's table) in the same query: a read-only join (docs/ARCHITECTURE.md).
   */
  async linkedAccount(userId: string): Promise<LinkedAccount | undefined> {
    // Both directions in one round trip (issue 15 §1: every /me asks); as the teacher first.
    const { rows } = await this.db.executeQuery(
      this.reads.linked.query<LinkedAccount & { side: string }>({ userId }),
    );
    const row = rows.find((r) => r.side === 't') ?? rows[0];
    return row ? { id: row.id, userType: row.userType } : undefined;
  }
}

function toChildRecord(row: StudentTable): ChildRecord {
  return {
    id: row.id,
    unitId: row.unit_id,
    realName: row.real_name,
    gradeName: row.grade_name,
    className: row.class_name,
  };
}

/** The linked-account read of every /me (issue 15 §1: built once, as PreparedQuery). */
function linkReads(db: Kysely<Database>) {
  return {
    // 't': the caller is the teacher and this is their parent account; 'p' the other way round.
    linked: new PreparedQuery<'userId'>(
      (v) =>
        db
          .selectFrom('user_links')
          .innerJoin('users', 'users.id', 'user_links.parent_id')
          .select([sql.lit('t').as('side'), 'users.id as id', 'users.user_type as userType'])
          .where('user_links.teacher_id', '=', v('userId'))
          .unionAll(
            db
              .selectFrom('user_links')
              .innerJoin('users', 'users.id', 'user_links.teacher_id')
              .select([sql.lit('p').as('side'), 'users.id as id', 'users.user_type as userType'])
              .where('user_links.parent_id', '=', v('userId')),
          ),
      ['userId'],
    ),
  };
}
