/**
 * The bulk import of users and parent–child links (issue 13 §3, DESIGN.md §10), behind the
 * console's /api/admin/import/…: the template, the dry run, the commit and its result.
 *
 * Every call asks `AdminAccess` whether the caller administers the unit first. The dry run reads
 * the file and answers every row's problems (`import-plan.ts`) without writing. The commit reads
 * the same file again and plans it again (the school may have changed since the dry run; the
 * server keeps nothing between the two, so any instance can take either), refuses it whole while
 * any problem remains, then hashes the generated passwords outside the transaction (SQLite has
 * one connection, which a transaction holds) and writes in one transaction: the accounts through
 * the directory, the students and links through the family, the audit entry, and the sealed
 * result. The result (the new accounts with their initial passwords) is handed out once.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { AdminUnit } from '@campus/contracts/admin';
import {
  IMPORT_LISTED_PROBLEMS_IN_REFUSAL,
  IMPORT_MAX_LISTED_PROBLEMS,
  IMPORT_REJECTED_CODE,
  IMPORT_RESULT_TTL_MS,
  nameKey,
  type ImportCommit,
  type ImportDryRun,
  type ImportProblem,
  type ImportResultBody,
  type ImportTemplateQuery,
} from '@campus/contracts/admin-import';
import { BodyStatus } from '@campus/contracts/envelope';
import { AppError, notFound } from '../../../core/errors.ts';
import { bilingual } from '../../../core/messages.ts';
import type { AuditService } from '../../audit/audit.service.ts';
import type { FamilyService } from '../../family/family.service.ts';
import type { DirectoryService } from '../../uaa/directory.service.ts';
import { generateInitialPassword, hashGeneratedPasswords } from '../../uaa/initial-password.ts';
import type { SessionUser } from '../../uaa/session.service.ts';
import type { NewUser } from '../../uaa/uaa.repository.ts';
import type { AdminAccess } from '../admin-access.ts';
import { readImportFile, type ImportWorkbook } from './import-file.ts';
import { problemMessage } from './import-messages.ts';
import { loginNamesOf, planImport, type ImportPlan, type PlannedProblem } from './import-plan.ts';
import { newResultKey, type ImportResultRepository } from './import-result.repository.ts';
import {
  resultFile,
  templateFile,
  type ImportFile,
  type ResultAccount,
  type SchoolClass,
} from './import-workbooks.ts';

/** The domains' services an import writes through, each bound to one database handle. */
export interface ImportDomains {
  directory: Pick<DirectoryService, 'takenLoginNames' | 'createUsers'>;
  family: Pick<FamilyService, 'studentsOfUnit' | 'importFamilies'>;
  audit: Pick<AuditService, 'record'>;
  results: Pick<ImportResultRepository, 'insert' | 'take' | 'deleteExpired'>;
}

/** Runs `work` in one database transaction, with the domains bound to it. */
export type ImportTransaction = <T>(work: (domains: ImportDomains) => Promise<T>) => Promise<T>;

export interface ImportServiceOptions {
  clock?: () => number;
  /** Hashes the generated passwords (tests may count or slow it). */
  hashPasswords?: (passwords: readonly string[]) => Promise<string[]>;
}

/** A file as uploaded: its name as the browser gave it and its bytes (size-limited already). */
export interface UploadedImport {
  fileName: string;
  bytes: Buffer;
}

/** Who committed, for the audit entry. */
export interface ImportActor {
  ip?: string | null;
}

/** What the result holds, sealed until it is downloaded. */
interface ResultContent {
  unitName: string;
  accounts: ResultAccount[];
}

export class ImportService {
  private readonly clock: () => number;
  private readonly hashPasswords: (passwords: readonly string[]) => Promise<string[]>;

  constructor(
    private readonly access: Pick<AdminAccess, 'assertManages'>,
    /** For the reads before a commit; its writes go through `inTransaction`. */
    private readonly domains: ImportDomains,
    private readonly inTransaction: ImportTransaction,
    options: ImportServiceOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.hashPasswords = options.hashPasswords ?? ((p) => hashGeneratedPasswords(p));
  }

  /** The unit, when the caller administers it (403 otherwise): every import call asks first. */
  unitFor(user: SessionUser, unitId: string): Promise<AdminUnit> {
    return this.access.assertManages(user, unitId);
  }

  /** The template, with the unit's classes on the classes sheet. */
  async template(user: SessionUser, query: ImportTemplateQuery): Promise<ImportFile> {
    const unit = await this.unitFor(user, query.unitId);
    const classes = await this.classesOf(unit.unitId);
    return templateFile(query.lang ?? 'zh-CN', query.format ?? 'xlsx', classes);
  }

