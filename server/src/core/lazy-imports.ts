/**
 * Libraries the server loads on first use rather than at start (issue 15 §4: at most 120 MB
 * resident idle): a spreadsheet or a mail is written by few requests, and an instance without
 * PostgreSQL or Redis never needs their clients. Each loader imports once and then answers the
 * same module.
 */
import type ExcelJSModule from 'exceljs';
import type NodemailerModule from 'nodemailer';

export type ExcelJS = typeof ExcelJSModule;

let excel: Promise<ExcelJS> | undefined;
/** ExcelJS (about 30 MB resident once loaded). */
export function loadExcelJS(): Promise<ExcelJS> {
  excel ??= import('exceljs').then((m) => m.default);
  return excel;
}

let mailer: Promise<typeof NodemailerModule> | undefined;
/** nodemailer (about 15 MB resident once loaded). */
export function loadNodemailer(): Promise<typeof NodemailerModule> {
  mailer ??= import('nodemailer').then((m) => m.default);
  return mailer;
}
