/**
 * The bulk import's files (issue 13 §3), written with ExcelJS as the table export is: the
 * template (.xlsx: the users sheet, the unit's classes, the instructions; or .csv: the users
 * header) in Chinese or English, and the result (the new accounts with their initial passwords).
 * Every column of the users sheet is formatted as text, so an ID card or a phone typed into it
 * stays the digits typed (Excel would keep 15 significant digits of a number).
 */
import type ExcelJS from 'exceljs';
import { loadExcelJS } from '../../../core/lazy-imports.ts';
import {
  CLASS_COLUMNS,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_SHEETS,
  USER_TYPE_NAMES,
  importHeader,
  type ImportLanguage,
} from '@campus/contracts/admin-import';
import { USER_TYPES, type UserType } from '@campus/contracts/user-types';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';

export interface ImportFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** A class of the school, for the template's classes sheet. */
export interface SchoolClass {
  gradeName: string;
  className: string;
}

const HEADER_STYLE: Partial<ExcelJS.Style> = Object.freeze<Partial<ExcelJS.Style>>({
  font: { bold: true },
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDCE6F5' } },
  alignment: { vertical: 'middle' },
});

const pick = (lang: ImportLanguage, zh: string, en: string) => (lang === 'en' ? en : zh);

/** ExcelJS keeps a worksheet's data validations by range; its typings leave them out. */
interface WithDataValidations {
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
}

/** A list validation over a column's data rows (a drop-down in Excel and WPS). */
function listValidation(
  sheet: ExcelJS.Worksheet,
  column: number,
  items: string[],
  lang: ImportLanguage,
) {
  const letter = sheet.getColumn(column).letter;
  (sheet as unknown as WithDataValidations).dataValidations.add(
    `${letter}2:${letter}${IMPORT_MAX_ROWS + 1}`,
    {
      type: 'list',
      allowBlank: true,
      formulae: [`"${items.join(',')}"`],
      showErrorMessage: true,
      errorStyle: 'warning',
      error: pick(lang, '请从列表中选择', 'Choose from the list'),
    },
  );
}

