/**
 * Lays a table's rows out on a grid, as a browser's table model does (spec §3 Table export:
 * colspan and rowspan): a cell takes the first column not held by a row span from a row above,
 * and a spanning cell becomes a merged range. Only one number per column is kept (the last row
 * a span above holds it), so memory does not grow with the rows.
 *
 * Unlike a browser, two cells never overlap: a colspan that runs into a column held from above
 * stops there (Excel refuses a file with overlapping merges). Row spans stop at the end of their
 * row group (`thead`, `tbody`, `tfoot`), as in HTML.
 */
import type { HtmlCell } from './html-table-reader.ts';

/** Excel's last column (XFD). */
export const EXCEL_MAX_COLUMNS = 16_384;

/** A cell on the grid; rows and columns count from 0 within the table. */
export interface PlacedCell {
  row: number;
  col: number;
  text: string;
  header: boolean;
  /** Columns it covers after clipping; a width of 1 is a plain cell. */
  colspan: number;
}

/** A merged range, inclusive, in table rows and columns from 0. */
export interface MergedRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export class TableGrid {
  /** Per column, the last row that a cell from a row above holds it; -1 when free. */
  private readonly heldUntil: number[] = [];
  /** Merges whose bottom row is not reached yet; at most one per column. */
  private open: MergedRange[] = [];
  private nextRow = 0;
  private widest = 0;
  private tooWide = false;

  constructor(
    private readonly onMerge: (range: MergedRange) => void,
    private readonly maxColumns = EXCEL_MAX_COLUMNS,
  ) {}

  /** Rows placed so far. */
  get rows(): number {
    return this.nextRow;
  }

  /** Columns used so far, spans included. */
  get width(): number {
    return this.widest;
  }

  /** Whether some cell began beyond `maxColumns` (left out). */
  get overflowed(): boolean {
    return this.tooWide;
  }

  /** Places one row's cells and answers where each went. */
  place(cells: readonly HtmlCell[]): PlacedCell[] {
    const row = this.nextRow;
    this.nextRow += 1;
    const held = this.heldUntil;
    const placed: PlacedCell[] = [];
    let col = 0;
    for (const cell of cells) {
      while ((held[col] ?? -1) >= row) col += 1;
      if (col >= this.maxColumns) {
        this.tooWide = true;
        break;
      }
      const start = col;
      const limit = Math.min(start + cell.colspan, this.maxColumns);
      if (start + cell.colspan > this.maxColumns) this.tooWide = true;
      while (col < limit && (held[col] ?? -1) < row) {
        held[col] = row + cell.rowspan - 1;
        col += 1;
      }
      const colspan = col - start;
      if (colspan > 1 || cell.rowspan > 1) {
        const range = { top: row, left: start, bottom: row + cell.rowspan - 1, right: col - 1 };
        if (range.bottom > row) this.open.push(range);
        else this.onMerge(range);
      }
      placed.push({ row, col: start, text: cell.text, header: cell.header, colspan });
      if (col > this.widest) this.widest = col;
    }
    if (this.open.length > 0) this.closeMerges((range) => range.bottom <= row);
    return placed;
  }

  /** A row group ended: spans still open stop at its last row. */
  endSection(): void {
    const last = this.nextRow - 1;
    this.closeMerges(() => true, last);
    for (let c = 0; c < this.heldUntil.length; c += 1) this.heldUntil[c] = -1;
  }

  private closeMerges(done: (range: MergedRange) => boolean, clipTo?: number): void {
    const still: MergedRange[] = [];
    for (const range of this.open) {
      if (!done(range)) {
        still.push(range);
        continue;
      }
      const bottom = clipTo === undefined ? range.bottom : Math.min(range.bottom, clipTo);
      // A span clipped back to one cell is no merge at all.
      if (bottom > range.top || range.right > range.left) this.onMerge({ ...range, bottom });
    }
    this.open = still;
  }
}