  /** Every problem of the file, and what it would create; nothing is written. */
  async dryRun(unit: AdminUnit, upload: UploadedImport): Promise<ImportDryRun> {
    const { workbook, plan } = await this.plan(unit, upload);
    return {
      unitId: unit.unitId,
      fileName: displayName(upload.fileName),
      format: workbook.format,
      counts: plan.counts,
      ok: plan.problems.length === 0,
      problems: plan.problems.slice(0, IMPORT_MAX_LISTED_PROBLEMS).map(toProblem),
      problemCount: plan.problems.length,
    };
  }

  /** Imports the file whole, or refuses it whole while it has a problem. */
  async commit(
    user: SessionUser,
    unit: AdminUnit,
    upload: UploadedImport,
    actor: ImportActor = {},
  ): Promise<ImportCommit> {
    const { workbook, plan } = await this.plan(unit, upload);
    if (plan.problems.length > 0) throw rejected(plan.problems);

    const now = this.clock();
    const accounts = [...plan.accounts].sort((a, b) => a.row - b.row);
    const passwords = accounts.map(() => generateInitialPassword());
    const hashes = await this.hashPasswords(passwords);
    const studentIds = new Map(plan.newStudents.map((s) => [s.key, randomUUID()]));
    const userIds = accounts.map(() => randomUUID());

    const users: NewUser[] = accounts.map((a, i) => ({
      id: userIds[i],
      unitId: unit.unitId,
      loginName: a.loginName,
      realName: a.realName,
      userType: a.userType,
      passwordHash: hashes[i] as string,
      sex: a.sex,
      phone: a.phone,
      idCard: a.idCard,
      email: a.email,
      createdAt: now,
    }));
    const parents = accounts
      .map((a, i) => ({ account: a, id: userIds[i] as string }))
      .filter(({ account }) => account.children.length > 0);
    const links = parents.flatMap(({ account, id }) =>
      account.children.map((child) => ({
        parentId: id,
        studentId:
          'existingId' in child ? child.existingId : (studentIds.get(child.newKey) as string),
      })),
    );
    const studentsByKey = new Map(plan.newStudents.map((s) => [s.key, s]));
    const existingNames = await this.existingChildNames(unit.unitId, accounts);
    const content: ResultContent = {
      unitName: unit.name,
      accounts: accounts.map((a, i) => ({
        row: a.row,
        loginName: a.loginName,
        realName: a.realName,
        userType: a.userType,
        password: passwords[i] as string,
        children: a.children.map((child) => {
          const s =
            'existingId' in child
              ? existingNames.get(child.existingId)
              : studentsByKey.get(child.newKey);
          return {
            realName: s?.realName ?? '',
            gradeName: s?.gradeName ?? '',
            className: s?.className ?? '',
          };
        }),
      })),
    };
    const resultKey = newResultKey();
    const expiresAt = now + IMPORT_RESULT_TTL_MS;

    try {
      await this.inTransaction(async ({ directory, family, audit, results }) => {
        // Another administrator may have taken a login since the plan: checked again in here.
        const taken = await directory.takenLoginNames(users.map((u) => u.loginName));
        if (taken.size > 0) throw loginsTakenMeanwhile();
        await directory.createUsers(users);
        await family.importFamilies({
          unitId: unit.unitId,
          parents: parents.map(({ account, id }) => ({
            id,
            unitId: unit.unitId,
            loginName: account.loginName,
            userType: account.userType,
          })),
          students: plan.newStudents.map((s) => ({
            id: studentIds.get(s.key) as string,
            realName: s.realName,
            gradeName: s.gradeName,
            className: s.className,
          })),
          links,
        });
        await audit.record('admin.import_users', {
          userId: user.userId,
          unitId: unit.unitId,
          ip: actor.ip ?? null,
          detail: {
            fileName: displayName(upload.fileName),
            format: workbook.format,
            sha256: createHash('sha256').update(upload.bytes).digest('hex'),
            ...plan.counts,
          },
        });
        await results.deleteExpired(now);
        await results.insert({
          resultKey,
          unitId: unit.unitId,
          createdBy: user.userId,
          content: JSON.stringify(content),
          expiresAt,
          createdAt: now,
        });
      });
    } catch (error) {
      // Two imports committing the same new login at once: the second meets the unique index.
      if (isUniqueViolation(error)) throw loginsTakenMeanwhile();
      throw error;
    }
    return {
      unitId: unit.unitId,
      fileName: displayName(upload.fileName),
      counts: plan.counts,
      resultId: resultKey,
      resultExpiresAt: expiresAt,
    };
  }

