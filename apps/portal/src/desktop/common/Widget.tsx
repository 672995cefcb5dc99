import type { ReactNode } from 'react';
import { DesktopCard } from '@campus/ui/DesktopCard';
import { useTranslation } from '../../i18n/useTranslation.ts';

/**
 * One card of the desktop: the ui package's DesktopCard (a titled widget with a loading state
 * and the desktop no-data placeholder of spec §2) at heading level 2, in the page language.
 * Test ids: `{testId}`, `.title`, `.more`, `.body`, `.loading`; the placeholder is `noData.root`.
 */
export function Widget({
  title,
  extra,
  onMore,
  moreLabel,
  loading = false,
  empty = false,
  emptyText,
  testId,
  className,
  children,
}: {
  title: ReactNode;
  extra?: ReactNode;
  /** Shows the card's 'more' control (`{testId}.more`). */
  onMore?: () => void;
  moreLabel?: string;
  loading?: boolean;
  empty?: boolean;
  emptyText?: ReactNode;
  testId: string;
  className?: string;
  children?: ReactNode;
}) {
  const { lang } = useTranslation();
  return (
    <DesktopCard
      title={title}
      extra={extra}
      onMore={onMore}
      moreLabel={moreLabel}
      loading={loading}
      empty={empty}
      emptyText={emptyText}
      headingLevel={2}
      lang={lang}
      className={className ? `dp-widget ${className}` : 'dp-widget'}
      testId={testId}
    >
      {children}
    </DesktopCard>
  );
}
