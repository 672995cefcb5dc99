/**
 * The bulk import's plan (issue 13 §3): from a read file and what the school already has, every
 * problem of every row, and what a commit would write. Pure: the service gives it the taken
 * login names and the school's students, and the same plan answers the dry run and, when it has
 * no problem, becomes the commit.
 *
 * The users sheet is the file's first; its header is the first of its first rows that names the
 * login column (a title may sit above it). A parent has one row per child, under one login.
 * The classes sheet (an .xlsx's other sheet whose header names a grade and a class) lists the
 * school's classes; a child's class must be one of them or one the school's students are in.
 * A child is one of the school's students when exactly one student of that class has that name
 * (two parents of one child link the same student); else a new student, shared by the rows of
 * the file that name the same child in the same class.
 */
import {
  CLASS_COLUMNS,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_NAME_MAX_LENGTH,
  checkImportRow,
  classColumnOf,
  importColumnOf,
  nameKey,
  type ClassColumnKey,
  type ImportAccount,
  type ImportColumnKey,
  type ImportCounts,
  type ImportProblemCode,
  type ImportRowText,
} from '@campus/contracts/admin-import';
import { isParent, type UserType } from '@campus/contracts/user-types';
import type { ChildRecord } from '../../family/family.repository.ts';
import type { Cell, ImportSheet, ImportWorkbook, SheetRow } from './import-file.ts';

const CHILD_KEYS: readonly string[] = ['childName', 'gradeName', 'className'];

/** How many of the first rows may hold the header (titles above it). */
const HEADER_SEARCH_ROWS = 10;

export interface PlannedProblem {
  sheet: 'users' | 'classes' | 'file';
  row: number;
  column: string | null;
  code: ImportProblemCode;
  /** The cell's text, for the message. */
  value?: string;
  /** The earlier row a duplicate repeats. */
  firstRow?: number;
}

/** A child of an account: one of the school's students, or a new one of the plan. */
export type PlannedChild = { existingId: string } | { newKey: string };

export interface PlannedAccount {
  /** The first row of the account. */
  row: number;
  loginName: string;
  realName: string;
  userType: UserType | null;
  phone: string | null;
  idCard: string | null;
  email: string | null;
  sex: ImportAccount['sex'];
  children: PlannedChild[];
}

export interface PlannedStudent {
  key: string;
  realName: string;
  gradeName: string;
  className: string;
}

/** An account of a plan without problems: its user type is known. */
export type CommittableAccount = PlannedAccount & { userType: UserType };

export interface ImportPlan {
  problems: PlannedProblem[];
  /** The accounts whose user type is known (all of them when there is no problem). */
  accounts: CommittableAccount[];
  newStudents: PlannedStudent[];
  counts: ImportCounts;
}

export interface SchoolFacts {
  /** Login names taken by existing accounts, lower case. */
  takenLogins: ReadonlySet<string>;
  /** The unit's students. */
  students: readonly ChildRecord[];
}

/** The login names of a file's users sheet, for the one query that asks which are taken. */
export function loginNamesOf(workbook: ImportWorkbook): string[] {
  const users = workbook.sheets[0];
  if (!users) return [];
  const header = findHeader(users, (h) => importColumnOf(h) === 'loginName', importColumnOf);
  if (!header) return [];
  const column = header.columns.findIndex((key) => key === 'loginName');
  return users.rows
    .filter((r) => r.row > header.row)
    .map((r) => r.cells[column]?.text ?? '')
    .filter((name) => name !== '');
}

