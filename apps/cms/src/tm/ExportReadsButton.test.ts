import { describe, expect, it } from 'vitest';
import { createT } from '@campus/sdk/dictionary';
import { buildTableHtml } from '@campus/sdk/table-export';
import en from '../lang/en-cms.json';
import zhCN from '../shared/zh-CN.json';
import { readCountsExport } from './ExportReadsButton.tsx';

const row = (patch: Partial<Parameters<typeof readCountsExport>[0][number]> = {}) => ({
  id: 'n1',
  title: 'Trip <day>',
  publishedAt: '2026-03-16T08:30:00.000Z',
  gradeName: 'Grade 3',
  className: 'Class 2',
  readCount: 1,
  audienceCount: 3,
  ...patch,
});

describe('the read counts as a spec §3 table export descriptor', () => {
  it('two header rows, the figures grouped under one merged cell, numbers as numbers', () => {
    const t = createT({ 'zh-CN': zhCN, en }, () => 'en');
    const descriptor = readCountsExport(
      [
        row(),
        row({
          id: 'n2',
          title: 'All',
          gradeName: null,
          className: null,
          readCount: 0,
          audienceCount: 0,
        }),
      ],
      { t, lang: 'en' },
      Date.parse('2026-03-20T10:00:00Z'),
    );
    expect(descriptor.title).toBe('Read counts 2026-03-20');
    expect(descriptor.thead).toEqual([
      [
        { name: 'Title', rowspan: 2 },
        { name: 'Audience', rowspan: 2 },
        { name: 'Published', rowspan: 2 },
        { name: 'Reading', colspan: 3 },
      ],
      [{ name: 'Read' }, { name: 'Audience' }, { name: 'Read rate (%)' }],
    ]);
    expect(descriptor.tbody?.map((cells) => (cells as unknown[]).slice(0, 2))).toEqual([
      ['Trip <day>', 'Grade 3 Class 2'],
      ['All', 'Whole school'],
    ]);
    expect(descriptor.tbody?.map((cells) => (cells as unknown[]).slice(3))).toEqual([
      [1, 3, 33],
      [0, 0, 0],
    ]);
    // What the SDK posts: the spans kept, the text escaped.
    const html = buildTableHtml(descriptor);
    expect(html).toContain('<th colspan="3">Reading</th>');
    expect(html).toContain('<th rowspan="2">Title</th>');
    expect(html).toContain('<td>Trip &lt;day&gt;</td>');
  });

  it('in zh-CN', () => {
    const t = createT({ 'zh-CN': zhCN, en }, () => 'zh-CN');
    const descriptor = readCountsExport(
      [row()],
      { t, lang: 'zh-CN' },
      Date.parse('2026-03-20T10:00:00Z'),
    );
    expect(descriptor.title).toBe('阅读统计 2026-03-20');
    expect((descriptor.thead?.[1] as { name: string }[]).map((cell) => cell.name)).toEqual([
      '已读',
      '应读',
      '阅读率（%）',
    ]);
  });
});
