/**
 * Spreadsheet export (spec §3 Table export, §7 `POST /api/base/common/table2xls`, §8, §9;
 * the design decisions on files): a form post of an HTML table answered with an .xlsx file.
 * Its route comes with the files work; the contract is here already because the CSRF rule
 * exempts it (it changes nothing), and that rule reads the contracts.
 */
import { Type, type Static } from 'typebox';
import { defineEndpoint } from './endpoint.ts';
import { Line } from './primitives.ts';

/** The design decisions' limit on the HTML of one export: 50 MB. */
export const TABLE_EXPORT_HTML_MAX = 50 * 1024 * 1024;

/**
 * Form fields: the title (also the file name) and the table's HTML. The HTML carries no
 * `pattern`: the schema validator runs patterns as Unicode regular expressions, whose engine
 * overflows its stack on a text of some 10 million characters with Chinese in it (a 50k-row
 * table), answering 500. The server checks it for control characters itself, as `Text()` would
 * (`MULTI_LINE_PATTERN`), without the Unicode flag.
 */
export const TableExportBodySchema = Type.Object({
  title: Line({ minLength: 1, maxLength: 200 }),
  data: Type.String({ minLength: 1, maxLength: TABLE_EXPORT_HTML_MAX }),
});
export type TableExportBody = Static<typeof TableExportBodySchema>;

export const exportEndpoints = {
  table2xls: defineEndpoint({
    method: 'POST',
    path: '/api/base/common/table2xls',
    tag: 'export',
    access: 'session',
    summary: 'Export an HTML table as a spreadsheet (spec §3, §7); answers the .xlsx file',
    body: TableExportBodySchema,
    csrfExempt: true,
    // The HTML, form-encoded (each reserved character may take three bytes), plus the title.
    bodyLimit: TABLE_EXPORT_HTML_MAX * 3 + 64 * 1024,
  }),
} as const;
