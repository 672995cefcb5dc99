/**
 * "Export to Excel" on the read counts (issue 11 §4): every row of the table, not only the page
 * shown, as the spec §3 table export descriptor, handed to the SDK's exporter, which posts it to
 * table2xls (spec §7) through a hidden form so the .xlsx downloads where the page is. Two header
 * rows, the read figures grouped under one merged cell, and the figures as numbers. Busy (spec
 * §9) while the rows are fetched and until the exporter has handed the request over.
 */
import { useMemo, useState, useSyncExternalStore } from 'react';
import type { NoticeReadRow } from '@campus/contracts/cms';
import { formatDate } from '@campus/sdk/formatters';
import type { Language } from '@campus/sdk/language';
import type { Translate } from '@campus/sdk/translate';
import { createTableExporter, type TableExportDescriptor } from '@campus/sdk/table-export';
import { useApp } from '@campus/ui/app-context';
import { allReadRows } from '../shared/api.ts';
import { audienceText } from '../shared/audience.ts';
import { readRate } from './read-rate.ts';

/** The spec §3 descriptor of the read counts, in the page's words. */
export function readCountsExport(
  rows: readonly NoticeReadRow[],
  words: { t: Translate; lang: Language },
  now = Date.now(),
): TableExportDescriptor {
  const { t, lang } = words;
  return {
    title: `${t('cms.reads.title')} ${formatDate(now, 'YYYY-MM-DD', lang)}`,
    thead: [
      [
        { name: t('cms.field.title'), rowspan: 2 },
        { name: t('cms.field.audience'), rowspan: 2 },
        { name: t('cms.field.publishedAt'), rowspan: 2 },
        { name: t('cms.reads.export.group'), colspan: 3 },
      ],
      [
        { name: t('cms.reads.export.read') },
        { name: t('cms.reads.export.audience') },
        { name: t('cms.reads.export.rate') },
      ],
    ],
    tbody: rows.map((row) => [
      row.title,
      audienceText(t, row),
      formatDate(Date.parse(row.publishedAt), 'YYYY-MM-DD HH:mm', lang),
      row.readCount,
      row.audienceCount,
      readRate(row.readCount, row.audienceCount),
    ]),
  };
}

export function ExportReadsButton() {
  const { http, t, lang, notices } = useApp();
  const exporter = useMemo(
    () => createTableExporter({ notify: (notice) => notices.show(notice), language: () => lang }),
    [notices, lang],
  );
  const handingOver = useSyncExternalStore(exporter.subscribe, exporter.isBusy, exporter.isBusy);
  const [fetching, setFetching] = useState(false);
  const busy = fetching || handingOver;

  const run = async () => {
    if (busy) return;
    setFetching(true);
    try {
      const rows = await allReadRows(http);
      // None at all: the exporter's own 'please specify the table to download' (spec §8).
      if (rows) exporter.exportTable(rows.length > 0 ? readCountsExport(rows, { t, lang }) : null);
    } catch {
      // The HTTP rules (spec §8) told the user.
    } finally {
      setFetching(false);
    }
  };

  return (
    <button
      type="button"
      className="ph-button"
      aria-busy={busy}
      disabled={busy}
      data-testid="cms.reads.export"
      onClick={() => void run()}
    >
      {busy ? t('cms.reads.export.busy') : t('cms.reads.export.button')}
    </button>
  );
}