export function planImport(workbook: ImportWorkbook, facts: SchoolFacts): ImportPlan {
  const problems: PlannedProblem[] = [];
  const counts: ImportCounts = {
    rows: 0,
    accounts: 0,
    accountsByType: [],
    newStudents: 0,
    existingStudents: 0,
    links: 0,
  };
  const empty: ImportPlan = { problems, accounts: [], newStudents: [], counts };

  const users = workbook.sheets[0] ?? { rows: [] };
  const header = findHeader(users, (h) => importColumnOf(h) === 'loginName', importColumnOf);
  const userColumns = mapColumns(header, IMPORT_COLUMNS, 'users', problems);
  if (!userColumns) return empty;
  const dataRows = users.rows.filter((r) => r.row > userColumns.headerRow);
  if (dataRows.length > IMPORT_MAX_ROWS) {
    problems.push({ sheet: 'file', row: 0, column: null, code: 'tooManyRows' });
    return empty;
  }

  const classes = knownClasses(facts.students);
  const classSheet = workbook.sheets
    .slice(1)
    .map((sheet) => ({
      sheet,
      header: findHeader(sheet, (h) => classColumnOf(h) === 'gradeName', classColumnOf),
    }))
    .find(
      ({ header: h }) =>
        h !== undefined &&
        h.columns.includes('className') &&
        !h.texts.some((text) => importColumnOf(text) === 'loginName'),
    );
  if (classSheet) readClasses(classSheet.sheet, classSheet.header, classes, problems);

  const students = studentsByKey(facts.students);
  const accounts = new Map<string, { account: PlannedAccount; childRows: Map<string, number> }>();
  const newStudents = new Map<string, PlannedStudent>();
  const linkedExisting = new Set<string>();
  const rowProblems: PlannedProblem[] = [];

  for (const sheetRow of dataRows) {
    const { text, cellProblems } = rowText(sheetRow, userColumns.byIndex);
    if (IMPORT_COLUMNS.every((c) => text[c.key] === '') && cellProblems.length === 0) continue;
    counts.rows++;
    const row = sheetRow.row;
    const loginKey = text.loginName.toLowerCase();
    const seen = text.loginName === '' ? undefined : accounts.get(loginKey);
    const check = checkImportRow(text, seen ? asImportAccount(seen.account) : undefined);

    const mangled = new Set(cellProblems.map((p) => p.column));
    const found: PlannedProblem[] = [...cellProblems];
    for (const p of check.problems) {
      if (mangled.has(p.column)) continue;
      found.push({
        sheet: 'users',
        row,
        column: p.column,
        code: p.code,
        value: text[p.column],
        ...(p.code === 'loginDuplicate' && seen ? { firstRow: seen.account.row } : {}),
      });
    }

    let entry = seen;
    const duplicate = check.problems.some((p) => p.code === 'loginDuplicate');
    if (!seen && text.loginName !== '') {
      if (facts.takenLogins.has(loginKey)) {
        found.push({
          sheet: 'users',
          row,
          column: 'loginName',
          code: 'loginTaken',
          value: text.loginName,
        });
      }
      entry = { account: { ...check.account, row, children: [] }, childRows: new Map() };
      accounts.set(loginKey, entry);
    }

    const child = check.child;
    // A child whose cells a spreadsheet mangled is not looked for (its problem says why).
    const childComplete =
      child &&
      child.realName !== '' &&
      child.gradeName !== '' &&
      child.className !== '' &&
      !CHILD_KEYS.some((key) => mangled.has(key));
    if (entry && !duplicate && childComplete && isParent(entry.account.userType ?? undefined)) {
      const classKey = `${nameKey(child.gradeName)}\u0000${nameKey(child.className)}`;
      const knownClass = classes.get(classKey);
      if (!knownClass) {
        found.push({
          sheet: 'users',
          row,
          column: 'className',
          code: 'classUnknown',
          value: `${child.gradeName} ${child.className}`,
        });
      } else {
        const childKey = `${classKey}\u0000${nameKey(child.realName)}`;
        const earlier = entry.childRows.get(childKey);
        const matches = students.get(childKey) ?? [];
        if (earlier !== undefined) {
          found.push({
            sheet: 'users',
            row,
            column: 'childName',
            code: 'childDuplicate',
            value: child.realName,
            firstRow: earlier,
          });
        } else if (matches.length > 1) {
          found.push({
            sheet: 'users',
            row,
            column: 'childName',
            code: 'childAmbiguous',
            value: child.realName,
          });
        } else {
          entry.childRows.set(childKey, row);
          const existing = matches[0];
          if (existing) {
            entry.account.children.push({ existingId: existing.id });
            linkedExisting.add(existing.id);
          } else {
            if (!newStudents.has(childKey)) {
              newStudents.set(childKey, {
                key: childKey,
                realName: child.realName,
                gradeName: knownClass.gradeName,
                className: knownClass.className,
              });
            }
            entry.account.children.push({ newKey: childKey });
          }
        }
      }
    }
    rowProblems.push(...found.sort(byColumn));
  }

  problems.push(...rowProblems);
  const planned = [...accounts.values()]
    .map((e) => e.account)
    .filter((a): a is CommittableAccount => a.userType !== null);
  const byType = new Map<number, number>();
  for (const account of planned) {
    byType.set(account.userType, (byType.get(account.userType) ?? 0) + 1);
  }
  counts.accounts = planned.length;
  counts.accountsByType = [...byType.entries()]
    .sort(([a], [b]) => a - b)
    .map(([userType, count]) => ({ userType, count }));
  counts.newStudents = newStudents.size;
  counts.existingStudents = linkedExisting.size;
  counts.links = planned.reduce((sum, a) => sum + a.children.length, 0);
  if (counts.rows === 0)
    problems.unshift({ sheet: 'file', row: 0, column: null, code: 'fileEmpty' });
  return { problems, accounts: planned, newStudents: [...newStudents.values()], counts };
}

