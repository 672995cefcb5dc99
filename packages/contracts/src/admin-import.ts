/**
 * Bulk import of users and parent–child links (issue 13 §3, DESIGN.md §10): the file's columns,
 * the rules of one row, the limits, and the console's calls under `/api/admin/import/…`. One
 * definition for the server (which checks every row, then writes all or nothing) and the console
 * (which shows the same columns and rules beside the upload).
 *
 * The file: one row per parent–child pair (a registrar's sheet lists children), so a parent with
 * two children has two rows with the same login name; the second may leave the account columns
 * empty. Teachers and staff have one row and no child. An .xlsx may carry a second sheet of the
 * school's classes (grade, class): a child's class must be one of those or one the school's
 * students already sit in, which catches a mistyped class before any account is made.
 */
import { Type, type Static } from 'typebox';
import { defineEndpoint } from './endpoint.ts';
import {
  LOGIN_NAME_MAX_LENGTH,
  isValidEmail,
  isValidIdCard,
  isValidLoginName,
  isValidPhone,
} from './field-rules.ts';
import { IdSchema } from './primitives.ts';
import { USER_TYPES, UserType, isParent } from './user-types.ts';

// ---------------------------------------------------------------------------------------------
// Limits

/** The largest file the import reads: 8 MiB (a 10,000-row .xlsx is well under 1 MiB). */
export const IMPORT_MAX_BYTES = 8 * 1024 * 1024;
/** The most rows one file may hold (issue 13 §3 asks for 5,000 in under 30 s). */
export const IMPORT_MAX_ROWS = 10_000;
/** The most problems one answer lists; the count beside them is always the whole number. */
export const IMPORT_MAX_LISTED_PROBLEMS = 5_000;
/** The most problems a refused commit lists in its field errors (the dry run lists them all). */
export const IMPORT_LISTED_PROBLEMS_IN_REFUSAL = 100;
/** Names (a person's, a grade's, a class's): at most 64 characters, as the admin CLI's. */
export const IMPORT_NAME_MAX_LENGTH = 64;
/** An email address: at most 254 characters (RFC 5321's path limit). */
export const IMPORT_EMAIL_MAX_LENGTH = 254;
/** How long the result file (the new accounts' initial passwords) waits to be downloaded. */
export const IMPORT_RESULT_TTL_MS = 60 * 60 * 1000;

/** The file kinds the import reads, by extension. */
export const IMPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** The template's and the result's languages. */
export const IMPORT_LANGUAGES = ['zh-CN', 'en'] as const;
export type ImportLanguage = (typeof IMPORT_LANGUAGES)[number];

// ---------------------------------------------------------------------------------------------
// Columns

export type ImportColumnKey =
  | 'loginName'
  | 'realName'
  | 'userType'
  | 'phone'
  | 'idCard'
  | 'email'
  | 'sex'
  | 'childName'
  | 'gradeName'
  | 'className';

/** When a column must be filled: always, for a parent's row, or never (optional). */
export type ImportColumnNeed = 'always' | 'parent' | 'optional';

export interface ImportColumn<K extends string = ImportColumnKey> {
  key: K;
  zh: string;
  en: string;
  need: ImportColumnNeed;
  /** The rule in words, as the template's instructions and the console show it. */
  ruleZh: string;
  ruleEn: string;
}

