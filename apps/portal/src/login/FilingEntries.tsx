import type { FilingEntry } from '@campus/contracts/uaa';
import { useTranslation } from '../i18n/useTranslation.ts';
import { safeHref } from '@campus/ui/safe-href';

/**
 * The unit's filing (ICP / public-security) entries, rendered as text (DESIGN.md §5). The login
 * page and the desktop footer share it; each passes its own class and test id.
 */
export function FilingEntries({
  entries,
  className = 'lp-filing',
  testId = 'login.filing',
}: {
  entries: readonly FilingEntry[];
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <ul className={className} aria-label={t('footer.filing')} data-testid={testId}>
      {entries.map((entry, index) => {
        const href = safeHref(entry.baUrl);
        const image = entry.showImg ? safeHref(entry.baImg) : null;
        const content = (
          <>
            {image ? <img src={image} alt="" className={`${className}__img`} /> : null}
            {entry.baContent}
          </>
        );
        return (
          <li key={`${index}-${entry.baContent ?? ''}`}>
            {href ? (
              <a href={href} target="_blank" rel="noopener noreferrer">
                {content}
              </a>
            ) : (
              content
            )}
          </li>
        );
      })}
    </ul>
  );
}
