import type { FilingEntry } from '@campus/contracts/uaa';
import { safeHref } from './safe-href.ts';

/**
 * The unit's filing (ICP / public-security) entries, rendered as text (DESIGN.md §5). The login
 * page and the chrome's footer share it; each passes its own label, class and test id.
 */
export function FilingEntries({
  entries,
  label,
  className = 'lp-filing',
  testId = 'login.filing',
}: {
  entries: readonly FilingEntry[];
  label: string;
  className?: string;
  testId?: string;
}) {
  return (
    <ul className={className} aria-label={label} data-testid={testId}>
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
