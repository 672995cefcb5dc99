/**
 * Writes a laid-out table as an .xlsx with ExcelJS's streaming writer (DESIGN.md §7): each row is
 * committed as soon as it is written, so the sheet's XML goes on to the zip and the output while
 * the table is still being read. Row 1 is the title, merged across the table's width; the table
 * follows from row 2 (spec §3 Table export).
 */
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { ExcelJS as ExcelJSLibrary } from '../../core/lazy-imports.ts';
import { cellValue } from './cell-value.ts';
import type { MergedRange, PlacedCell } from './table-grid.ts';

/** The title's row; the table starts below it. */
const TITLE_ROWS = 1;
const MIN_COLUMN_WIDTH = 6;
const MAX_COLUMN_WIDTH = 50;

export interface SheetPlan {
  title: string;
  /** The table's width in columns (at least 1). */
  width: number;
  /** Per column, the widest single-column text in display characters (CJK counts 2). */
  textWidths: readonly number[];
}

// Shared style objects: ExcelJS's style table recognises an object it has seen by identity, so
// a million cells cost one lookup each instead of one style serialisation each.
type Style = Partial<ExcelJS.Style>;
const PLAIN: Style = Object.freeze<Style>({});
const TITLE: Style = Object.freeze<Style>({
  font: { bold: true, size: 14 },
  alignment: { horizontal: 'center', vertical: 'middle' },
});
const HEADER: Style = Object.freeze<Style>({
  font: { bold: true },
  alignment: { horizontal: 'center', vertical: 'middle', wrapText: true },
});
const WRAPPED: Style = Object.freeze<Style>({
  alignment: { vertical: 'top', wrapText: true },
});
const styleCache = new Map<string, Style>();

/** The style of a cell: shared per kind, so ExcelJS sees few distinct objects. */
function styleOf(header: boolean, numFmt: string | undefined, wrapped: boolean): Style {
  if (!numFmt) return header ? HEADER : wrapped ? WRAPPED : PLAIN;
  const key = `${header ? 'h' : wrapped ? 'w' : 'p'}:${numFmt}`;
  let style = styleCache.get(key);
  if (!style) {
    style = Object.freeze({ ...(header ? HEADER : wrapped ? WRAPPED : PLAIN), numFmt });
    styleCache.set(key, style);
  }
  return style;
}

/** `A`, `B`, …, `Z`, `AA`, … for a column counted from 1. */
export function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** The display width of a text as a spreadsheet lays it out: CJK and other wide forms count 2. */
export function displayWidth(text: string): number {
  // eslint-disable-next-line no-control-regex
  if (/^[\u0000-\u00ff]*$/.test(text) && !text.includes('\n')) return text.length;
  let width = 0;
  for (const line of text.split('\n')) {
    let lineWidth = 0;
    for (const char of line) {
      const code = char.codePointAt(0) ?? 0;
      lineWidth += code >= 0x1100 && (code <= 0x115f || code >= 0x2e80) ? 2 : 1;
    }
    if (lineWidth > width) width = lineWidth;
  }
  return width;
}

/**
 * The merged ranges, kept as four numbers each rather than a million small objects, and handed
 * to ExcelJS at the end (its sheet writer writes `<mergeCells>` after the rows). ExcelJS's own
 * `mergeCells` compares every new range with all earlier ones, which is quadratic in a table
 * with a merge per row; the grid (table-grid.ts) already guarantees that ranges never overlap.
 * ExcelJS reads only `length` and `forEach` of it when it writes (checked by the tests, which
 * read the merges back).
 */
class MergeList {
  private data = new Uint32Array(256);
  private count = 0;

  get length(): number {
    return this.count;
  }

  push(top: number, left: number, bottom: number, right: number): void {
    if ((this.count + 1) * 4 > this.data.length) {
      const grown = new Uint32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data.set([top, left, bottom, right], this.count * 4);
    this.count += 1;
  }

  /** ExcelJS's per-cell merge bookkeeping, for cells it marked merged itself: none here. */
  add(): void {}

  forEach(visit: (range: string) => void): void {
    const d = this.data;
    for (let i = 0; i < this.count * 4; i += 4) {
      visit(
        `${columnLetters((d[i + 1] ?? 0) + 1)}${(d[i] ?? 0) + 1}:${columnLetters((d[i + 3] ?? 0) + 1)}${(d[i + 2] ?? 0) + 1}`,
      );
    }
  }
}

/** A sheet name Excel accepts: at most 31 characters, none of `[]:*?/\`, not quoted. */
export function sheetName(title: string): string {
  const name = [...title.replace(/[[\]:*?/\\\s]+/g, ' ').replace(/^'+|'+$/g, '')]
    .slice(0, 31)
    .join('')
    .trim();
  return name === '' ? 'Sheet1' : name;
}

export class XlsxTableWriter {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;
  private readonly merges = new MergeList();

  /** `excel`: ExcelJS as `loadExcelJS()` answers it (loaded on the first export). */
  constructor(excel: ExcelJSLibrary, output: Writable, plan: SheetPlan) {
    this.workbook = new excel.stream.xlsx.WorkbookWriter({
      stream: output,
      useStyles: true,
      // Inline strings: a shared-strings table would hold every distinct text until the end.
      useSharedStrings: false,
    });
    this.sheet = this.workbook.addWorksheet(sheetName(plan.title));
    const internals = this.sheet as unknown as { _merges?: unknown };
    if (!Array.isArray(internals._merges)) {
      throw new Error('ExcelJS changed: the sheet writer has no merge list to replace');
    }
    internals._merges = this.merges;
    this.sheet.columns = Array.from({ length: plan.width }, (_, c) => ({
      width: Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, (plan.textWidths[c] ?? 0) + 2)),
    }));
    const title = this.sheet.getRow(1);
    const titleCell = title.getCell(1);
    titleCell.value = plan.title;
    titleCell.style = TITLE;
    title.height = 24;
    if (plan.width > 1) this.merges.push(0, 0, 0, plan.width - 1);
    title.commit();
  }

  /** Writes one table row (its cells from the grid) and commits it. */
  addRow(tableRow: number, cells: readonly PlacedCell[]): void {
    const row = this.sheet.getRow(tableRow + TITLE_ROWS + 1);
    for (const placed of cells) {
      const value = cellValue(placed.text);
      // An empty cell is left out: nothing to show, and the file stays small.
      if (value.kind === 'empty') continue;
      const cell = row.getCell(placed.col + 1);
      switch (value.kind) {
        case 'text':
          cell.value = value.text;
          cell.style = styleOf(placed.header, undefined, value.text.includes('\n'));
          break;
        case 'number':
          cell.value = value.value;
          cell.style = styleOf(placed.header, value.numFmt, false);
          break;
      }
    }
    row.commit();
  }

  /** A merged range of the table (rows and columns from 0, below the title). */
  addMerge(range: MergedRange): void {
    this.merges.push(range.top + TITLE_ROWS, range.left, range.bottom + TITLE_ROWS, range.right);
  }

  /** Ends the sheet and the workbook; resolves when the zip has been written to the output. */
  async finish(): Promise<void> {
    this.sheet.commit();
    await this.workbook.commit();
  }
}