  /** The committed import's result file, once: the caller who committed it, for that unit. */
  async takeResult(
    user: SessionUser,
    body: ImportResultBody,
    actor: ImportActor = {},
  ): Promise<ImportFile> {
    const unit = await this.unitFor(user, body.unitId);
    const now = this.clock();
    const taken = await this.inTransaction(async ({ results, audit }) => {
      const result = await results.take(body.resultId, unit.unitId, user.userId, now);
      if (result) {
        await audit.record('admin.import_result', {
          userId: user.userId,
          unitId: unit.unitId,
          ip: actor.ip ?? null,
          detail: { importedAt: result.createdAt },
        });
      }
      return result;
    });
    if (!taken) {
      throw notFound(
        bilingual(
          '导入结果不存在：它只能下载一次，且在导入后 1 小时内有效；如需初始密码，请在管理后台重置密码',
          'No such import result: it can be downloaded once, within an hour of the import; reset the passwords in the console if they are lost',
        ),
      );
    }
    const content = JSON.parse(taken.content) as ResultContent;
    return resultFile(body.lang ?? 'zh-CN', content.unitName, taken.createdAt, content.accounts);
  }

  /** The file read and planned against what the unit has now. */
  private async plan(
    unit: AdminUnit,
    upload: UploadedImport,
  ): Promise<{ workbook: ImportWorkbook; plan: ImportPlan }> {
    const workbook = await readImportFile(upload.fileName, upload.bytes);
    const [takenLogins, students] = await Promise.all([
      this.domains.directory.takenLoginNames(loginNamesOf(workbook)),
      this.domains.family.studentsOfUnit(unit.unitId),
    ]);
    return { workbook, plan: planImport(workbook, { takenLogins, students }) };
  }

  /** The unit's classes, each once, in grade and class order. */
  private async classesOf(unitId: string): Promise<SchoolClass[]> {
    const classes = new Map<string, SchoolClass>();
    for (const s of await this.domains.family.studentsOfUnit(unitId)) {
      const key = `${nameKey(s.gradeName)}\u0000${nameKey(s.className)}`;
      if (!classes.has(key)) classes.set(key, { gradeName: s.gradeName, className: s.className });
    }
    const order = new Intl.Collator('zh-CN', { numeric: true });
    return [...classes.values()].sort(
      (a, b) => order.compare(a.gradeName, b.gradeName) || order.compare(a.className, b.className),
    );
  }

  /** The names of the school's students the accounts are linked to, for the result file. */
  private async existingChildNames(
    unitId: string,
    accounts: readonly { children: readonly ({ existingId: string } | { newKey: string })[] }[],
  ): Promise<Map<string, ResultAccount['children'][number]>> {
    const wanted = new Set(
      accounts.flatMap((a) => a.children.flatMap((c) => ('existingId' in c ? [c.existingId] : []))),
    );
    if (wanted.size === 0) return new Map();
    const students = await this.domains.family.studentsOfUnit(unitId);
    return new Map(
      students
        .filter((s) => wanted.has(s.id))
        .map((s) => [
          s.id,
          { realName: s.realName, gradeName: s.gradeName, className: s.className },
        ]),
    );
  }
}

/** A problem as the contract answers it, with its message. */
function toProblem(problem: PlannedProblem): ImportProblem {
  return {
    sheet: problem.sheet,
    row: problem.row,
    column: problem.column,
    code: problem.code,
    message: problemMessage(problem.code, problem),
  };
}

/** The commit's refusal while the file has problems: nothing was written. */
function rejected(problems: readonly PlannedProblem[]): AppError {
  return new AppError(
    BodyStatus.badRequest,
    IMPORT_REJECTED_CODE,
    bilingual(
      `文件有 ${problems.length} 个问题，未导入任何数据；请先检查文件并改正所有问题`,
      `The file has ${problems.length} problem(s); nothing was imported. Check the file and fix them all first`,
    ),
    {
      fieldErrors: problems.slice(0, IMPORT_LISTED_PROBLEMS_IN_REFUSAL).map((p) => ({
        field: `${p.sheet}:${p.row}:${p.column ?? ''}`,
        message: problemMessage(p.code, p),
      })),
    },
  );
}

const loginsTakenMeanwhile = (): AppError =>
  new AppError(
    BodyStatus.badRequest,
    IMPORT_REJECTED_CODE,
    bilingual(
      '检查之后，文件中的登录名已被其他账号占用，未导入任何数据；请重新检查文件',
      'A login name of the file was taken after the check; nothing was imported. Check the file again',
    ),
  );

/** PostgreSQL's unique_violation, or SQLite's UNIQUE constraint failure. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** The file's name as answers and the audit show it: one line, at most 200 characters. */
function displayName(fileName: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = fileName.replace(/[\u0000-\u001F\u007F]/gu, '');
  const chars = [...clean];
  return chars.length > 200 ? chars.slice(0, 200).join('') : clean;
}
