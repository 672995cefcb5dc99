/**
 * The three version calls of spec §7 made in a browser, then the decisions of
 * `version-check.ts`. The calls go through `fetch` with no interception (spec §7 "none (no
 * interception)"), because a 404 here is an answer to report ('no version endpoint'), not an
 * error for the HTTP client's rules.
 */
import { packageVersionsPath } from '@campus/contracts/base';
import type { Language } from '../i18n/language.ts';
import {
  versionCallPlan,
  versionEffects,
  versionEffectText,
  type PackageInfo,
  type VersionEffect,
  type VersionsAnswer,
} from './version-check.ts';

/** A release of spec §3 "Version record", as version.json lists them. */
export interface VersionRecord {
  version: string;
  date: string;
  metto: { cn: string; en: string }[];
}

/** What the checks need. */
export interface RunVersionChecksInput {
  /** The first path segment of app pages (spec §7 `{root}`). */
  root: string;
  code: string;
  /** The service name of the versions endpoint; `code` when absent (spec §7). */
  versionName?: string | undefined;
  isNoServer: boolean;
  development: boolean;
  lang: Language;
  /** A blocking browser alert (spec §8 "browser alerts"). */
  alert: (text: string) => void;
  /** The 'no version endpoint' notification (spec §8). */
  notify: (text: string) => void;
  fetchImpl?: typeof fetch;
}

/** The URLs of spec §7 for one app. */
export function versionUrls(root: string, code: string, versionName?: string) {
  const r = encodeURIComponent(root);
  const c = encodeURIComponent(code);
  return {
    packageJson: `/${r}/${c}/package.json`,
    versionsEndpoint: packageVersionsPath(versionName || code),
    versionJson: `/${r}/${c}-version/version.json`,
  };
}

function isPackageInfo(value: unknown): value is PackageInfo {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.appVersion === 'string' && typeof v.serverVersion === 'string';
}

function isVersionRecord(value: unknown): value is VersionRecord {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.version === 'string' && typeof v.date === 'string' && Array.isArray(v.metto);
}

async function getJson(fetchImpl: typeof fetch, url: string): Promise<unknown> {
  const response = await fetchImpl(url, { credentials: 'same-origin', cache: 'no-cache' });
  if (!response.ok) throw new Error(`Request failed with status code ${response.status}`);
  return (await response.json()) as unknown;
}

async function askVersions(fetchImpl: typeof fetch, url: string): Promise<VersionsAnswer> {
  try {
    const response = await fetchImpl(url, { credentials: 'same-origin', cache: 'no-cache' });
    if (response.status === 404) return { kind: 'not-found' };
    if (!response.ok) return { kind: 'failed' };
    const text = await response.text();
    if (text.trim() === '') return { kind: 'answer', body: null };
    return { kind: 'answer', body: JSON.parse(text) as { status: number } };
  } catch {
    return { kind: 'failed' };
  }
}

/**
 * Makes the calls the plan allows, shows the alerts and the notification, and resolves with
 * what was decided and the app's release list (for the About dialog). Never rejects.
 *
 * @example
 * await runVersionChecks({ root: 'pages', code: 'cms', isNoServer: false, development: false,
 *   lang, alert: (t) => window.alert(t), notify: (t) => notices.warning(t) });
 */
export async function runVersionChecks(
  input: RunVersionChecksInput,
): Promise<{ effects: VersionEffect[]; releases: VersionRecord[] }> {
  const fetchImpl = input.fetchImpl ?? fetch;
  const plan = versionCallPlan(input);
  const urls = versionUrls(input.root, input.code, input.versionName);
  const [packageInfo, versions, releases] = await Promise.all([
    plan.packageJson
      ? getJson(fetchImpl, urls.packageJson).then(
          (v) => (isPackageInfo(v) ? v : null),
          () => null, // spec §8: package.json failures are silently ignored
        )
      : Promise.resolve(undefined),
    plan.versionsEndpoint
      ? askVersions(fetchImpl, urls.versionsEndpoint)
      : Promise.resolve(undefined),
    plan.versionJson
      ? getJson(fetchImpl, urls.versionJson).then(
          (v) => (Array.isArray(v) ? v.filter(isVersionRecord) : []),
          () => [], // spec §8: version.json failures are silently ignored
        )
      : Promise.resolve([]),
  ]);
  const effects = versionEffects({
    isNoServer: input.isNoServer,
    development: input.development,
    ...(packageInfo !== undefined ? { packageInfo } : {}),
    ...(versions !== undefined ? { versions } : {}),
  });
  for (const effect of effects) {
    const text = versionEffectText(effect, input.lang);
    if (effect.kind === 'alert') input.alert(text);
    else input.notify(text);
  }
  return { effects, releases };
}
