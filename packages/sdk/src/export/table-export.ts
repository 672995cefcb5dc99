/**
 * Table export (spec §3 Table export, §7 `POST table2xls` (configurable), §8 'please specify the
 * table to download', §9 busy state and clean-ups): the descriptor becomes an HTML table, every
 * text escaped, posted as a hidden form (fields `title` and `data`) into a hidden iframe, so the
 * page stays where it is and the answer, an .xlsx attachment, downloads. The button is busy
 * from the click until the request is handed over (800 ms, spec §9); the form goes after 500 ms.
 *
 * The iframe itself stays until it loads or the request's time is up (`hidden-form.ts`): removing
 * it earlier would cancel an export the server is still writing (a large table takes seconds), so
 * the 800 ms "request clean-up" ends the busy state and forgets the request, not the download.
 * If the iframe loads, the server answered a page instead of a file (a refusal): its envelope's
 * message is shown.
 */
import escapeHtml from 'escape-html';
import { exportEndpoints } from '@campus/contracts/export';
import { failureMessage, type Notice } from '../http/http-core.ts';
import enExport from '../i18n/locales/en/export.json';
import zhExport from '../i18n/locales/zh-CN/export.json';
import { DEFAULT_LANGUAGE, type Language } from '../i18n/language.ts';
import { sdkTexts } from '../i18n/sdk-text.ts';
import { submitHiddenForm } from './hidden-form.ts';

const texts = /* @__PURE__ */ sdkTexts(zhExport, enExport);

/** Spec §9: the request is handed over (the busy state ends) 800 ms after the submit. */
export const EXPORT_REQUEST_CLEANUP_MS = 800;
export { EXPORT_FORM_CLEANUP_MS } from './hidden-form.ts';

/** One header cell (spec §3: name, colspan, rowspan). */
export interface TableHeadCell {
  name: string;
  colspan?: number;
  rowspan?: number;
}

/** What a body cell may hold; null and undefined are empty cells. */
export type TableCellValue = string | number | boolean | null | undefined;

/** Spec §3 table export. */
export interface TableExportDescriptor {
  /** The sheet's title: the merged first row and the file's name (DESIGN.md §7). */
  title: string;
  /** The file's name when it differs from the title (sent as the title; the server names by it). */
  fileName?: string;
  /** Header rows of cells; a flat list is one row. */
  thead?: readonly TableHeadCell[] | readonly (readonly TableHeadCell[])[];
  /** Body rows: arrays of cells, or records read by `dataThead`. */
  tbody?: readonly (readonly TableCellValue[] | Readonly<Record<string, TableCellValue>>)[];
  /** The record keys of each column, in order (spec §3 dataThead). */
  dataThead?: readonly string[];
  /** Inline styles: one for the table, or per element. Escaped as attribute values. */
  styles?: string | { table?: string; th?: string; td?: string };
}

/** colspan/rowspan as HTML takes them: whole numbers from 2 to 1000, else none (1). */
function span(name: 'colspan' | 'rowspan', value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return '';
  const whole = Math.floor(value);
  return whole >= 2 ? ` ${name}="${Math.min(whole, 1000)}"` : '';
}

function style(value: string | undefined): string {
  return value ? ` style="${escapeHtml(value)}"` : '';
}

function cellText(value: TableCellValue): string {
  return value === null || value === undefined ? '' : escapeHtml(String(value));
}

function headRows(thead: TableExportDescriptor['thead']): readonly (readonly TableHeadCell[])[] {
  if (!thead || thead.length === 0) return [];
  return Array.isArray(thead[0])
    ? (thead as readonly (readonly TableHeadCell[])[])
    : [thead as readonly TableHeadCell[]];
}

/**
 * The HTML table of a descriptor (spec §3), every text and attribute escaped.
 *
 * @example
 * buildTableHtml({ title: 'Reads', thead: [{ name: 'Class' }, { name: 'Read' }], tbody: [['3 <2>', 41]] });
 * // '<table><thead><tr><th>Class</th><th>Read</th></tr></thead><tbody><tr><td>3 &lt;2&gt;</td><td>41</td></tr></tbody></table>'
 */
export function buildTableHtml(descriptor: TableExportDescriptor): string {
  const styles =
    typeof descriptor.styles === 'string'
      ? { table: descriptor.styles }
      : (descriptor.styles ?? {});
  const head = headRows(descriptor.thead)
    .map(
      (row) =>
        `<tr>${row
          .map(
            (cell) =>
              `<th${span('colspan', cell.colspan)}${span('rowspan', cell.rowspan)}${style(styles.th)}>${cellText(cell.name)}</th>`,
          )
          .join('')}</tr>`,
    )
    .join('');
  const body = (descriptor.tbody ?? [])
    .map((row) => {
      const cells: readonly TableCellValue[] = Array.isArray(row)
        ? (row as readonly TableCellValue[])
        : (descriptor.dataThead ?? Object.keys(row)).map(
            (key) => (row as Readonly<Record<string, TableCellValue>>)[key],
          );
      return `<tr>${cells.map((cell) => `<td${style(styles.td)}>${cellText(cell)}</td>`).join('')}</tr>`;
    })
    .join('');
  return (
    `<table${style(styles.table)}>` +
    (head ? `<thead>${head}</thead>` : '') +
    `<tbody>${body}</tbody></table>`
  );
}