interface Header<K extends string> {
  row: number;
  /** The header cells' text, by index. */
  texts: string[];
  /** The key of each column, by index; undefined for a column not read. */
  columns: (K | undefined)[];
}

/**
 * The header among the first rows: the first where some cell satisfies `names`, else the first
 * with any column `keyOf` knows; its columns mapped by `keyOf`.
 */
function findHeader<K extends string>(
  sheet: ImportSheet,
  names: (header: string) => boolean,
  keyOf: (header: string) => K | undefined,
): Header<K> | undefined {
  const first = sheet.rows.slice(0, HEADER_SEARCH_ROWS);
  const has = (r: SheetRow, test: (text: string) => boolean) =>
    r.cells.some((cell) => cell !== undefined && test(cell.text));
  const row =
    first.find((r) => has(r, names)) ?? first.find((r) => has(r, (t) => keyOf(t) !== undefined));
  if (!row) return undefined;
  const texts = Array.from(row.cells, (cell) => cell?.text ?? '');
  return { row: row.row, texts, columns: texts.map((text) => (text ? keyOf(text) : undefined)) };
}

/**
 * The columns of a header by index; the missing required and the repeated columns are
 * problems. Undefined when a required column is missing (the rows cannot be read).
 */
function mapColumns<K extends string>(
  header: Header<K> | undefined,
  columns: readonly { key: K; need: string }[],
  sheet: 'users' | 'classes',
  problems: PlannedProblem[],
): { headerRow: number; byIndex: Map<K, number> } | undefined {
  const byIndex = new Map<K, number>();
  const headerRow = header?.row ?? 1;
  header?.columns.forEach((key, index) => {
    if (key === undefined) return;
    if (byIndex.has(key)) {
      problems.push({ sheet, row: headerRow, column: key, code: 'duplicateColumn' });
    } else byIndex.set(key, index);
  });
  const missing = columns.filter((c) => c.need === 'always' && !byIndex.has(c.key));
  for (const column of missing) {
    problems.push({ sheet, row: headerRow, column: column.key, code: 'missingColumn' });
  }
  return missing.length > 0 ? undefined : { headerRow, byIndex };
}

