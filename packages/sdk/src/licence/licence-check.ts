/**
 * The unit licence check (spec §4 "Licence", §7 licence endpoints, §8 "Licence expired"):
 * asks whether the user's unit may use an app (true fine, false expired, which the caller
 * shows as a blocking dialog with `LICENCE_EXPIRED_MESSAGE`), and caches the answer per app
 * in session storage so each app asks once per browser session.
 */
import { baseEndpoints } from '@campus/contracts/base';
import { callEndpoint } from '../http/endpoint-call.ts';
import type { HttpClient } from '../http/http-core.ts';
import type { Language } from '../i18n/language.ts';
import enLicence from '../i18n/locales/en/licence.json';
import zhLicence from '../i18n/locales/zh-CN/licence.json';
import { sdkTexts } from '../i18n/sdk-text.ts';
import type { KeyValueArea } from '../platform/storage.ts';

const texts = /* @__PURE__ */ sdkTexts(zhLicence, enLicence);

/** The blocking message of spec §8, per language. */
export const LICENCE_EXPIRED_MESSAGE: Readonly<Record<Language, string>> =
  /* @__PURE__ */ texts.both('expired');

/** The session-storage key of one app's licence result (spec §4: cached per app). */
export function licenceCacheKey(appCode: string): string {
  return `licence_${appCode}`;
}

/** What `checkLicence` needs. */
export interface LicenceCheckInput {
  http: HttpClient;
  /** The user's unit (`user.unitId`). */
  unitId: string;
  /** The app whose licence is checked; sent as `serverId`. */
  appCode: string;
  /** Ask `unit_oam` instead of `unit` (spec §7). */
  oam?: boolean;
  /** Session storage; the browser's when absent. Unavailable storage only disables the cache. */
  storage?: Pick<KeyValueArea, 'getItem' | 'setItem'> | undefined;
}

function browserSession(): Pick<KeyValueArea, 'getItem' | 'setItem'> | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The cached answer, when it was given for this unit (an account switch changes the unit). */
function readCache(
  storage: Pick<KeyValueArea, 'getItem'> | undefined,
  key: string,
  unitId: string,
): boolean | undefined {
  try {
    const value: unknown = JSON.parse(storage?.getItem(key) ?? 'null');
    if (typeof value !== 'object' || value === null) return undefined;
    const record = value as Record<string, unknown>;
    return record.unitId === unitId && typeof record.valid === 'boolean' ? record.valid : undefined;
  } catch {
    return undefined;
  }
}

function writeCache(
  storage: Pick<KeyValueArea, 'setItem'> | undefined,
  key: string,
  unitId: string,
  valid: boolean,
): void {
  try {
    storage?.setItem(key, JSON.stringify({ unitId, valid }));
  } catch {
    // Storage full or blocked: the next start-up asks again.
  }
}

/**
 * Resolves true when the unit may use the app, false when its licence has expired (spec §4).
 * Only a definite true/false answer is cached. Anything else (no answer, a body status other
 * than 200, data that is not a boolean) counts as unknown: not cached and true, so a network
 * blip never locks a school out of its module; the server still enforces the licence.
 * Never rejects.
 *
 * @example
 * if (!(await checkLicence({ http, unitId: user.unitId, appCode: 'cms' }))) {
 *   showBlockingDialog(LICENCE_EXPIRED_MESSAGE[lang]);
 * }
 */
export async function checkLicence(input: LicenceCheckInput): Promise<boolean> {
  const { http, unitId, appCode } = input;
  const storage = 'storage' in input ? input.storage : browserSession();
  const key = licenceCacheKey(appCode);
  const cached = readCache(storage, key, unitId);
  if (cached !== undefined) return cached;

  try {
    // Spec §7: `unit_oam` serves the operations deployment.
    const answer = await callEndpoint(
      http,
      input.oam ? baseEndpoints.licenceOam : baseEndpoints.licence,
      { query: { unitId, serverId: appCode } },
      { noIntercept: true, cacheBust: true },
    );
    if (answer.status !== 200 || typeof answer.data !== 'boolean') return true;
    writeCache(storage, key, unitId, answer.data);
    return answer.data;
  } catch {
    return true;
  }
}
