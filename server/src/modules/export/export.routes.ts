/**
 * The table export's endpoint (spec §7 `POST /api/base/common/table2xls`, contracts/export.ts):
 * contract → session → service → the .xlsx streamed into the reply. A refusal is the envelope
 * (HTTP 200, DESIGN.md §4), or, to a browser's own form navigation, a page with the same message
 * (refusal-page.ts), so the user never sees raw JSON, a blank page or a half download.
 */
import { PassThrough } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsync } from 'fastify';
import { exportEndpoints as E } from '@campus/contracts/export';
import { toEnvelope } from '../../core/error-handler.ts';
import { route } from '../../core/route.ts';
import { streamingFormParser } from './export-form.ts';
import type { ExportService } from './export.service.ts';
import { isPageNavigation, sendRefusalPage } from './refusal-page.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** What the reply buffers before the writer waits for the client. */
const OUTPUT_BUFFER = 1024 * 1024;

export function exportRoutes(deps: { exports: ExportService }): FastifyPluginAsync {
  return async (app) => {
    // This plugin's form bodies are decoded as they stream in (export-form.ts), not buffered
    // whole and copied by qs: the table is up to 50 MB.
    app.removeContentTypeParser('application/x-www-form-urlencoded');
    app.addContentTypeParser('application/x-www-form-urlencoded', streamingFormParser);

    // This plugin's routes only: a navigation's refusal (no session, bad fields, too large a
    // body, no table, too many rows) becomes the page; anything else goes on to the one error
    // handler, which answers the envelope.
    app.setErrorHandler(async (error: Error, request, reply) => {
      if (!isPageNavigation(request)) throw error;
      const { httpStatus, body } = toEnvelope(error);
      if (httpStatus >= 500) request.log.error({ err: error }, 'unexpected error');
      return sendRefusalPage(request, reply, httpStatus, body.message ?? '');
    });

    route(app, E.table2xls, async ({ body, request, reply }) => {
      const job = await deps.exports.prepare(body.title, body.data);
      const output = new PassThrough({ highWaterMark: OUTPUT_BUFFER });
      job.write(output).catch((error: unknown) => {
        // Bytes may be out already: the download is cut off rather than answered again.
        request.log.error({ err: error }, 'export failed while writing');
        output.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      request.log.info({ rows: job.rows, columns: job.width }, 'table export');
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', contentDisposition(job.fileName))
        .header('Cache-Control', 'no-store')
        .send(output);
    });
  };
}
