/**
 * A scroll area that asks for the next page when the reader nears its end (spec §9: load-more
 * threshold 10 px by default), and not again until that page has arrived.
 */
import { useEffect, useRef, type CSSProperties, type ReactNode, type UIEvent } from 'react';
import { uiText } from '../i18n/ui-messages.ts';
import './desktop-kit.css';

/** Spec §9: how near the bottom (in px) a scroll must come to load more. */
export const SCROLL_LOAD_THRESHOLD_PX = 10;

/** Props of {@link ScrollContainer}. */
export interface ScrollContainerProps {
  /**
   * Asked for the next page. Not called again while `loading` is true, while a promise it
   * returned is pending, or once `finished`; also not twice for one scroll before the parent
   * has re-rendered.
   */
  onLoadMore?: () => unknown;
  /** A page is being fetched: shows 'Loading…' and asks for no other. */
  loading?: boolean;
  /** Nothing more to load: shows 'No more items' and stops asking. */
  finished?: boolean;
  /** The distance from the bottom, in px, that triggers a load. Default 10 (spec §9). */
  threshold?: number;
  /** The height of the area (a number is px); or size it with `className` or `style`. */
  height?: number | string;
  /** Names the area for assistive technology (it is then a landmark region). */
  label?: string;
  /** Show the loading and finished line under the content. Default true. */
  showStatus?: boolean;
  /** zh-CN or en (anything else is zh-CN, spec §1). */
  lang?: string;
  className?: string;
  style?: CSSProperties;
  /** Prefix of the test ids (`{testId}`, `{testId}.status`). */
  testId?: string;
  children?: ReactNode;
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/**
 * A scrollable list that loads more near its bottom.
 *
 * @example
 * <ScrollContainer
 *   height={360}
 *   loading={page.isFetching}
 *   finished={!page.hasNextPage}
 *   onLoadMore={() => page.fetchNextPage()}
 *   label={t('message.list')}
 *   lang={lang}
 * >
 *   {messages.map((m) => <MessageRow key={m.id} message={m} />)}
 * </ScrollContainer>
 */
export function ScrollContainer({
  onLoadMore,
  loading = false,
  finished = false,
  threshold = SCROLL_LOAD_THRESHOLD_PX,
  height,
  label,
  showStatus = true,
  lang,
  className,
  style,
  testId = 'scroll',
  children,
}: ScrollContainerProps) {
  // Asked and not yet answered: cleared by the next render without `loading` (the parent took
  // the request in, or the page arrived) unless a promise from onLoadMore is still pending.
  const requested = useRef(false);
  const pending = useRef(0);

  useEffect(() => {
    if (!loading && pending.current === 0) requested.current = false;
  });

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (!onLoadMore || loading || finished || requested.current) return;
    const el = event.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight > threshold) return;
    requested.current = true;
    const result = onLoadMore();
    if (isPromiseLike(result)) {
      pending.current += 1;
      const settle = () => {
        pending.current -= 1;
        if (pending.current === 0) requested.current = false;
      };
      result.then(settle, settle);
    }
  };

  let status: ReactNode = null;
  if (showStatus && loading) {
    status = (
      <>
        <span className="ph-kit-spinner" aria-hidden="true" />
        {uiText(lang, 'common.loading')}
      </>
    );
  } else if (showStatus && finished) {
    status = uiText(lang, 'scroll.finished');
  }

  return (
    <div
      className={className ? `ph-scroll ${className}` : 'ph-scroll'}
      style={height === undefined ? style : { height, ...style }}
      // Focusable, so keyboard users can scroll it (and so load more) with the arrow keys.
      tabIndex={0}
      role={label ? 'region' : undefined}
      aria-label={label}
      aria-busy={loading || undefined}
      onScroll={onScroll}
      data-testid={testId}
    >
      {children}
      <div className="ph-scroll__status" role="status" data-testid={`${testId}.status`}>
        {status}
      </div>
    </div>
  );
}