/** What an export may be given: a descriptor, or a table already on the page. */
export type TableSource = TableExportDescriptor | HTMLTableElement | null | undefined;

export interface TableExporterOptions {
  /** Where the form posts (spec §7 "configurable"); the contract's table2xls path by default. */
  action?: string;
  /** Prefix of the action, for a page served from another origin than the API. */
  baseURL?: string;
  /** The title used when a table element is given without one. */
  defaultTitle?: string;
  notify?: (notice: Notice) => void;
  language?: () => Language;
  /** The document the form goes into (tests pass jsdom's). */
  document?: Document;
}

/** The exporter behind an export button: one request at a time, with its busy state. */
export interface TableExporter {
  /**
   * Posts the table; false when nothing was sent (no table, or an export is already busy).
   * No table at all shows 'please specify the table to download' (spec §8).
   */
  exportTable: (source: TableSource, title?: string) => boolean;
  /** Spec §9 busy state: true from the submit until the request is handed over. */
  isBusy: () => boolean;
  /** Called on every change of the busy state; returns the unsubscribe. */
  subscribe: (listener: (busy: boolean) => void) => () => void;
}

function isTableElement(source: unknown): source is HTMLTableElement {
  return (
    typeof source === 'object' &&
    source !== null &&
    (source as { tagName?: unknown }).tagName === 'TABLE' &&
    typeof (source as { outerHTML?: unknown }).outerHTML === 'string'
  );
}

function hasRows(descriptor: TableExportDescriptor): boolean {
  return (descriptor.thead?.length ?? 0) > 0 || (descriptor.tbody?.length ?? 0) > 0;
}

/**
 * Makes the exporter of one page or button.
 *
 * @example
 * const exporter = createTableExporter({ notify: showNotice, language: runtime.language });
 * exporter.subscribe((busy) => (button.disabled = busy));
 * button.onclick = () => exporter.exportTable({
 *   title: 'Read counts', thead: [[{ name: 'Class', rowspan: 2 }, { name: 'Reads', colspan: 2 }],
 *   [{ name: 'Read' }, { name: 'Unread' }]], tbody: rows, dataThead: ['className', 'read', 'unread'],
 * });
 */
export function createTableExporter(options: TableExporterOptions = {}): TableExporter {
  const language = options.language ?? (() => DEFAULT_LANGUAGE);
  const listeners = new Set<(busy: boolean) => void>();
  let busy = false;
  const setBusy = (next: boolean): void => {
    busy = next;
    for (const listener of [...listeners]) listener(next);
  };
  const action = `${(options.baseURL ?? '').replace(/\/+$/, '')}${options.action ?? exportEndpoints.table2xls.path}`;

  return {
    exportTable(source, title) {
      const doc = options.document ?? document;
      let html: string;
      let name: string;
      if (isTableElement(source)) {
        // The page's own table, as the print helper takes the page's markup.
        html = source.outerHTML;
        name = title ?? (source.caption?.textContent?.trim() || options.defaultTitle || '');
      } else if (source && typeof source === 'object' && hasRows(source)) {
        html = buildTableHtml(source);
        name = title ?? source.fileName ?? source.title;
      } else {
        options.notify?.({ type: 'warning', message: texts.t(language())('noTable') });
        return false;
      }
      if (busy) return false;
      name = name.replace(/\.xlsx?$/i, '').trim() || texts.t(language())('defaultTitle');

      submitHiddenForm(doc, {
        action,
        method: 'post',
        fields: { title: name, data: html },
        onRefusal: (envelope) =>
          options.notify?.({ type: 'error', message: failureMessage(envelope, language()) }),
      });
      setBusy(true);
      setTimeout(() => setBusy(false), EXPORT_REQUEST_CLEANUP_MS);
      return true;
    },
    isBusy: () => busy,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

let shared: TableExporter | null = null;

/**
 * Exports a table with the page's shared exporter (spec §3, §7): `createTableExporter()` once,
 * with the default path. Give `options` the first time to set the notifier and language.
 *
 * @example
 * exportTable({ title: 'Grades', thead: [{ name: 'Name' }, { name: 'Score' }], tbody: [['Li', 92]] });
 */
export function exportTable(
  source: TableSource,
  options?: TableExporterOptions & { title?: string },
): boolean {
  if (options) shared = createTableExporter(options);
  shared ??= createTableExporter();
  return shared.exportTable(source, options?.title);
}
