/**
 * Reads the first table of an HTML text row by row (spec §3 Table export: thead with colspan and
 * rowspan, tbody rows), with htmlparser2's streaming Parser (DESIGN.md §7): its callbacks see
 * one tag or text at a time, so a 50 MB table is never a DOM, and only the current row is held.
 * The text is fed in slices, and the caller may wait between them (backpressure, or letting
 * other requests run).
 */
import { Parser } from 'htmlparser2';

/** One cell as the page wrote it. */
export interface HtmlCell {
  /** The cell's text as a browser shows it: whitespace collapsed, `<br>` a line break. */
  text: string;
  /** 1 to 1000, as HTML clamps it. */
  colspan: number;
  /** 1 to 65534, as HTML clamps it; 0 (HTML's "to the end of the row group") is {@link TO_SECTION_END}. */
  rowspan: number;
  /** A `th`, or any cell of the `thead`: shown bold. */
  header: boolean;
}

/** HTML's `rowspan="0"`: the cell spans the rest of its row group. */
export const TO_SECTION_END = 65_534;
const MAX_COLSPAN = 1000;
const MAX_ROWSPAN = 65_534;

export interface TableSink {
  /** A row of the table, in order; `'stop'` ends the reading (a limit was passed). */
  row(cells: HtmlCell[]): void | 'stop';
  /** A row group (`thead`, `tbody`, `tfoot`) or the table ended: row spans stop here. */
  sectionEnd(): void;
}

export interface ReadOptions {
  /** Characters fed to the parser at once. */
  sliceLength?: number;
  /** Called after each slice; `'stop'` ends the reading (the client went away). */
  between?: () => Promise<void | 'stop'>;
}

export interface ReadResult {
  /** Whether the text held a table at all. */
  foundTable: boolean;
  /** Whether the reading ended before the table's end (a sink or `between` said stop). */
  stopped: boolean;
}