/** A row's text by column key, and the cells a spreadsheet mangled (as problems). */
function rowText(
  sheetRow: SheetRow,
  byIndex: Map<ImportColumnKey, number>,
): { text: ImportRowText; cellProblems: PlannedProblem[] } {
  const text = {} as Record<ImportColumnKey, string>;
  const cellProblems: PlannedProblem[] = [];
  for (const column of IMPORT_COLUMNS) {
    const index = byIndex.get(column.key);
    const cell: Cell | undefined = index === undefined ? undefined : sheetRow.cells[index];
    text[column.key] = cell?.text ?? '';
    const code = cell ? mangledCode(cell) : undefined;
    if (code) {
      cellProblems.push({
        sheet: 'users',
        row: sheetRow.row,
        column: column.key,
        code,
        value: cell?.text,
      });
    }
  }
  return { text, cellProblems };
}

function mangledCode(cell: Cell): ImportProblemCode | undefined {
  switch (cell.kind) {
    case 'lostDigits':
      return 'numberLostDigits';
    case 'date':
      return 'dateCell';
    case 'error':
      return 'cellError';
    case 'text':
      return undefined;
  }
}

interface KnownClass {
  gradeName: string;
  className: string;
}

/** The school's classes, by key, spelt as their first student's. */
function knownClasses(students: readonly ChildRecord[]): Map<string, KnownClass> {
  const classes = new Map<string, KnownClass>();
  for (const s of students) {
    const key = `${nameKey(s.gradeName)}\u0000${nameKey(s.className)}`;
    if (!classes.has(key)) classes.set(key, { gradeName: s.gradeName, className: s.className });
  }
  return classes;
}

/** The school's students by class and name (namesakes in one class share a key). */
function studentsByKey(students: readonly ChildRecord[]): Map<string, ChildRecord[]> {
  const byKey = new Map<string, ChildRecord[]>();
  for (const s of students) {
    const key = `${nameKey(s.gradeName)}\u0000${nameKey(s.className)}\u0000${nameKey(s.realName)}`;
    byKey.set(key, [...(byKey.get(key) ?? []), s]);
  }
  return byKey;
}

/** The classes sheet's rows, added to the known classes (a class already known keeps its spelling). */
function readClasses(
  sheet: ImportSheet,
  header: Header<ClassColumnKey> | undefined,
  classes: Map<string, KnownClass>,
  problems: PlannedProblem[],
): void {
  const mapped = mapColumns(header, CLASS_COLUMNS, 'classes', problems);
  if (!mapped) return;
  for (const sheetRow of sheet.rows.filter((r) => r.row > mapped.headerRow)) {
    const found: PlannedProblem[] = [];
    const values = {} as Record<ClassColumnKey, string>;
    for (const column of CLASS_COLUMNS) {
      const index = mapped.byIndex.get(column.key);
      const cell = index === undefined ? undefined : sheetRow.cells[index];
      const value = cell?.text ?? '';
      values[column.key] = value;
      const base = { sheet: 'classes' as const, row: sheetRow.row, column: column.key, value };
      const mangled = cell ? mangledCode(cell) : undefined;
      if (mangled) found.push({ ...base, code: mangled });
      else if (value === '') found.push({ ...base, code: 'required' });
      // eslint-disable-next-line no-control-regex
      else if (/[\u0000-\u001F\u007F]/u.test(value))
        found.push({ ...base, code: 'controlCharacter' });
      else if ([...value].length > IMPORT_NAME_MAX_LENGTH) found.push({ ...base, code: 'tooLong' });
    }
    if (values.gradeName === '' && values.className === '') continue;
    problems.push(...found);
    if (found.length > 0) continue;
    const key = `${nameKey(values.gradeName)}\u0000${nameKey(values.className)}`;
    if (!classes.has(key)) classes.set(key, values);
  }
}

function asImportAccount(account: PlannedAccount): ImportAccount {
  const { row: _row, children: _children, ...fields } = account;
  return fields;
}

const COLUMN_ORDER = new Map<string, number>(IMPORT_COLUMNS.map((c, i) => [c.key, i]));

function byColumn(a: PlannedProblem, b: PlannedProblem): number {
  return (COLUMN_ORDER.get(a.column ?? '') ?? -1) - (COLUMN_ORDER.get(b.column ?? '') ?? -1);
}
