import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Space,
  Table,
  Typography,
  Upload,
  type TableColumnsType,
} from 'antd';
import { useMemo, useState } from 'react';
import {
  IMPORT_LANGUAGES,
  IMPORT_MAX_BYTES,
  adminImportEndpoints as E,
  type ImportCommit,
  type ImportCounts,
  type ImportDryRun,
  type ImportLanguage,
} from '@campus/contracts/admin-import';
import { BodyStatus, type Envelope } from '@campus/contracts/envelope';
import { PORTAL_APP_CODE } from '@campus/sdk/create-page-runtime';
import { download } from '@campus/sdk/download';
import { failureMessage } from '@campus/sdk/http-core';
import { createUploadTransport } from '@campus/sdk/upload-transport';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import type { AdminPageProps } from '../admin-pages.ts';
import { unitName } from '../admin-rules.ts';
import { showNotice } from '../../desktop/shell/notice-bridge.ts';
import { useLayoutWidth } from '../useLayoutWidth.ts';
import {
  IMPORT_ACCEPT,
  canCommit,
  pickProblem,
  problemRows,
  unlistedProblems,
  type ProblemRow,
} from './import-rules.ts';
import { userTypeWord } from './users-rules.ts';

type Step =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'checked'; dryRun: ImportDryRun }
  | { kind: 'committing'; dryRun: ImportDryRun }
  | { kind: 'committed'; commit: ImportCommit; downloaded: boolean };

/**
 * The bulk import of users and parent–child links (issue 13 §3): the template in either
 * language, a file picked, a dry run listing every row's problems before anything is written,
 * the all-or-nothing commit offered only after a clean dry run of that file, then the result
 * file (the new accounts' initial passwords), downloadable once.
 */
