/**
 * An uploaded import file (issue 13 §3) as sheets of text cells: an .xlsx through ExcelJS (after
 * `zip-limits.ts` has bounded what it inflates), a .csv through `csv-text.ts`. What cannot be read
 * at all (another kind of file, a broken workbook, binary bytes named .csv) is refused here with
 * one bilingual message on the `file` field; what can be read goes on to the row rules, even when
 * it is nothing like the template (that is the dry run's to say, row by row).
 *
 * A cell keeps what a spreadsheet did to it: a long number (an ID card typed without the text
 * format keeps 15 significant digits in Excel), a date (Excel turns `1-2` into 2 January) or an
 * error (`#N/A`) is marked, so the row rules can say so instead of checking a mangled value.
 */
import type ExcelJS from 'exceljs';
import { loadExcelJS } from '../../../core/lazy-imports.ts';
import { IMPORT_FORMATS, IMPORT_MAX_ROWS, type ImportFormat } from '@campus/contracts/admin-import';
import { badRequest } from '../../../core/errors.ts';
import { bilingual, type Bilingual } from '../../../core/messages.ts';
import { decodeCsv, parseCsv } from './csv-text.ts';
import { zipProblem } from './zip-limits.ts';

/** What a cell holds: text, or text a spreadsheet has mangled. */
export type CellKind = 'text' | 'lostDigits' | 'date' | 'error';

export interface Cell {
  /** Trimmed. */
  text: string;
  kind: CellKind;
}

export interface SheetRow {
  /** The spreadsheet's row number (1 is the first). */
  row: number;
  /** By column, from the first; empty cells are `undefined`. */
  cells: (Cell | undefined)[];
}

export interface ImportSheet {
  /** Non-empty rows, in order. */
  rows: SheetRow[];
}

export interface ImportWorkbook {
  format: ImportFormat;
  /** An .xlsx's worksheets in order; a .csv is one sheet. */
  sheets: ImportSheet[];
}

/** The most columns read (the template has 10; notes beside them are ignored). */
export const MAX_COLUMNS = 50;
/** Rows beyond the data limit a file may have before reading stops (titles above the header). */
const SPARE_ROWS = 20;
/** What an .xlsx may inflate to: 64 MiB, some twenty times a 10,000-row sheet's XML. */
const XLSX_MAX_INFLATED = 64 * 1024 * 1024;
const XLSX_MAX_ENTRIES = 500;
/** Excel keeps 15 significant digits; an integer from 10^15 on may have lost some. */
const LOST_DIGITS_FROM = 1e15;
/** A number Excel wrote to a .csv in scientific notation (`1.10101E+17`): digits are gone. */
const SCIENTIFIC = /^\d(\.\d+)?e\+\d+$/i;

const refuse = (message: Bilingual) => badRequest([{ field: 'file', message }]);

/** The file kind a name gives (its extension, any case), if the import reads it. */
export function formatOf(fileName: string): ImportFormat | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return IMPORT_FORMATS.find((f) => f === extension);
}

/** Reads an uploaded file, or refuses it (400, on the `file` field). */
export async function readImportFile(fileName: string, bytes: Buffer): Promise<ImportWorkbook> {
  const format = formatOf(fileName);
  if (!format) {
    if (/\.xls$/i.test(fileName)) {
      throw refuse(
        bilingual(
          '不支持旧版 .xls 文件，请在 Excel 中另存为 .xlsx（Excel 工作簿）后再导入',
          'Old .xls workbooks are not read: save it as .xlsx (Excel Workbook) in Excel and import that',
        ),
      );
    }
    throw refuse(
      bilingual(
        `只能导入 .xlsx 或 .csv 文件，"${shortName(fileName)}" 不是`,
        `Only .xlsx or .csv files can be imported; "${shortName(fileName)}" is neither`,
      ),
    );
  }
  if (bytes.length === 0) throw refuse(bilingual('文件是空的', 'The file is empty'));
  return format === 'xlsx' ? readXlsx(bytes) : readCsv(bytes);
}

const notAWorkbook = () =>
  refuse(
    bilingual(
      '文件不是有效的 .xlsx 工作簿（可能已损坏，或是改了扩展名的其他文件）',
      'The file is not a valid .xlsx workbook (it may be damaged, or another kind of file renamed)',
    ),
  );

