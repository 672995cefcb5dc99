import { formatRelativeTime } from '@campus/sdk/formatters';
import { useTranslation } from '../../i18n/useTranslation.ts';

/**
 * When something happened, in words relative to `now` (spec §9 relative time: 'just now',
 * minutes, hours, '1 day ago', …) in the page language, with the exact moment for machines.
 * `now` comes from the list's one `useNow`, so a long list keeps one timer.
 */
export function RelativeTime({
  at,
  now,
  className,
}: {
  at: number;
  now: number;
  className: string;
}) {
  const { lang } = useTranslation();
  return (
    <time className={className} dateTime={new Date(at).toISOString()}>
      {formatRelativeTime(at, now, lang)}
    </time>
  );
}