const DEFAULT_SLICE = 64 * 1024;
/** Inside these, text is not shown by a browser. */
const HIDDEN_TEXT = new Set(['script', 'style', 'template', 'noscript', 'caption', 'colgroup']);
/** Closing one of these inside a cell starts a new line, as the browser lays them out. */
const BLOCKS = new Set(['p', 'div', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table']);
const SECTIONS = new Set(['thead', 'tbody', 'tfoot']);
/** Marks a line break while a cell's text is collected; the service refuses U+0000 in requests. */
const LINE_BREAK = '\u0000';
const COLLAPSIBLE = /[ \t\n\r\f]+/g;
/** Characters XML 1.0 cannot carry at all (a numeric reference such as `&#xFFFF;` decodes to one). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
/** Excel's limit on one cell's text. */
export const EXCEL_MAX_CELL_TEXT = 32_767;

function span(value: string | undefined, max: number, zero: number): number {
  if (value === undefined) return 1;
  const n = Number.parseInt(value, 10);
  if (Number.isNaN(n) || n < 0) return 1;
  if (n === 0) return zero;
  return Math.min(n, max);
}

/** Anything in a text that the slow path below would change; most cells have none. */
// eslint-disable-next-line no-control-regex
const NEEDS_WORK = /[\u0000-\u001f\u00a0\ufffe\uffff]|^ | $| {2}/;

/** A cell's collected text as the browser would show it. */
function cellText(joined: string): string {
  if (joined === '') return '';
  if (joined.length <= EXCEL_MAX_CELL_TEXT && !NEEDS_WORK.test(joined)) return joined;
  const lines = joined
    .replace(COLLAPSIBLE, ' ')
    .split(LINE_BREAK)
    .map((line) => line.replace(/^ | $/g, ''));
  let text = lines.join('\n').replace(/^\n+|\n+$/g, '');
  // Only spaces, including no-break spaces (`<td>&nbsp;</td>`): an empty cell.
  if (/^[\s\u00a0]*$/.test(text)) return '';
  text = text.replace(NOT_XML, '');
  return text.length > EXCEL_MAX_CELL_TEXT ? text.slice(0, EXCEL_MAX_CELL_TEXT) : text;
}

/**
 * Reads the first `<table>` of `html` (a nested table's text belongs to its cell) and hands its
 * rows to the sink.
 *
 * @example
 * await readHtmlTable('<table><tr><td>1</td></tr></table>', {
 *   row: (cells) => console.log(cells.map((c) => c.text)),
 *   sectionEnd: () => {},
 * });
 */
export async function readHtmlTable(
  html: string,
  sink: TableSink,
  options: ReadOptions = {},
): Promise<ReadResult> {
  const sliceLength = options.sliceLength ?? DEFAULT_SLICE;
  let foundTable = false;
  let done = false;
  let stopped = false;
  /** Open tables: 1 is ours, more are tables inside one of its cells. */
  let depth = 0;
  /** Open elements whose text is hidden. */
  let hidden = 0;
  let inHead = false;
  let row: HtmlCell[] | undefined;
  let cell: { text: string; colspan: number; rowspan: number; header: boolean } | undefined;
  let rowsInSection = 0;

  const endCell = () => {
    if (!cell || !row) return;
    row.push({
      text: cellText(cell.text),
      colspan: cell.colspan,
      rowspan: cell.rowspan,
      header: cell.header,
    });
    cell = undefined;
  };
  const endRow = () => {
    endCell();
    if (!row) return;
    const cells = row;
    row = undefined;
    rowsInSection += 1;
    if (sink.row(cells) === 'stop') {
      done = true;
      stopped = true;
    }
  };
  /** The end of a block inside a cell: the next text starts on a new line (one, not several). */
  const blockEnd = () => {
    if (cell && cell.text !== '' && !cell.text.endsWith(LINE_BREAK)) cell.text += LINE_BREAK;
  };
  const endSection = () => {
    endRow();
    if (rowsInSection > 0) sink.sectionEnd();
    rowsInSection = 0;
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (done) return;
        if (HIDDEN_TEXT.has(name)) hidden += 1;
        if (name === 'table') {
          // A table no browser shows (inside a template, say) is not the one to export.
          if (depth === 0 && hidden > 0) return;
          depth += 1;
          foundTable = true;
          return;
        }
        if (depth === 0) return;
        if (depth > 1 || hidden > 0) {
          if (cell && name === 'br') cell.text += LINE_BREAK;
          return;
        }
        if (SECTIONS.has(name)) {
          endSection();
          inHead = name === 'thead';
        } else if (name === 'tr') {
          endRow();
          row = [];
        } else if (name === 'td' || name === 'th') {
          endCell();
          // A cell outside any row starts one, as a browser's parser does.
          row ??= [];
          cell = {
            text: '',
            colspan: span(attributes.colspan, MAX_COLSPAN, 1),
            rowspan: span(attributes.rowspan, MAX_ROWSPAN, TO_SECTION_END),
            header: name === 'th' || inHead,
          };
        } else if (cell && name === 'br') {
          cell.text += LINE_BREAK;
        }
      },
      ontext(text) {
        if (!done && cell && hidden === 0) cell.text += text;
      },
      onclosetag(name) {
        if (done) return;
        if (HIDDEN_TEXT.has(name)) {
          hidden = Math.max(0, hidden - 1);
          return;
        }
        if (depth === 0) return;
        if (name === 'table') {
          depth -= 1;
          if (depth === 0) {
            endSection();
            done = true;
          } else {
            blockEnd();
          }
          return;
        }
        if (depth > 1 || hidden > 0) {
          // A nested table's cells are apart, as a browser shows them.
          if (cell && (name === 'td' || name === 'th')) cell.text += ' ';
          else if (BLOCKS.has(name)) blockEnd();
          return;
        }
        if (name === 'td' || name === 'th') endCell();
        else if (name === 'tr') endRow();
        else if (SECTIONS.has(name)) {
          endSection();
          inHead = false;
        } else if (BLOCKS.has(name)) blockEnd();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );

  for (let at = 0; at < html.length && !done; at += sliceLength) {
    parser.write(html.slice(at, at + sliceLength));
    if (!done && options.between && (await options.between()) === 'stop') {
      done = true;
      stopped = true;
    }
  }
  if (!done) {
    parser.end();
    // A table the text never closed ends with the text.
    if (depth > 0 && !done) endSection();
  }
  return { foundTable, stopped };
}
