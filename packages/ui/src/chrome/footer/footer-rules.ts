/**
 * The desktop footer's rules, pure (spec §2 Footer): the deployment's flags and the help-centre
 * address. What the unit's configuration shows is unit-footer.ts (the login page's too).
 */
import { HELP_CENTRE_PATH } from '@campus/contracts/pages';
import { safeHref } from './safe-href.ts';

export { HELP_CENTRE_PATH };

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