/** The users sheet's columns, in the template's order (what the data model stores). */
export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  {
    key: 'loginName',
    zh: '登录名',
    en: 'Login name',
    need: 'always',
    ruleZh: `2 到 ${LOGIN_NAME_MAX_LENGTH} 个字母、数字或 _ . @ -，不能与已有账号重复（不区分大小写）；同一家长的多个孩子各占一行，登录名相同`,
    ruleEn: `2 to ${LOGIN_NAME_MAX_LENGTH} letters, digits or _ . @ -, not taken (case-insensitive); a parent with several children has one row per child with the same login name`,
  },
  {
    key: 'realName',
    zh: '姓名',
    en: 'Real name',
    need: 'always',
    ruleZh: `不超过 ${IMPORT_NAME_MAX_LENGTH} 个字符`,
    ruleEn: `At most ${IMPORT_NAME_MAX_LENGTH} characters`,
  },
  {
    key: 'userType',
    zh: '用户类型',
    en: 'User type',
    need: 'always',
    ruleZh: '1 单位职工、2 教师、3 家长、4 其他职工（填数字或名称）',
    ruleEn: '1 unit staff, 2 teacher, 3 parent, 4 other staff (the number or the name)',
  },
  {
    key: 'phone',
    zh: '手机号',
    en: 'Phone',
    need: 'optional',
    ruleZh: '11 位数字，以 1 开头',
    ruleEn: '11 digits starting with 1',
  },
  {
    key: 'idCard',
    zh: '身份证号',
    en: 'ID card',
    need: 'optional',
    ruleZh: '15 或 18 位身份证号（末位可为 X），出生月日须有效；请将该列设为文本格式',
    ruleEn:
      '15 or 18 digits (the last may be X) with a real month and day; keep the column formatted as text',
  },
  {
    key: 'email',
    zh: '邮箱',
    en: 'Email',
    need: 'optional',
    ruleZh: '如 name@school.cn；用于找回密码',
    ruleEn: 'Such as name@school.cn; where a forgotten-password link is sent',
  },
  {
    key: 'sex',
    zh: '性别',
    en: 'Sex',
    need: 'optional',
    ruleZh: '男 或 女（可留空）',
    ruleEn: 'Male or female (may be empty)',
  },
  {
    key: 'childName',
    zh: '孩子姓名',
    en: 'Child name',
    need: 'parent',
    ruleZh: '家长必填；教师和职工留空',
    ruleEn: 'Required for a parent; empty for teachers and staff',
  },
  {
    key: 'gradeName',
    zh: '年级',
    en: 'Grade',
    need: 'parent',
    ruleZh: '孩子所在年级，须与班级一起为本校已有班级或"班级"表中列出的班级',
    ruleEn:
      "The child's grade; with the class, one of the school's classes or of the Classes sheet",
  },
  {
    key: 'className',
    zh: '班级',
    en: 'Class',
    need: 'parent',
    ruleZh: '孩子所在班级',
    ruleEn: "The child's class",
  },
];

export type ClassColumnKey = 'gradeName' | 'className';

/** The classes sheet's columns (.xlsx only): the school's grades and classes. */
export const CLASS_COLUMNS: readonly ImportColumn<ClassColumnKey>[] = [
  {
    key: 'gradeName',
    zh: '年级',
    en: 'Grade',
    need: 'always',
    ruleZh: `不超过 ${IMPORT_NAME_MAX_LENGTH} 个字符`,
    ruleEn: `At most ${IMPORT_NAME_MAX_LENGTH} characters`,
  },
  {
    key: 'className',
    zh: '班级',
    en: 'Class',
    need: 'always',
    ruleZh: `不超过 ${IMPORT_NAME_MAX_LENGTH} 个字符`,
    ruleEn: `At most ${IMPORT_NAME_MAX_LENGTH} characters`,
  },
];

/** The template's sheet names; a file's first sheet is read as the users sheet whatever its name. */
export const IMPORT_SHEETS = {
  users: { zh: '用户', en: 'Users' },
  classes: { zh: '班级', en: 'Classes' },
  instructions: { zh: '说明', en: 'Instructions' },
} as const;

/** A header as a person may have typed it: trimmed, lower case, no spaces, no required mark. */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFKC')
    .replace(/[*＊\s]/gu, '')
    .toLowerCase();
}

