/**
 * What a unit's login configuration shows in a footer, pure (spec §2 Footer, §3 Unit login page
 * config and Filing entry), for the login page and the desktop alike. Unit configuration is an
 * administrator's free text: it is shown as text and links pass `safeHref` (DESIGN.md §5).
 */
import type { DecorationSet, FilingEntry, UnitConfigData } from '@campus/contracts/uaa';
import { DEFAULT_LANGUAGE, splitBilingual, type Language } from '@campus/sdk/language';
import { safeHref } from './safe-href.ts';

/** What the footer shows. */
export interface FooterModel {
  /** The unit's copyright line (footerMsg.copyright); null shows the portal's own. */
  copyright: string | null;
  /** The unit's footer text, or null. */
  footerText: string | null;
  /** The footer text's link (http(s) or a same-site path only), or null for plain text. */
  link: string | null;
  /** Spec §2: the filing entries, only when enabled and the list is non-empty. */
  filings: FilingEntry[];
  /** Spec §2: the help-centre entry, when enabled. */
  helpCentre: boolean;
}

/**
 * The footer for a unit's configuration (spec §2, §3). `footerMsg.show` false hides the
 * copyright and filing lines, as on the login page. The help centre shows when footerMsg's
 * `helpCenter` says so, or, when footerMsg does not say, when the unit's `helpCenter` flag is on.
 * The copyright and footer text may be bilingual like the server's messages (`中文|||English`,
 * spec §8); the side for `lang` is shown (docs/decisions.md, Desktop shell).
 */
export function footerModel(
  config: Pick<UnitConfigData, 'footer' | 'link' | 'helpCenter'> | null,
  decoration: DecorationSet,
  lang: Language = DEFAULT_LANGUAGE,
): FooterModel {
  const footerMsg = decoration.footerMsg;
  const shown = footerMsg?.show !== false;
  const copyright = shown ? unitText(footerMsg?.copyright, lang) : null;
  const footerText = unitText(config?.footer, lang);
  const list = shown && footerMsg?.showBaMsg === true ? (footerMsg.baList ?? []) : [];
  const filings = list.filter((entry) => Boolean(entry.baContent?.trim() || entry.baImg?.trim()));
  return {
    copyright,
    footerText,
    link: footerText ? safeHref(config?.link) : null,
    filings,
    helpCentre: footerMsg?.helpCenter ?? config?.helpCenter ?? false,
  };
}

/**
 * A unit's configured text in `lang` (one side of `中文|||English`, or the text as it is),
 * trimmed; null when empty.
 *
 * @example unitText('阳光小学官方网站|||School website', 'en') // 'School website'
 */
export function unitText(text: string | null | undefined, lang: Language): string | null {
  const picked = text ? splitBilingual(text, lang).trim() : '';
  return picked || null;
}
