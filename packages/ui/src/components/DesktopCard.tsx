/**
 * The titled card that holds one widget of the desktop (messages, to-dos, notices, charts):
 * a header with the title, optional actions and a 'more' link, then a body that can show a
 * loading state or the desktop no-data placeholder (spec §2).
 */
import { useId, type ReactNode } from 'react';
import { uiText } from '../i18n/ui-messages.ts';
import { NoData } from './NoData.tsx';
import './desktop-kit.css';

/** Props of {@link DesktopCard}. */
export interface DesktopCardProps {
  /** The heading; also the card's accessible name. */
  title: ReactNode;
  /** Extra controls in the header (a refresh button, a filter), before the 'more' link. */
  extra?: ReactNode;
  /** Where 'more' leads; a link is shown when set. */
  moreHref?: string;
  /** Called by 'more'; without `moreHref` the 'more' entry is a button. */
  onMore?: () => void;
  /** Replaces the 'more' text. */
  moreLabel?: string;
  /** Shows a spinner and 'Loading…' instead of the body. */
  loading?: boolean;
  /** Shows the desktop no-data placeholder (spec §2, type desktop) instead of the body. */
  empty?: boolean;
  /** Replaces the placeholder's default 'no data' text. */
  emptyText?: ReactNode;
  /** The heading level, so the card fits the page's outline. Default 3. */
  headingLevel?: 2 | 3 | 4;
  /** zh-CN or en (anything else is zh-CN, spec §1). */
  lang?: string;
  className?: string;
  /** Prefix of the test ids (`{testId}`, `.title`, `.more`, `.body`, `.loading`). */
  testId?: string;
  children?: ReactNode;
}

/**
 * A desktop widget's frame.
 *
 * @example
 * <DesktopCard
 *   title={t('desktop.todo')}
 *   moreHref="/desktop/todo"
 *   loading={todos.isLoading}
 *   empty={todos.data?.length === 0}
 *   lang={lang}
 *   testId="desktop.todo"
 * >
 *   <TodoList items={todos.data} />
 * </DesktopCard>
 */
export function DesktopCard({
  title,
  extra,
  moreHref,
  onMore,
  moreLabel,
  loading = false,
  empty = false,
  emptyText,
  headingLevel = 3,
  lang,
  className,
  testId = 'desktopCard',
  children,
}: DesktopCardProps) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const more = moreLabel ?? uiText(lang, 'card.more');

  let moreControl: ReactNode = null;
  if (moreHref !== undefined) {
    moreControl = (
      <a
        className="ph-card__more"
        href={moreHref}
        onClick={onMore}
        // 'More' alone says nothing out of context; the title says more of what.
        aria-describedby={titleId}
        data-testid={`${testId}.more`}
      >
        {more}
      </a>
    );
  } else if (onMore) {
    moreControl = (
      <button
        type="button"
        className="ph-card__more"
        onClick={onMore}
        aria-describedby={titleId}
        data-testid={`${testId}.more`}
      >
        {more}
      </button>
    );
  }

  let body: ReactNode = children;
  if (loading) {
    body = (
      <div className="ph-card__loading" role="status" data-testid={`${testId}.loading`}>
        <span className="ph-kit-spinner" aria-hidden="true" />
        <span>{uiText(lang, 'common.loading')}</span>
      </div>
    );
  } else if (empty) {
    body = <NoData type="desktop" text={emptyText} lang={lang} />;
  }

  return (
    <section
      className={className ? `ph-card ${className}` : 'ph-card'}
      aria-labelledby={titleId}
      aria-busy={loading || undefined}
      data-testid={testId}
    >
      <header className="ph-card__header">
        <Heading id={titleId} className="ph-card__title" data-testid={`${testId}.title`}>
          {title}
        </Heading>
        {extra != null || moreControl ? (
          <div className="ph-card__extra">
            {extra}
            {moreControl}
          </div>
        ) : null}
      </header>
      <div className="ph-card__body" data-testid={`${testId}.body`}>
        {body}
      </div>
    </section>
  );
}
