/**
 * The table export (spec §3 Table export, §7 `table2xls`, §8; DESIGN.md §7 "Export"): an HTML
 * table becomes an .xlsx. Owns no table and keeps nothing.
 *
 * Two passes over the HTML, both streaming (html-table-reader.ts): the first only measures (rows,
 * width, column widths) and refuses what cannot be exported (no table, over the row limit, wider
 * than Excel), before a single byte of the file is sent, so a refusal is always a clean answer
 * and never half a download; the second lays out and writes, row by row, into the output.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sanitizeFileName } from '@campus/contracts/upload-rules';
import { badRequest } from '../../core/errors.ts';
import { bilingual, type Bilingual } from '../../core/messages.ts';
import { readHtmlTable } from './html-table-reader.ts';
import { EXCEL_MAX_COLUMNS, TableGrid } from './table-grid.ts';
import { loadExcelJS } from '../../core/lazy-imports.ts';
import { displayWidth, XlsxTableWriter, type SheetPlan } from './xlsx-table-writer.ts';

/** Characters of HTML read between two turns of the event loop while writing. */
const WRITE_SLICE = 16 * 1024;

export interface ExportLimits {
  /** DESIGN.md §7: 200k rows; the table's own rows, the title not counted. */
  maxRows: number;
  /** Excel's last column. */
  maxColumns: number;
}

export const DEFAULT_EXPORT_LIMITS: ExportLimits = {
  maxRows: 200_000,
  maxColumns: EXCEL_MAX_COLUMNS,
};

/** Spec §8 Export: the text the SDK shows when it has no table, given by the server too. */
/**
 * The control characters no request string may hold (contracts' `Text()`: tab, LF and CR
 * allowed), searched without the Unicode flag, which overflows on a long text (contracts/export.ts).
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const CONTROL_MESSAGE = bilingual(
  '表格内容含有不允许的控制字符',
  'The table contains control characters that are not allowed',
);

export const NO_TABLE_MESSAGE = bilingual(
  '请指定要下载的表格',
  'please specify the table to download',
);

function refuse(message: Bilingual): never {
  throw badRequest([{ field: 'data', message }], message);
}

/** The download's name: the title (spec §3), safe for every file system, with `.xlsx`. */
export function exportFileName(title: string): string {
  const base = title
    .replace(/[/\\]/g, '_')
    .replace(/\.xlsx?$/i, '')
    .replace(/[.\s]+$/, '');
  return `${sanitizeFileName(base)}.xlsx`;
}

/** An export that passed its checks, ready to be written once. */
export interface PreparedExport {
  fileName: string;
  /** The table's rows and columns, as measured. */
  rows: number;
  width: number;
  /**
   * Writes the .xlsx into `output` and ends it. Stops early, leaving `output` as it is, when
   * `output` is destroyed (the client went away).
   */
  write(output: Writable): Promise<void>;
}

/** Resolves when `output` can take more, or is gone; answers whether to stop. */
async function settle(output: Writable): Promise<void | 'stop'> {
  if (output.destroyed) return 'stop';
  if (output.writableNeedDrain) {
    const gone = new AbortController();
    await Promise.race([
      once(output, 'drain', { signal: gone.signal }),
      once(output, 'close', { signal: gone.signal }),
    ]).finally(() => gone.abort());
  } else {
    // The zip compresses on the thread pool: give its callbacks a turn between slices.
    await nextTurn();
  }
  return output.destroyed ? 'stop' : undefined;
}

/** Resolves when `output` closes (or errs): a finished download, or a client gone. */
function closed(output: Writable): Promise<void> {
  return new Promise((resolve) => {
    if (output.closed || output.destroyed) resolve();
    output.once('close', () => resolve());
    output.once('error', () => resolve());
  });
}

export class ExportService {
  private readonly limits: ExportLimits;

  constructor(limits: Partial<ExportLimits> = {}) {
    this.limits = { ...DEFAULT_EXPORT_LIMITS, ...limits };
  }

  /** Measures the table and refuses what cannot be exported (DESIGN.md §7 limits, spec §8). */
  async prepare(title: string, html: string): Promise<PreparedExport> {
    const { maxRows, maxColumns } = this.limits;
    if (CONTROL_CHARACTER.test(html)) refuse(CONTROL_MESSAGE);
    const grid = new TableGrid(() => {}, maxColumns);
    const textWidths: number[] = [];
    let tooMany = false;
    const { foundTable } = await readHtmlTable(
      html,
      {
        row: (cells) => {
          if (grid.rows >= maxRows) {
            tooMany = true;
            return 'stop';
          }
          for (const placed of grid.place(cells)) {
            if (placed.colspan !== 1 || placed.text === '') continue;
            const width = displayWidth(placed.text);
            if (width > (textWidths[placed.col] ?? 0)) textWidths[placed.col] = width;
          }
          return grid.overflowed ? 'stop' : undefined;
        },
        sectionEnd: () => grid.endSection(),
      },
      // Other requests get their turn while a large table is measured.
      { between: async () => void (await nextTurn()) },
    );
    if (tooMany) {
      refuse(
        bilingual(
          `表格超过 ${maxRows.toLocaleString('en-US')} 行，无法导出，请缩小范围后重试`,
          `The table has more than ${maxRows.toLocaleString('en-US')} rows and cannot be exported; narrow it down and try again`,
        ),
      );
    }
    if (grid.overflowed) {
      refuse(
        bilingual(
          `表格超过 ${maxColumns.toLocaleString('en-US')} 列，无法导出`,
          `The table has more than ${maxColumns.toLocaleString('en-US')} columns and cannot be exported`,
        ),
      );
    }
    if (!foundTable || grid.rows === 0) refuse(NO_TABLE_MESSAGE);
    const plan: SheetPlan = { title, width: Math.max(1, grid.width), textWidths };
    return {
      fileName: exportFileName(title),
      rows: grid.rows,
      width: grid.width,
      write: (output) => this.write(html, plan, output),
    };
  }

  private async write(html: string, plan: SheetPlan, output: Writable): Promise<void> {
    const writer = new XlsxTableWriter(await loadExcelJS(), output, plan);
    const grid = new TableGrid((range) => writer.addMerge(range), this.limits.maxColumns);
    const { stopped } = await readHtmlTable(
      html,
      {
        row: (cells) => {
          const placed = grid.place(cells);
          writer.addRow(grid.rows - 1, placed);
        },
        sectionEnd: () => grid.endSection(),
      },
      // Smaller slices than the measuring pass: the zip gets a turn every few dozen rows, so
      // less of the sheet's XML waits in memory (peak RSS measured lower by bench/export).
      { between: () => settle(output), sliceLength: WRITE_SLICE },
    );
    if (stopped || output.destroyed) return;
    // The zip's last parts; a client leaving now must not leave this waiting forever.
    await Promise.race([writer.finish(), closed(output)]);
  }
}