export function ImportPage({ context }: AdminPageProps) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const { modal, message } = App.useApp();
  const width = useLayoutWidth();
  const unitId = context.unit.unitId;
  const transport = useMemo(
    () => createUploadTransport({ http, appCode: PORTAL_APP_CODE }),
    [http],
  );
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  // While the commit's confirmation is open, the page's own buttons stay disabled: a quick second
  // click during the confirmation's zoom-in reached the dry-run button below it (e2e trace).
  const [confirming, setConfirming] = useState(false);

  const downloadOptions = {
    appCode: PORTAL_APP_CODE,
    notify: showNotice,
    language: () => lang,
  };

  const template = (templateLang: ImportLanguage, format: 'xlsx' | 'csv') =>
    void download(E.template.path, {
      ...downloadOptions,
      params: { unitId, lang: templateLang, format },
    }).catch(() => undefined);

  const refusalOf = (answer: Envelope<unknown>) => failureMessage(answer, lang);

  const send = async (kind: 'dryRun' | 'commit', picked: File) => {
    const endpoint = kind === 'dryRun' ? E.dryRun : E.commit;
    const controller = new AbortController();
    return transport.send(endpoint, { unitId }, picked, picked.name, {
      signal: controller.signal,
    });
  };

  const check = async (picked: File) => {
    setRefusal(null);
    setStep({ kind: 'checking' });
    try {
      const answer = await send('dryRun', picked);
      if (answer.status === BodyStatus.ok && answer.data) {
        setStep({ kind: 'checked', dryRun: answer.data as ImportDryRun });
      } else {
        setRefusal(refusalOf(answer));
        setStep({ kind: 'idle' });
      }
    } catch {
      setRefusal(t('admin.import.failed'));
      setStep({ kind: 'idle' });
    }
  };

  const runCommit = async (picked: File, dryRun: ImportDryRun) => {
    setRefusal(null);
    setStep({ kind: 'committing', dryRun });
    try {
      const answer = await send('commit', picked);
      if (answer.status === BodyStatus.ok && answer.data) {
        const done = answer.data as ImportCommit;
        setStep({ kind: 'committed', commit: done, downloaded: false });
        setFile(null);
        void message.success(t('admin.import.committed', { accounts: done.counts.accounts }));
      } else {
        setRefusal(refusalOf(answer));
        setStep({ kind: 'checked', dryRun });
      }
    } catch {
      setRefusal(t('admin.import.failed'));
      setStep({ kind: 'checked', dryRun });
    }
  };

  /** Asks before the commit; the confirmation closes at once and the button shows the wait. */
  const commit = (picked: File, dryRun: ImportDryRun) => {
    setConfirming(true);
    modal.confirm({
      title: t('admin.import.commitConfirmTitle'),
      content: t('admin.import.commitConfirmText', { accounts: dryRun.counts.accounts }),
      okText: t('admin.import.commit'),
      cancelText: t('admin.users.cancel'),
      okButtonProps: { ...{ 'data-testid': 'import.confirm' } },
      onOk: () => {
        setConfirming(false);
        void runCommit(picked, dryRun);
      },
      // Cancel, Escape and the close button alike.
      onCancel: () => setConfirming(false),
    });
  };

  const takeResult = async (done: ImportCommit) => {
    setDownloading(true);
    try {
      await download(E.result.path, {
        ...downloadOptions,
        method: 'POST',
        params: { unitId, resultId: done.resultId, lang },
      });
      setStep({ kind: 'committed', commit: done, downloaded: true });
    } catch {
      // The download's own notice said why (an expired or already taken result).
    } finally {
      setDownloading(false);
    }
  };

  const busy = confirming || step.kind === 'checking' || step.kind === 'committing';
  const dryRun = step.kind === 'checked' || step.kind === 'committing' ? step.dryRun : null;

  return (
    <div className="adm-page" data-testid="admin.import">
      <Typography.Title level={1} className="adm-page__title">
        {t('admin.pages.import')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('admin.import.intro', { unit: unitName(context.unit, lang) })}
      </Typography.Paragraph>

      <Card
        title={t('admin.import.templateTitle')}
        className="adm-card"
        style={{ marginBottom: 16 }}
      >
        <Typography.Paragraph>{t('admin.import.templateText')}</Typography.Paragraph>
        <Space wrap>
          {IMPORT_LANGUAGES.map((templateLang) => (
            <Button
              key={templateLang}
              lang={templateLang}
              data-testid={`import.template.${templateLang}`}
              onClick={() => template(templateLang, 'xlsx')}
            >
              {t(`admin.import.template.${templateLang === 'en' ? 'en' : 'zh'}`)}
            </Button>
          ))}
          {IMPORT_LANGUAGES.map((templateLang) => (
            <Button
              key={`csv-${templateLang}`}
              type="link"
              lang={templateLang}
              data-testid={`import.templateCsv.${templateLang}`}
              onClick={() => template(templateLang, 'csv')}
            >
              {t(`admin.import.templateCsv.${templateLang === 'en' ? 'en' : 'zh'}`)}
            </Button>
          ))}
        </Space>
      </Card>

      <Card title={t('admin.import.fileTitle')} className="adm-card" style={{ marginBottom: 16 }}>
        <Space wrap align="center">
          <Upload
            accept={IMPORT_ACCEPT}
            maxCount={1}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(picked) => {
              const problem = pickProblem(picked);
              if (problem) {
                setRefusal(
                  t(`admin.import.pick.${problem}`, { max: IMPORT_MAX_BYTES / 1024 / 1024 }),
                );
                return Upload.LIST_IGNORE;
              }
              setRefusal(null);
              setFile(picked);
              if (step.kind !== 'committed') setStep({ kind: 'idle' });
              // Kept in the page: the dry run and the commit send it themselves.
              return false;
            }}
          >
            <Button data-testid="import.pick">{t('admin.import.pick.label')}</Button>
          </Upload>
          <Typography.Text data-testid="import.fileName">
            {file ? file.name : t('admin.import.noFile')}
          </Typography.Text>
          <Button
            type="primary"
            disabled={file === null || busy}
            loading={step.kind === 'checking'}
            data-testid="import.dryRun"
            onClick={() => file && void check(file)}
          >
            {t('admin.import.dryRun')}
          </Button>
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('admin.import.fileHelp', { max: IMPORT_MAX_BYTES / 1024 / 1024 })}
        </Typography.Paragraph>
      </Card>

      {refusal !== null ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={refusal}
          data-testid="import.error"
        />
      ) : null}

      {dryRun !== null ? (
        <Card
          title={t('admin.import.checkTitle', { file: dryRun.fileName })}
          className="adm-card"
          style={{ marginBottom: 16 }}
          data-testid="import.check"
        >
          {canCommit(dryRun) ? (
            <Alert
              type="success"
              showIcon
              title={t('admin.import.clean', { rows: dryRun.counts.rows })}
              data-testid="import.clean"
              style={{ marginBottom: 16 }}
            />
          ) : (
            <Alert
              type="warning"
              showIcon
              title={t('admin.import.problems', { count: dryRun.problemCount })}
              description={t('admin.import.nothingWritten')}
              data-testid="import.problemSummary"
              style={{ marginBottom: 16 }}
            />
          )}
          <CountsSummary counts={dryRun.counts} />
          {dryRun.problems.length > 0 ? (
            <>
              <ProblemsTable rows={problemRows(dryRun, lang)} compact={width !== 'wide'} />
              {unlistedProblems(dryRun) > 0 ? (
                <Typography.Paragraph type="secondary">
                  {t('admin.import.unlisted', { count: unlistedProblems(dryRun) })}
                </Typography.Paragraph>
              ) : null}
            </>
          ) : null}
          <Space wrap style={{ marginTop: 16 }}>
            <Button
              type="primary"
              disabled={!canCommit(dryRun) || file === null || busy}
              loading={step.kind === 'committing'}
              data-testid="import.commit"
              onClick={() => file && commit(file, dryRun)}
            >
              {t('admin.import.commit')}
            </Button>
            {!canCommit(dryRun) ? (
              <Typography.Text type="secondary">{t('admin.import.fixFirst')}</Typography.Text>
            ) : null}
          </Space>
        </Card>
      ) : null}

      {step.kind === 'committed' ? (
        <Card
          title={t('admin.import.resultTitle')}
          className="adm-card"
          data-testid="import.result"
        >
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('admin.import.committed', { accounts: step.commit.counts.accounts })}
          />
          <CountsSummary counts={step.commit.counts} />
          <Typography.Paragraph style={{ marginTop: 16 }}>
            {step.downloaded
              ? t('admin.import.resultTaken')
              : t('admin.import.resultText', {
                  time: new Date(step.commit.resultExpiresAt).toLocaleTimeString(lang),
                })}
          </Typography.Paragraph>
          <Button
            type="primary"
            disabled={step.downloaded}
            loading={downloading}
            data-testid="import.download"
            onClick={() => void takeResult(step.commit)}
          >
            {t('admin.import.download')}
          </Button>
        </Card>
      ) : null}
    </div>
  );
}

