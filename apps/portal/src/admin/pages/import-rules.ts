/**
 * The Import page's rules, pure so they are tested without a browser (issue 13 §3 Bulk import):
 * which files may be picked, the dry run's problems as table rows in the page language, and
 * when the commit is offered (only after a clean dry run of the very file in hand).
 */
import {
  CLASS_COLUMNS,
  IMPORT_COLUMNS,
  IMPORT_FORMATS,
  IMPORT_MAX_BYTES,
  type ImportDryRun,
  type ImportFormat,
} from '@campus/contracts/admin-import';
import { splitBilingual, type Language } from '@campus/sdk/language';

/** The file picker's `accept`: the formats the import reads. */
export const IMPORT_ACCEPT = IMPORT_FORMATS.map((format) => `.${format}`).join(',');

/** The format a file name gives by its extension, or null for one the import does not read. */
export function importFormatOf(fileName: string): ImportFormat | null {
  const dot = fileName.lastIndexOf('.');
  const extension = dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
  return (IMPORT_FORMATS as readonly string[]).includes(extension)
    ? (extension as ImportFormat)
    : null;
}

/** Why a picked file is refused before it is sent, or null. */
export type PickProblem = 'format' | 'tooLarge' | 'empty';

export function pickProblem(file: { name: string; size: number }): PickProblem | null {
  if (importFormatOf(file.name) === null) return 'format';
  if (file.size === 0) return 'empty';
  return file.size > IMPORT_MAX_BYTES ? 'tooLarge' : null;
}

/** One line of the problems table. */
export interface ProblemRow {
  key: string;
  /** The spreadsheet row (the header is row 1), or null for the file as a whole. */
  row: number | null;
  sheet: 'users' | 'classes' | 'file';
  /** The column's name in the page language, or null for the row or the file. */
  column: string | null;
  message: string;
}

function columnName(sheet: string, key: string | null, lang: Language): string | null {
  if (key === null) return null;
  const columns: readonly { key: string; zh: string; en: string }[] =
    sheet === 'classes' ? CLASS_COLUMNS : IMPORT_COLUMNS;
  const column = columns.find((c) => c.key === key);
  if (!column) return key;
  return lang === 'en' ? column.en : column.zh;
}

/**
 * The dry run's problems as the table lists them: the column by its template name, the
 * server's bilingual message in the page language.
 *
 * @example
 * problemRows({ problems: [{ sheet: 'users', row: 3, column: 'phone', code: 'phoneInvalid',
 *   message: '手机号无效|||Bad phone' }] }, 'en');
 * // [{ key: '0', row: 3, sheet: 'users', column: 'Phone', message: 'Bad phone' }]
 */
export function problemRows(dryRun: Pick<ImportDryRun, 'problems'>, lang: Language): ProblemRow[] {
  return dryRun.problems.map((problem, index) => ({
    key: String(index),
    row: problem.row === 0 ? null : problem.row,
    sheet: problem.sheet,
    column: columnName(problem.sheet, problem.column, lang),
    message: splitBilingual(problem.message, lang),
  }));
}

/** The commit is offered only when the dry run found nothing at all and rows to import. */
export function canCommit(dryRun: Pick<ImportDryRun, 'ok' | 'problemCount' | 'counts'>): boolean {
  return dryRun.ok && dryRun.problemCount === 0 && dryRun.counts.rows > 0;
}

/** How many problems the table leaves out (the answer lists up to a limit). */
export function unlistedProblems(dryRun: Pick<ImportDryRun, 'problems' | 'problemCount'>): number {
  return Math.max(0, dryRun.problemCount - dryRun.problems.length);
}
