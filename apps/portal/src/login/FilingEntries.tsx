import type { FilingEntry } from '@campus/contracts/uaa';
import { useTranslation } from '../i18n/useTranslation.ts';
import { safeHref } from '../shared/safe-href.ts';

/** The unit's filing (ICP / public-security) entries, rendered as text (DESIGN.md §5). */
export function FilingEntries({ entries }: { entries: readonly FilingEntry[] }) {
  const { t } = useTranslation();
  return (
    <ul className="lp-filing" aria-label={t('footer.filing')} data-testid="login.filing">
      {entries.map((entry, index) => {
        const href = safeHref(entry.baUrl);
        const image = entry.showImg ? safeHref(entry.baImg) : null;
        const content = (
          <>
            {image ? <img src={image} alt="" className="lp-filing__img" /> : null}
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