function columnByHeader<K extends string>(
  columns: readonly ImportColumn<K>[],
  header: string,
): K | undefined {
  const wanted = normalizeHeader(header);
  if (wanted === '') return undefined;
  return columns.find((c) => [c.key, c.zh, c.en].some((name) => normalizeHeader(name) === wanted))
    ?.key;
}

/**
 * The users column a header names: its key, its Chinese or its English name, in any case, with
 * or without the template's `*`; undefined for a column the import does not read (a note, say).
 *
 * @example
 * importColumnOf('手机号'); // 'phone'
 * importColumnOf('Login name*'); // 'loginName'
 * importColumnOf('备注'); // undefined
 */
export function importColumnOf(header: string): ImportColumnKey | undefined {
  return columnByHeader(IMPORT_COLUMNS, header);
}

/** The classes column a header names, as {@link importColumnOf}. */
export function classColumnOf(header: string): ClassColumnKey | undefined {
  return columnByHeader(CLASS_COLUMNS, header);
}

/** The template's header of a column: Chinese or English, `*` marking a column always required. */
export function importHeader(column: ImportColumn<string>, lang: ImportLanguage): string {
  const name = lang === 'en' ? column.en : column.zh;
  return column.need === 'always' ? `${name}*` : name;
}

// ---------------------------------------------------------------------------------------------
// Values

/** The user types' names (spec §1, §6) as the file may give them, beside the number. */
export const USER_TYPE_NAMES: Readonly<Record<UserType, { zh: string; en: string }>> = {
  [UserType.unitStaff]: { zh: '单位职工', en: 'Unit staff' },
  [UserType.teacher]: { zh: '教师', en: 'Teacher' },
  [UserType.parent]: { zh: '家长', en: 'Parent' },
  [UserType.otherStaff]: { zh: '其他职工', en: 'Other staff' },
};

/**
 * The user type a cell names: the number, or the Chinese or English name in any case.
 *
 * @example
 * parseUserType('3'); // 3
 * parseUserType('家长'); // 3
 * parseUserType('Teacher'); // 2
 * parseUserType('student'); // null
 */
export function parseUserType(text: string): UserType | null {
  const wanted = normalizeHeader(text);
  for (const type of USER_TYPES) {
    const names = USER_TYPE_NAMES[type];
    if ([String(type), names.zh, names.en].some((name) => normalizeHeader(name) === wanted)) {
      return type;
    }
  }
  return null;
}

/** 0 not given, 1 male, 2 female (the `sex` of spec §3's session). */
export type Sex = 0 | 1 | 2;

const SEX_WORDS: readonly [Sex, readonly string[]][] = [
  [0, ['']],
  [1, ['1', '男', 'm', 'male']],
  [2, ['2', '女', 'f', 'female']],
];

/**
 * The sex a cell gives: empty is 0 (not given), 男/M/male/1 is 1, 女/F/female/2 is 2.
 *
 * @example parseSex('女'); // 2
 */
export function parseSex(text: string): Sex | null {
  const wanted = normalizeHeader(text);
  return SEX_WORDS.find(([, words]) => words.includes(wanted))?.[0] ?? null;
}

/** A phone as typed, with the spaces and hyphens people group digits with taken out. */
export function normalizePhone(text: string): string {
  return text.replace(/[\s-]/gu, '');
}

/**
 * The key two names compare by (a class, a child): Unicode-compatibility folded (a full-width
 * `１班` is `1班`), runs of whitespace one space, case ignored.
 *
 * @example nameKey(' Grade\u3000１ ') === nameKey('grade 1'); // true
 */
