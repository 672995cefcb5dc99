// @vitest-environment jsdom
/**
 * Table export (spec §3, §7, §8, §9): the HTML built from the descriptor with every text escaped,
 * the hidden form's fields and target, the busy state and the 800 ms / 500 ms clean-ups (fake
 * timers), and 'please specify the table to download'.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportEndpoints } from '@campus/contracts/export';
import type { Notice } from '../http/http-core.ts';
import {
  buildTableHtml,
  createTableExporter,
  EXPORT_FORM_CLEANUP_MS,
  EXPORT_REQUEST_CLEANUP_MS,
} from './table-export.ts';

describe('buildTableHtml (spec §3)', () => {
  it('writes header rows with colspan and rowspan, body rows, and escapes every text', () => {
    const html = buildTableHtml({
      title: 'Reads',
      thead: [
        [
          { name: 'Class', rowspan: 2 },
          { name: 'Reads <all>', colspan: 2 },
        ],
        [{ name: 'Read' }, { name: 'Unread', colspan: 1 }],
      ],
      tbody: [
        ['3 "A" & <b>', 41, 2],
        ['5', null, undefined],
      ],
    });
    expect(html).toBe(
      '<table><thead>' +
        '<tr><th rowspan="2">Class</th><th colspan="2">Reads &lt;all&gt;</th></tr>' +
        '<tr><th>Read</th><th>Unread</th></tr>' +
        '</thead><tbody>' +
        '<tr><td>3 &quot;A&quot; &amp; &lt;b&gt;</td><td>41</td><td>2</td></tr>' +
        '<tr><td>5</td><td></td><td></td></tr>' +
        '</tbody></table>',
    );
  });

  it('reads record rows by dataThead, takes a flat thead as one row, escapes styles', () => {
    const html = buildTableHtml({
      title: 't',
      thead: [{ name: 'Name' }, { name: 'Score' }],
      tbody: [{ score: 92, name: 'Li <Ming>', extra: 'x' }],
      dataThead: ['name', 'score'],
      styles: { table: 'border:1px" onload="x', td: 'color:red' },
    });
    expect(html).toBe(
      '<table style="border:1px&quot; onload=&quot;x"><thead><tr><th>Name</th><th>Score</th></tr></thead>' +
        '<tbody><tr><td style="color:red">Li &lt;Ming&gt;</td><td style="color:red">92</td></tr></tbody></table>',
    );
  });

  it('ignores spans that are not whole numbers of at least 2', () => {
    const html = buildTableHtml({
      title: 't',
      thead: [
        { name: 'a', colspan: 0 },
        { name: 'b', rowspan: Number.NaN },
        { name: 'c', colspan: 2.7 },
      ],
    });
    expect(html).toContain('<th>a</th><th>b</th><th colspan="2">c</th>');
  });
});

describe('createTableExporter (spec §7, §9)', () => {
  let submitted: HTMLFormElement[];
  beforeEach(() => {
    vi.useFakeTimers();
    submitted = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (
      this: HTMLFormElement,
    ) {
      submitted.push(this);
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  const descriptor = {
    title: '阅读统计',
    thead: [{ name: '班级' }, { name: '已读' }],
    tbody: [['三年级2班', 41]],
  };

  it('posts title and data as a hidden form into a hidden iframe at the contract path', () => {
    const exporter = createTableExporter();
    expect(exporter.exportTable(descriptor)).toBe(true);
    const [form] = submitted;
    expect(form?.method).toBe('post');
    expect(new URL(form?.action ?? '').pathname).toBe(exportEndpoints.table2xls.path);
    const frame = document.querySelector('iframe');
    expect(frame?.hidden).toBe(true);
    expect(form?.target).toBe(frame?.name);
    const fields = Object.fromEntries(new FormData(form).entries());
    expect(fields).toEqual({ title: '阅读统计', data: buildTableHtml(descriptor) });
  });

  it('is busy until 800 ms, removes the form at 500 ms, and ignores a click while busy', () => {
    const exporter = createTableExporter({
      action: '/custom/table2xls',
      baseURL: 'https://x.test/',
    });
    const busy: boolean[] = [];
    exporter.subscribe((b) => busy.push(b));
    exporter.exportTable(descriptor);
    expect(new URL(submitted[0]?.action ?? '').href).toBe('https://x.test/custom/table2xls');
    expect(exporter.isBusy()).toBe(true);
    expect(exporter.exportTable(descriptor)).toBe(false);
    vi.advanceTimersByTime(EXPORT_FORM_CLEANUP_MS - 1);
    expect(document.querySelector('form')).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.querySelector('form')).toBeNull();
    vi.advanceTimersByTime(EXPORT_REQUEST_CLEANUP_MS - EXPORT_FORM_CLEANUP_MS - 1);
    expect(exporter.isBusy()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(exporter.isBusy()).toBe(false);
    expect(busy).toEqual([true, false]);
    expect(EXPORT_REQUEST_CLEANUP_MS).toBe(800);
    expect(EXPORT_FORM_CLEANUP_MS).toBe(500);
    // The download may still be coming: the frame stays until it loads.
    expect(document.querySelector('iframe')).not.toBeNull();
    expect(exporter.exportTable(descriptor)).toBe(true);
  });

  it("warns 'please specify the table to download' when there is no table", () => {
    const notices: Notice[] = [];
    const exporter = createTableExporter({ notify: (n) => notices.push(n), language: () => 'en' });
    expect(exporter.exportTable(undefined)).toBe(false);
    expect(exporter.exportTable({ title: 'empty' })).toBe(false);
    expect(notices).toEqual([
      { type: 'warning', message: 'please specify the table to download' },
      { type: 'warning', message: 'please specify the table to download' },
    ]);
    expect(submitted).toEqual([]);
    createTableExporter({ notify: (n) => notices.push(n) }).exportTable(null);
    expect(notices.at(-1)?.message).toBe('请指定要下载的表格');
  });

  it('exports a table of the page, by its caption', () => {
    document.body.innerHTML = '<table id="t"><caption>Grades</caption><tr><td>1</td></tr></table>';
    createTableExporter().exportTable(document.querySelector('table'));
    const fields = Object.fromEntries(new FormData(submitted[0]).entries());
    expect(fields.title).toBe('Grades');
    expect(fields.data).toContain('<td>1</td>');
  });

  it('keeps the frame through the load of its first, empty document', () => {
    createTableExporter().exportTable(descriptor);
    document.querySelector('iframe')?.dispatchEvent(new Event('load'));
    expect(document.querySelector('iframe')).not.toBeNull();
  });

  it("shows the server's refusal when the frame loads an envelope", () => {
    const notices: Notice[] = [];
    createTableExporter({ notify: (n) => notices.push(n), language: () => 'en' }).exportTable(
      descriptor,
    );
    const frame = document.querySelector('iframe');
    frame!.contentDocument!.body.textContent = JSON.stringify({
      status: 400,
      message: '表格过大|||The table is too large',
    });
    frame!.dispatchEvent(new Event('load'));
    expect(notices).toEqual([{ type: 'error', message: 'The table is too large' }]);
    expect(document.querySelector('iframe')).toBeNull();
  });
});
