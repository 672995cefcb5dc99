/**
 * Messages and to-dos from the console (issue 13 §2 Messages and to-dos, §4 one feed): compose
 * one to the unit, a grade, a class or chosen users, with importance 1 to 5 (spec §3 Message),
 * and the sent ones with their read counts (`adminFeedEndpoints`). A grade or class reaches
 * the parents of its students, the only accounts the data ties to a class (contracts
 * `app-feed.ts`).
 */
import { Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import type { AdminPageProps } from '../admin-pages.ts';
import { unitName } from '../admin-rules.ts';
import { MessagesCompose } from './MessagesCompose.tsx';
import { MessagesSentTable } from './MessagesSentTable.tsx';

export function MessagesPage({ context }: AdminPageProps) {
  const { t, lang } = useTranslation();
  // A send shows in the list below: it starts again from its first page.
  const [version, setVersion] = useState(0);
  return (
    <div className="adm-page" data-testid="admin.messages">
      <Typography.Title level={1} className="adm-page__title">
        {t('admin.pages.messages')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('admin.messages.intro', { unit: unitName(context.unit, lang) })}
      </Typography.Paragraph>
      <MessagesCompose unitId={context.unit.unitId} onSent={() => setVersion((v) => v + 1)} />
      <MessagesSentTable key={version} unitId={context.unit.unitId} />
    </div>
  );
}