export function nameKey(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Problems

/**
 * Why a row (or the file) cannot be imported. The reader's: the file has no rows, too many, a
 * required column is missing, a column appears twice, a cell is a number that lost digits, a
 * date, or a spreadsheet error. One row's: a required cell is empty, too long, holds a control
 * character, or breaks its column's rule. Across rows and the database: a login repeated with
 * other details or taken, a parent's child twice, a class the school does not have, a child who
 * matches several of the school's students.
 */
export const IMPORT_PROBLEM_CODES = [
  'fileEmpty',
  'tooManyRows',
  'missingColumn',
  'duplicateColumn',
  'numberLostDigits',
  'dateCell',
  'cellError',
  'required',
  'tooLong',
  'controlCharacter',
  'loginFormat',
  'loginDuplicate',
  'loginTaken',
  'userTypeUnknown',
  'phoneInvalid',
  'idCardInvalid',
  'emailInvalid',
  'sexUnknown',
  'parentWithoutChild',
  'childForNonParent',
  'childDuplicate',
  'classUnknown',
  'childAmbiguous',
] as const;
export type ImportProblemCode = (typeof IMPORT_PROBLEM_CODES)[number];

/** The text of one users row, each cell trimmed; a missing column reads as empty. */
export type ImportRowText = Readonly<Record<ImportColumnKey, string>>;

/** One row's problem: the column (null for the row as a whole) and why. */
export interface ImportRowProblem {
  column: ImportColumnKey;
  code: ImportProblemCode;
}

/** A row's account as it will be stored (best effort when the row has problems). */
export interface ImportAccount {
  loginName: string;
  realName: string;
  /** Null when the cell names no user type. */
  userType: UserType | null;
  phone: string | null;
  idCard: string | null;
  email: string | null;
  sex: Sex;
}

export interface ImportChild {
  realName: string;
  gradeName: string;
  className: string;
}

export interface ImportRowCheck {
  account: ImportAccount;
  /** The row's child, when its child name is given. */
  child: ImportChild | null;
  problems: ImportRowProblem[];
}

// C0 controls and DEL, as `primitives.ts`'s single-line rule: a line break typed into a cell
// (Alt+Enter) has no place in a name.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F]/u;

const CHILD_COLUMNS: readonly ImportColumnKey[] = ['childName', 'gradeName', 'className'];

/**
 * The rules of one users row (those against the school's data, and the duplicates of a child
 * or a login across rows that are not the same parent, are the server's): required cells,
 * lengths, control characters, the login-name rule, the user type, spec §5's phone, ID card and
 * email, the sex, and the child: a parent's row names one (name, grade and class), a teacher's or
 * staff member's names none.
 *
 * `first` is the account of an earlier row with the same login name, if any. Only a parent has
 * more rows (one per child); such a row may leave the account columns empty, and what it does
 * fill must agree with the first row, else the login is a duplicate. Answers the row's values
 * (normalised: the phone without spaces or hyphens, the ID card's x upper case, the email lower
 * case) and its problems.
 *
 * @example
 * checkImportRow({ loginName: 'zs', realName: '张三', userType: '家长', phone: '138 0013 8000',
 *   idCard: '', email: '', sex: '', childName: '张小明', gradeName: '一年级', className: '1班' })
 * // problems: [], account.phone: '13800138000', child: { realName: '张小明', … }
 */
export function checkImportRow(row: ImportRowText, first?: ImportAccount): ImportRowCheck {
  const problems: ImportRowProblem[] = [];
  const add = (column: ImportColumnKey, code: ImportProblemCode) => problems.push({ column, code });

  for (const column of IMPORT_COLUMNS) {
    if (CONTROL.test(row[column.key])) add(column.key, 'controlCharacter');
  }
  const loginName = row.loginName;
  if (loginName === '') add('loginName', 'required');
  else if (!isValidLoginName(loginName)) add('loginName', 'loginFormat');

  // The first row of a login gives the account; a later one may leave any column to it.
  const realName = row.realName;
  if (realName === '' && first === undefined) add('realName', 'required');
  else if ([...realName].length > IMPORT_NAME_MAX_LENGTH) add('realName', 'tooLong');

  const userType = row.userType === '' ? null : parseUserType(row.userType);
  if (row.userType === '' && first === undefined) add('userType', 'required');
  else if (row.userType !== '' && userType === null) add('userType', 'userTypeUnknown');

  const phone = row.phone === '' ? null : normalizePhone(row.phone);
  if (phone !== null && !isValidPhone(phone)) add('phone', 'phoneInvalid');

  const idCard = row.idCard === '' ? null : row.idCard.toUpperCase();
  if (idCard !== null && !isValidIdCard(idCard)) add('idCard', 'idCardInvalid');

  const email = row.email === '' ? null : row.email.toLowerCase();
  if (email !== null && (email.length > IMPORT_EMAIL_MAX_LENGTH || !isValidEmail(email))) {
    add('email', 'emailInvalid');
  }

  const sex = parseSex(row.sex);
  if (sex === null) add('sex', 'sexUnknown');

  const own: ImportAccount = { loginName, realName, userType, phone, idCard, email, sex: sex ?? 0 };
  if (first !== undefined) {
    // Only a parent has more than one row; what a later row fills must be the first row's.
    const conflicting =
      (first.userType !== null && !isParent(first.userType)) ||
      (row.realName !== '' && row.realName !== first.realName) ||
      (row.userType !== '' && userType !== first.userType) ||
      (phone !== null && phone !== first.phone) ||
      (idCard !== null && idCard !== first.idCard) ||
      (email !== null && email !== first.email) ||
      (row.sex !== '' && sex !== first.sex);
    if (conflicting) add('loginName', 'loginDuplicate');
  }

  for (const column of CHILD_COLUMNS) {
    if ([...row[column]].length > IMPORT_NAME_MAX_LENGTH) add(column, 'tooLong');
  }
  const childGiven = CHILD_COLUMNS.some((c) => row[c] !== '');
  const type = row.userType !== '' || first === undefined ? userType : first.userType;
  if (childGiven && type !== null && !isParent(type)) {
    add(CHILD_COLUMNS.find((c) => row[c] !== '') ?? 'childName', 'childForNonParent');
  } else if (!childGiven && type !== null && isParent(type)) {
    add('childName', 'parentWithoutChild');
  } else if (childGiven) {
    for (const column of CHILD_COLUMNS) if (row[column] === '') add(column, 'required');
  }

  return {
    account: first ?? own,
    child: childGiven
      ? { realName: row.childName, gradeName: row.gradeName, className: row.className }
      : null,
    problems,
  };
}

// ---------------------------------------------------------------------------------------------
// Answers

export const ImportProblemSchema = Type.Object({
  /** `users`, `classes`, or `file` for the file as a whole. */
  sheet: Type.Union([Type.Literal('users'), Type.Literal('classes'), Type.Literal('file')]),
  /** The spreadsheet's row number (the header is row 1); 0 for the file as a whole. */
  row: Type.Integer({ minimum: 0 }),
  /** The column's key (`IMPORT_COLUMNS`, `CLASS_COLUMNS`), or null for the row or file. */
  column: Type.Union([Type.String(), Type.Null()]),
  code: Type.String({ description: 'One of IMPORT_PROBLEM_CODES' }),
  message: Type.String({ description: 'Bilingual: 中文|||English' }),
});
export type ImportProblem = Static<typeof ImportProblemSchema> & { code: ImportProblemCode };

/** What the file would create, counted. */
export const ImportCountsSchema = Type.Object({
  /** Data rows read (empty rows skipped). */
  rows: Type.Integer(),
  /** New accounts, and how many of each user type. */
  accounts: Type.Integer(),
  accountsByType: Type.Array(Type.Object({ userType: Type.Integer(), count: Type.Integer() })),
  /** New students, and existing students of the school linked to a new parent. */
  newStudents: Type.Integer(),
  existingStudents: Type.Integer(),
  /** Parent–child links. */
  links: Type.Integer(),
});
export type ImportCounts = Static<typeof ImportCountsSchema>;

export const ImportDryRunSchema = Type.Object({
  unitId: Type.String(),
  fileName: Type.String(),
  format: Type.Union([Type.Literal('xlsx'), Type.Literal('csv')]),
  counts: ImportCountsSchema,
  /** True when nothing stops the commit. */
  ok: Type.Boolean(),
  /** Every problem, in row order, up to IMPORT_MAX_LISTED_PROBLEMS. */
  problems: Type.Array(ImportProblemSchema),
  /** The number of problems, listed or not. */
  problemCount: Type.Integer(),
});
export type ImportDryRun = Static<typeof ImportDryRunSchema>;

export const ImportCommitSchema = Type.Object({
  unitId: Type.String(),
  fileName: Type.String(),
  counts: ImportCountsSchema,
  /**
   * The one-time key of the result file (the new accounts with their initial passwords):
   * downloaded once through `result`, then gone; it expires after IMPORT_RESULT_TTL_MS.
   */
  resultId: Type.String(),
  resultExpiresAt: Type.Integer(),
});
export type ImportCommit = Static<typeof ImportCommitSchema>;

// ---------------------------------------------------------------------------------------------
// Requests

const LanguageSchema = Type.Union([Type.Literal('zh-CN'), Type.Literal('en')]);

export const ImportTemplateQuerySchema = Type.Object({
  unitId: IdSchema,
  lang: Type.Optional(LanguageSchema),
  format: Type.Optional(Type.Union([Type.Literal('xlsx'), Type.Literal('csv')])),
});
export type ImportTemplateQuery = Static<typeof ImportTemplateQuerySchema>;

/** The multipart fields before the `file` part of a dry run or a commit. */
export const ImportUploadFieldsSchema = Type.Object({ unitId: IdSchema });
export type ImportUploadFields = Static<typeof ImportUploadFieldsSchema>;

/** The result key: 32 random bytes, base64url (43 characters). */
export const ImportResultIdSchema = Type.String({
  minLength: 43,
  maxLength: 43,
  pattern: '^[A-Za-z0-9_-]{43}$',
});

export const ImportResultBodySchema = Type.Object({
  unitId: IdSchema,
  resultId: ImportResultIdSchema,
  lang: Type.Optional(LanguageSchema),
});
export type ImportResultBody = Static<typeof ImportResultBodySchema>;

/** The error code of a commit refused because the file has problems (nothing was written). */
export const IMPORT_REJECTED_CODE = 'import_rejected';

// ---------------------------------------------------------------------------------------------
// Endpoints

const tag = 'admin';

export const adminImportEndpoints = {
  /** GET the template: .xlsx (users, the unit's classes, instructions) or .csv (the header). */
  template: defineEndpoint({
    method: 'GET',
    path: '/api/admin/import/template',
    tag,
    access: 'session',
    summary:
      "The bulk import's template, .xlsx or .csv, in Chinese or English, with the unit's classes (issue 13 §3)",
    query: ImportTemplateQuerySchema,
  }),
  dryRun: defineEndpoint({
    method: 'POST',
    path: '/api/admin/import/dry-run',
    tag,
    access: 'session',
    summary:
      "Check an import file (.xlsx or .csv, multipart unitId, file): every row's problems, nothing written (issue 13 §3)",
    body: ImportUploadFieldsSchema,
    data: ImportDryRunSchema,
    multipart: true,
  }),
  commit: defineEndpoint({
    method: 'POST',
    path: '/api/admin/import/commit',
    tag,
    access: 'session',
    summary:
      'Import the file checked by the dry run: all accounts and links in one transaction, or none (issue 13 §3)',
    body: ImportUploadFieldsSchema,
    data: ImportCommitSchema,
    multipart: true,
  }),
  result: defineEndpoint({
    method: 'POST',
    path: '/api/admin/import/result',
    tag,
    access: 'session',
    summary:
      "The committed import's new accounts with their initial passwords, as .xlsx, once (issue 13 §3)",
    body: ImportResultBodySchema,
  }),
} as const;
