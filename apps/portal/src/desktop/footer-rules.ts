/**
 * The desktop footer's rules, pure (spec §2 Footer, §3 Unit login page config and Filing
 * entry): what the unit's configuration shows, and the help-centre address. Unit configuration
 * is an administrator's free text: links pass `safeHref` (DESIGN.md §5).
 */
import type { DecorationSet, FilingEntry, UnitConfigData } from '@campus/contracts/uaa';
import { safeHref } from '../shared/safe-href.ts';
import { HELP_CENTRE_PATH } from './pages/page-for-path.ts';

export { HELP_CENTRE_PATH };

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
 */
export function footerModel(
  config: Pick<UnitConfigData, 'footer' | 'link' | 'helpCenter'> | null,
  decoration: DecorationSet,
): FooterModel {
  const footerMsg = decoration.footerMsg;
  const shown = footerMsg?.show !== false;
  const copyright = shown && footerMsg?.copyright?.trim() ? footerMsg.copyright.trim() : null;
  const footerText = config?.footer?.trim() ? config.footer.trim() : null;
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
 * What a deployment sets on the `window.PH` global before the desktop loads (DESIGN.md §2):
 * - `PH.helpCenter`, a function: the custom help-centre callback of spec §2, called with
 *   `{ redUrl, unitId }` instead of opening the help centre;
 * - `PH.appConfig.helpCenterUrl`: another help-centre address than this portal's page;
 * - `PH.appConfig.oam === true`: the operations-management deployment, whose About dialog
 *   leaves out the vendor block (spec §2 About dialog).
 */
export interface DeploymentFlags {
  oam: boolean;
  helpCenter: ((target: { redUrl: string; unitId: string }) => void) | null;
  helpCenterUrl: string | null;
}

/** Reads {@link DeploymentFlags} from the PH global; anything malformed counts as unset. */
export function deploymentFlags(ph: unknown): DeploymentFlags {
  const global = typeof ph === 'object' && ph !== null ? (ph as Record<string, unknown>) : {};
  const config =
    typeof global.appConfig === 'object' && global.appConfig !== null
      ? (global.appConfig as Record<string, unknown>)
      : {};
  const callback = global.helpCenter;
  return {
    oam: config.oam === true,
    helpCenter:
      typeof callback === 'function'
        ? (target) => {
            (callback as (target: { redUrl: string; unitId: string }) => void)(target);
          }
        : null,
    helpCenterUrl: typeof config.helpCenterUrl === 'string' ? config.helpCenterUrl : null,
  };
}

/**
 * The help-centre address with the query parameters of spec §2: redUrl (where to come back),
 * accessToken and unitId. `accessToken` is always empty: the help centre of this portal is on
 * the same origin and signed in by the HttpOnly session cookie, and a bearer token in an
 * address would end up in history, server logs and Referer headers, or, for a foreign help
 * centre, hand the account to another site (docs/decisions.md, "Help-centre access token").
 * Null when `base` is no safe address.
 *
 * @example helpCentreUrl({ base: '/desktop/help', redUrl: 'http://h/desktop/home', unitId: 'u1', origin: 'http://h' })
 * // 'http://h/desktop/help?redUrl=http%3A%2F%2Fh%2Fdesktop%2Fhome&accessToken=&unitId=u1'
 */
export function helpCentreUrl(input: {
  base: string | null | undefined;
  redUrl: string;
  unitId: string;
  origin: string;
}): string | null {
  const base = safeHref(input.base ?? HELP_CENTRE_PATH);
  if (!base) return null;
  const url = new URL(base, input.origin);
  url.searchParams.set('redUrl', input.redUrl);
  url.searchParams.set('accessToken', '');
  url.searchParams.set('unitId', input.unitId);
  return url.href;
}