/** The template in a language and kind: what the console's "download template" gives. */
export async function templateFile(
  lang: ImportLanguage,
  format: 'xlsx' | 'csv',
  classes: readonly SchoolClass[],
): Promise<ImportFile> {
  const base = pick(lang, '用户导入模板', 'user-import-template');
  const headers = IMPORT_COLUMNS.map((c) => importHeader(c, lang));
  if (format === 'csv') {
    // A byte-order mark, so Excel opens the UTF-8 header in Chinese rather than as mojibake.
    const text = `\uFEFF${headers.map(csvField).join(',')}\r\n`;
    return { fileName: `${base}.csv`, contentType: CSV_TYPE, bytes: Buffer.from(text, 'utf8') };
  }

  const workbook = new (await loadExcelJS()).Workbook();
  workbook.creator = 'Campus Portal';
  const users = workbook.addWorksheet(pick(lang, IMPORT_SHEETS.users.zh, IMPORT_SHEETS.users.en), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  users.columns = IMPORT_COLUMNS.map((column, i) => ({
    header: headers[i],
    key: column.key,
    width: Math.max(12, [...(headers[i] ?? '')].length * 2 + 4),
    style: { numFmt: '@' },
  }));
  users.getRow(1).eachCell((cell) => {
    cell.style = { ...HEADER_STYLE, numFmt: '@' };
  });
  const typeColumn = IMPORT_COLUMNS.findIndex((c) => c.key === 'userType') + 1;
  listValidation(
    users,
    typeColumn,
    USER_TYPES.map((t) => pick(lang, USER_TYPE_NAMES[t].zh, USER_TYPE_NAMES[t].en)),
    lang,
  );
  const sexColumn = IMPORT_COLUMNS.findIndex((c) => c.key === 'sex') + 1;
  listValidation(users, sexColumn, lang === 'en' ? ['Male', 'Female'] : ['男', '女'], lang);

  const classSheet = workbook.addWorksheet(
    pick(lang, IMPORT_SHEETS.classes.zh, IMPORT_SHEETS.classes.en),
    { views: [{ state: 'frozen', ySplit: 1 }] },
  );
  classSheet.columns = CLASS_COLUMNS.map((column) => ({
    header: importHeader(column, lang),
    key: column.key,
    width: 20,
    style: { numFmt: '@' },
  }));
  classSheet.getRow(1).eachCell((cell) => {
    cell.style = { ...HEADER_STYLE, numFmt: '@' };
  });
  for (const c of classes) classSheet.addRow({ gradeName: c.gradeName, className: c.className });

  const help = workbook.addWorksheet(
    pick(lang, IMPORT_SHEETS.instructions.zh, IMPORT_SHEETS.instructions.en),
  );
  help.columns = [{ width: 16 }, { width: 12 }, { width: 90 }];
  const headerRow = help.addRow([
    pick(lang, '列', 'Column'),
    pick(lang, '是否必填', 'Required'),
    pick(lang, '规则', 'Rule'),
  ]);
  headerRow.eachCell((cell) => {
    cell.style = HEADER_STYLE;
  });
  for (const column of IMPORT_COLUMNS) {
    help.addRow([
      pick(lang, column.zh, column.en),
      column.need === 'always'
        ? pick(lang, '必填', 'Yes')
        : column.need === 'parent'
          ? pick(lang, '家长必填', 'For parents')
          : pick(lang, '选填', 'No'),
      pick(lang, column.ruleZh, column.ruleEn),
    ]);
  }
  help.addRow([]);
  for (const note of instructions(lang)) help.addRow([note]);

  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  return { fileName: `${base}.xlsx`, contentType: XLSX_TYPE, bytes };
}

function instructions(lang: ImportLanguage): string[] {
  return lang === 'en'
    ? [
        'One row per parent and child: a parent with two children has two rows with the same login name (the second may leave the account columns empty).',
        'Teachers and staff have one row and no child.',
        "A child's grade and class must be one of the school's classes, or listed on the Classes sheet (add new classes there).",
        'A child already at the school (same name in the same class) is linked, not created again.',
        'Passwords are generated: after the import, download the result once and hand each person their initial password.',
        `At most ${IMPORT_MAX_ROWS} rows per file. The import writes everything or nothing: fix every problem the check lists, then import.`,
      ]
    : [
        '每行一位家长和一个孩子：有两个孩子的家长填两行，登录名相同（第二行可不填账号信息）。',
        '教师和职工每人一行，孩子列留空。',
        '孩子的年级和班级须为本校已有班级，或列在"班级"表中（新班级请添加到该表）。',
        '已在本校的孩子（同班同名）将直接关联，不会重复创建。',
        '初始密码由系统生成：导入后请下载一次结果文件，并把初始密码分别告知本人。',
        `每个文件最多 ${IMPORT_MAX_ROWS} 行。导入要么全部成功，要么全部不写入：请先改正检查列出的所有问题，再导入。`,
      ];
}

/** A field of a CSV line, quoted when it must be (RFC 4180). */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One new account of the result, with its initial password. */
export interface ResultAccount {
  row: number;
  loginName: string;
  realName: string;
  userType: number;
  password: string;
  children: { realName: string; gradeName: string; className: string }[];
}

/** The result of a committed import: the new accounts and their initial passwords. */
export async function resultFile(
  lang: ImportLanguage,
  unitName: string,
  createdAt: number,
  accounts: readonly ResultAccount[],
): Promise<ImportFile> {
  const workbook = new (await loadExcelJS()).Workbook();
  workbook.creator = 'Campus Portal';
  const sheet = workbook.addWorksheet(pick(lang, '新账号', 'New accounts'), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = [
    { header: pick(lang, '文件行号', 'File row'), key: 'row', width: 10 },
    { header: pick(lang, '登录名', 'Login name'), key: 'loginName', width: 20 },
    { header: pick(lang, '姓名', 'Real name'), key: 'realName', width: 16 },
    { header: pick(lang, '用户类型', 'User type'), key: 'userType', width: 12 },
    { header: pick(lang, '初始密码', 'Initial password'), key: 'password', width: 20 },
    { header: pick(lang, '孩子', 'Children'), key: 'children', width: 40 },
  ];
  sheet.getRow(1).eachCell((cell) => {
    cell.style = HEADER_STYLE;
  });
  for (const account of accounts) {
    const names = USER_TYPE_NAMES[account.userType as UserType];
    sheet.addRow({
      row: account.row,
      loginName: account.loginName,
      realName: account.realName,
      userType: names ? pick(lang, names.zh, names.en) : String(account.userType),
      password: account.password,
      children: account.children
        .map((c) =>
          lang === 'en'
            ? `${c.realName} (${c.gradeName}, ${c.className})`
            : `${c.realName}（${c.gradeName} ${c.className}）`,
        )
        .join(lang === 'en' ? '; ' : '；'),
    });
  }
  const stamp = new Date(createdAt).toISOString().slice(0, 10);
  // A unit's name may hold what no file name may.
  // eslint-disable-next-line no-control-regex
  const unit = unitName.replace(/[\\/:*?"<>|\u0000-\u001F]/gu, '_');
  const base = pick(lang, `${unit}-导入的新账号-${stamp}`, `${unit}-imported-accounts-${stamp}`);
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  return { fileName: `${base}.xlsx`, contentType: XLSX_TYPE, bytes };
}