async function readXlsx(bytes: Buffer): Promise<ImportWorkbook> {
  const problem = zipProblem(bytes, { maxBytes: XLSX_MAX_INFLATED, maxEntries: XLSX_MAX_ENTRIES });
  if (problem === 'tooLarge') {
    throw refuse(
      bilingual(
        '工作簿解压后过大，请只保留要导入的数据后再试',
        'The workbook is too large once unpacked; keep only the rows to import and try again',
      ),
    );
  }
  if (problem) throw notAWorkbook();
  const workbook = new (await loadExcelJS()).Workbook();
  try {
    // ExcelJS's own typing of load's argument predates Node's generic Buffer.
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw notAWorkbook();
  }
  if (workbook.worksheets.length === 0) throw notAWorkbook();
  return {
    format: 'xlsx',
    sheets: workbook.worksheets.map((sheet) => {
      const rows: SheetRow[] = [];
      sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
        if (rows.length > IMPORT_MAX_ROWS + SPARE_ROWS) return;
        const cells: (Cell | undefined)[] = [];
        row.eachCell({ includeEmpty: false }, (cell, column) => {
          if (column > MAX_COLUMNS) return;
          const value = xlsxCell(cell.value);
          if (value.text !== '' || value.kind !== 'text') cells[column - 1] = value;
        });
        if (cells.length > 0) rows.push({ row: rowNumber, cells });
      });
      return { rows };
    }),
  };
}

/** A cell's value as text, and what the spreadsheet did to it. */
export function xlsxCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return text('');
  if (typeof value === 'string') return text(value);
  if (typeof value === 'number') {
    if (Number.isInteger(value) && Math.abs(value) >= LOST_DIGITS_FROM) {
      return { text: value.toFixed(0), kind: 'lostDigits' };
    }
    return text(String(value));
  }
  if (typeof value === 'boolean') return text(value ? 'TRUE' : 'FALSE');
  if (value instanceof Date) {
    return {
      text: Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10),
      kind: 'date',
    };
  }
  if ('error' in value) return { text: String(value.error), kind: 'error' };
  if ('richText' in value) return text(value.richText.map((part) => part.text).join(''));
  if ('formula' in value || 'sharedFormula' in value) {
    return xlsxCell((value as { result?: ExcelJS.CellValue }).result ?? null);
  }
  if ('hyperlink' in value) {
    // An email typed into Excel becomes a link; its text is what was typed.
    const shown = (value as { text?: unknown }).text;
    if (typeof shown === 'string') return text(shown);
    if (shown && typeof shown === 'object' && 'richText' in shown) {
      return xlsxCell(shown as ExcelJS.CellRichTextValue);
    }
    return text(String(value.hyperlink));
  }
  return text('');
}

function text(value: string): Cell {
  return { text: value.trim(), kind: 'text' };
}

function readCsv(bytes: Buffer): ImportWorkbook {
  const decoded = decodeCsv(bytes);
  if ('refusal' in decoded) {
    throw refuse(
      bilingual(
        '文件不是文本格式的 CSV（可能是改了扩展名的 Excel 文件）',
        'The file is not a text CSV (it may be an Excel file renamed)',
      ),
    );
  }
  const records = parseCsv(decoded.text, IMPORT_MAX_ROWS + SPARE_ROWS + 1);
  const rows: SheetRow[] = [];
  records.forEach((record, index) => {
    const cells: (Cell | undefined)[] = [];
    record.slice(0, MAX_COLUMNS).forEach((raw, column) => {
      const cell = text(raw);
      if (cell.text === '') return;
      cells[column] = SCIENTIFIC.test(cell.text) ? { ...cell, kind: 'lostDigits' } : cell;
    });
    if (cells.length > 0) rows.push({ row: index + 1, cells });
  });
  return { format: 'csv', sheets: [{ rows }] };
}

/** A file name as a message quotes it: at most 60 characters. */
function shortName(fileName: string): string {
  const chars = [...fileName];
  return chars.length > 60 ? `${chars.slice(0, 57).join('')}…` : fileName;
}
