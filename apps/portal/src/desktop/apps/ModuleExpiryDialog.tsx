import { Button, Modal, Table, Tag } from 'antd';
import type { HTMLAttributes } from 'react';
import type { ModuleStatus } from '@campus/sdk/module-status';
import { DEFAULT_DAY_FORMAT, formatDate } from '@campus/sdk/formatters';
import { NoData } from '@campus/ui/NoData';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { DialogScroll } from '../common/DialogScroll.tsx';
import { useNow } from '../common/useNow.ts';
import { chromeDialogs } from '@campus/ui/chrome-env';
import { moduleExpiryRows, type ModuleExpiryRow } from './module-expiry-rules.ts';
import { useExpiryModules } from './unit-modules.ts';

/** The tag colour of each status (antd presets: red, orange, green). */
const STATUS_COLOURS: Readonly<Record<ModuleStatus, string>> = {
  expired: 'red',
  soon: 'orange',
  inUse: 'green',
};

/**
 * Issue 10 §5: the words of each tag in its preset's darker shade (antd's own palette, grade 8
 * or 7), which reads at 4.5:1 or better on the preset's tint; antd's default shade (grade 6 or 7)
 * reads at about 3.3:1. Inline, because antd's own styles are injected after ours.
 */
const STATUS_TEXT_COLOURS: Readonly<Record<ModuleStatus, string>> = {
  expired: '#a8071a',
  soon: '#ad4e00',
  inUse: '#237804',
};

/**
 * The module-expiry table (spec §2 Other dialogs, §3 openWay 1, §4 module status): the
 * message's modules, expired first, then soon-to-expire, then in use, with their end dates.
 */
export function ModuleExpiryDialog({
  payload,
  onClose,
}: {
  payload: unknown;
  onClose: () => void;
}) {
  const { t, lang } = useTranslation();
  const now = useNow();
  // A message's modules, or the unit's (spec §7 inside/module) when opened from the settings.
  const { modules, fromMessage } = useExpiryModules(payload);
  const rows = modules ? moduleExpiryRows(modules, now, lang) : [];

  return (
    <Modal
      open
      width={640}
      centered
      mask={{ closable: false }}
      onCancel={onClose}
      className="dd-modal"
      title={t('dialogs.moduleExpiry.title')}
      footer={
        <div className="dd-footer">
          {fromMessage ? (
            <Button onClick={() => chromeDialogs.open('messages')} data-testid="moduleExpiry.back">
              {t('dialogs.moduleExpiry.back')}
            </Button>
          ) : null}
          <Button type="primary" onClick={onClose} data-testid="moduleExpiry.close">
            {t('dialogs.common.close')}
          </Button>
        </div>
      }
    >
      <DialogScroll label={t('dialogs.moduleExpiry.title')}>
        <div data-testid="moduleExpiry.dialog">
          <p className="dd-lead">
            {t(fromMessage ? 'dialogs.moduleExpiry.lead' : 'dialogs.moduleExpiry.unitLead')}
          </p>
          {!modules ? null : rows.length === 0 ? (
            <NoData type="default" lang={lang} />
          ) : (
            <Table<ModuleExpiryRow>
              size="small"
              rowKey="code"
              pagination={false}
              dataSource={rows}
              onRow={(row) =>
                ({
                  'data-testid': 'moduleExpiry.row',
                  'data-status': row.status,
                }) as HTMLAttributes<HTMLElement>
              }
              columns={[
                {
                  key: 'name',
                  title: t('dialogs.moduleExpiry.module'),
                  render: (_, row) => <span data-testid="moduleExpiry.name">{row.name}</span>,
                },
                {
                  key: 'status',
                  title: t('dialogs.moduleExpiry.status'),
                  render: (_, row) => (
                    <Tag
                      color={STATUS_COLOURS[row.status]}
                      style={{ color: STATUS_TEXT_COLOURS[row.status] }}
                      data-testid="moduleExpiry.status"
                    >
                      {t(`dialogs.moduleExpiry.statuses.${row.status}`)}
                    </Tag>
                  ),
                },
                {
                  key: 'endTime',
                  title: t('dialogs.moduleExpiry.endTime'),
                  render: (_, row) => (
                    <time
                      dateTime={new Date(row.endTime).toISOString()}
                      data-testid="moduleExpiry.endTime"
                    >
                      {formatDate(row.endTime, DEFAULT_DAY_FORMAT, lang)}
                    </time>
                  ),
                },
              ]}
            />
          )}
        </div>
      </DialogScroll>
    </Modal>
  );
}