/** What the file creates, counted. */
function CountsSummary({ counts }: { counts: ImportCounts }) {
  const { t } = useTranslation();
  const byType = counts.accountsByType
    .filter((entry) => entry.count > 0)
    .map((entry) => `${t(`admin.users.userTypes.${userTypeWord(entry.userType)}`)} ${entry.count}`)
    .join(' · ');
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 1, md: 2, lg: 3, xl: 3, xxl: 3 }}
      data-testid="import.counts"
      items={[
        {
          key: 'rows',
          label: t('admin.import.counts.rows'),
          children: <span data-testid="import.counts.rows">{counts.rows}</span>,
        },
        {
          key: 'accounts',
          label: t('admin.import.counts.accounts'),
          children: (
            <span data-testid="import.counts.accounts">
              {counts.accounts}
              {byType ? ` (${byType})` : ''}
            </span>
          ),
        },
        { key: 'links', label: t('admin.import.counts.links'), children: counts.links },
        {
          key: 'newStudents',
          label: t('admin.import.counts.newStudents'),
          children: counts.newStudents,
        },
        {
          key: 'existingStudents',
          label: t('admin.import.counts.existingStudents'),
          children: counts.existingStudents,
        },
      ]}
    />
  );
}

/** Every listed problem: row, column and why, in the page language. */
function ProblemsTable({ rows, compact }: { rows: ProblemRow[]; compact: boolean }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<ProblemRow> = [
    {
      key: 'row',
      title: t('admin.import.columns.row'),
      dataIndex: 'row',
      width: compact ? 64 : 80,
      render: (row: number | null, problem) =>
        row === null
          ? t('admin.import.wholeFile')
          : problem.sheet === 'classes'
            ? t('admin.import.classesRow', { row })
            : row,
    },
    {
      key: 'column',
      title: t('admin.import.columns.column'),
      dataIndex: 'column',
      width: compact ? 96 : 140,
      render: (column: string | null) => column ?? '',
    },
    {
      key: 'message',
      title: t('admin.import.columns.message'),
      dataIndex: 'message',
      render: (text: string) => <span data-testid="import.problem">{text}</span>,
    },
  ];
  return (
    <Table<ProblemRow>
      style={{ marginTop: 16 }}
      rowKey="key"
      size={compact ? 'small' : 'middle'}
      columns={columns}
      dataSource={rows}
      // No sideways scroll: a long message wraps in its column, down to a phone's width.
      pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
      data-testid="import.problemTable"
    />
  );
}
