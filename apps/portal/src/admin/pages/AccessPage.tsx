/**
 * The frame of every access page (roles, versions, licences, themes, OAuth clients; issue 13
 * §2): the access pages' theme, the page's title and its introduction, then its body. One
 * place, so the pages keep the same heading levels and test ids (`admin.<page>`).
 */
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { AccessTheme } from './access-calls.tsx';

export type AccessPageName = 'roles' | 'versions' | 'licences' | 'themes' | 'oauth';

export function AccessPage({
  page,
  intro,
  children,
}: {
  page: AccessPageName;
  /** The introduction under the title, in the page language. */
  intro: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <AccessTheme>
      <div className="adm-page" data-testid={`admin.${page}`}>
        <Typography.Title level={1} className="adm-page__title">
          {t(`admin.pages.${page}`)}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
        {children}
      </div>
    </AccessTheme>
  );
}
