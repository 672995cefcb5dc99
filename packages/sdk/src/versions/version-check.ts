/**
 * The version checks of spec §7 and §8 as pure decisions: which of the three calls to make, and,
 * given their answers, which alerts or notification to show. The HTTP calls and the browser
 * `alert` stay with the caller, so every rule is testable without a network or a window.
 */
import type { Language } from '../i18n/language.ts';
import enVersion from '../i18n/locales/en/version.json';
import zhVersion from '../i18n/locales/zh-CN/version.json';
import { sdkTexts } from '../i18n/sdk-text.ts';
import { compareVersions } from './version-compare.ts';

const texts = /* @__PURE__ */ sdkTexts(zhVersion, enVersion);

/** `/{root}/{code}/package.json` (spec §3 "Package info", §7). */
export interface PackageInfo {
  name: string;
  /** This front end's version. */
  appVersion: string;
  /** The lowest server version this front end needs. */
  serverVersion: string;
  packageDate: string;
}

/** `data` of `/api/{versionName or code}/nl/{versionName or code}_package_versions` (spec §3). */
export interface ServerVersions {
  /** The server's version. */
  serverVersion?: string | null;
  /** The lowest front-end version the server needs. */
  webCodeVersion?: string | null;
  date?: string | null;
}

/** How the versions endpoint answered. */
export type VersionsAnswer =
  /** An HTTP 200 answer; `body` is the parsed envelope, or empty. */
  | { kind: 'answer'; body: { status: number; data?: ServerVersions | null } | null | undefined }
  /** HTTP 404: the microservice has no such route. */
  | { kind: 'not-found' }
  /** Any other failure (network, timeout, another HTTP status). */
  | { kind: 'failed' };

/** The start-up flags the checks depend on (spec §3 `isNoServer`, `nodeEnv`). */
export interface VersionCheckFlags {
  isNoServer: boolean;
  development: boolean;
}

/** Which of the three version calls to make (spec §7). */
export interface VersionCallPlan {
  packageJson: boolean;
  versionsEndpoint: boolean;
  versionJson: boolean;
}

/**
 * Which calls to make (spec §7): package.json is skipped when the app has no server or in
 * development; version.json in development. The spec names no skip for the versions endpoint;
 * it is skipped only for an app without a server, where "this microservice lacks a version
 * endpoint" would be false by definition.
 *
 * @example
 * versionCallPlan({ isNoServer: false, development: true });
 * // { packageJson: false, versionsEndpoint: true, versionJson: false }
 */
export function versionCallPlan(flags: VersionCheckFlags): VersionCallPlan {
  return {
    packageJson: !flags.isNoServer && !flags.development,
    versionsEndpoint: !flags.isNoServer,
    versionJson: !flags.development,
  };
}

/** Which mismatch an alert reports (spec §8). */
export type VersionAlertKind = 'server-too-old' | 'frontend-too-old';

/** One thing to show after the checks. */
export type VersionEffect =
  | {
      kind: 'alert';
      which: VersionAlertKind;
      /** This front end's version (package.json `appVersion`). */
      frontend: string;
      /** The server's version (`serverVersion` of the versions endpoint). */
      server: string;
      /** The version the other side requires and this side does not reach. */
      required: string;
    }
  | { kind: 'notify-no-version-endpoint' };

/** The answers the checks read; `undefined` means the call was not made. */
export interface VersionCheckInput extends VersionCheckFlags {
  /** package.json, or null when fetching or parsing it failed (silently ignored, spec §8). */
  packageInfo?: PackageInfo | null;
  versions?: VersionsAnswer;
}

const present = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

function hasVersionData(data: ServerVersions | null | undefined): data is ServerVersions {
  return !!data && (present(data.serverVersion) || present(data.webCodeVersion));
}

/**
 * The effects of the version answers (spec §8 "Version mismatch"):
 * - an alert when package.json requires a higher server version than the server reports;
 * - the mirror alert when the server requires a higher front-end version than package.json has;
 * - the 'no version endpoint' notification when the endpoint answers without data (an empty
 *   body, no `data`, or `data` with neither version) or with a 404 (HTTP or body status).
 *
 * Other failures give nothing: package.json failures are silently ignored (spec §8), and a
 * transient network error must not tell people to call the back-end engineer. Calls skipped
 * by {@link versionCallPlan} are ignored even if answers are passed.
 *
 * @example
 * versionEffects({
 *   isNoServer: false,
 *   development: false,
 *   packageInfo: { name: 'cms', appVersion: '1.2.0', serverVersion: '1.3.0', packageDate: '2026-01-05' },
 *   versions: { kind: 'answer', body: { status: 200, data: { serverVersion: '1.2.9', webCodeVersion: '1.0.0' } } },
 * });
 * // [{ kind: 'alert', which: 'server-too-old', frontend: '1.2.0', server: '1.2.9', required: '1.3.0' }]
 */
export function versionEffects(input: VersionCheckInput): VersionEffect[] {
  const plan = versionCallPlan(input);
  const answer = plan.versionsEndpoint ? input.versions : undefined;
  if (!answer || answer.kind === 'failed') return [];
  if (answer.kind === 'not-found') return [{ kind: 'notify-no-version-endpoint' }];

  const body = answer.body;
  if (!body || body.status === 404) return [{ kind: 'notify-no-version-endpoint' }];
  // Other body statuses are errors the HTTP client's rules (spec §8) already reported.
  if (body.status !== 200) return [];
  if (!hasVersionData(body.data)) return [{ kind: 'notify-no-version-endpoint' }];

  const pkg = plan.packageJson ? input.packageInfo : undefined;
  if (!pkg) return [];
  const data = body.data;
  const effects: VersionEffect[] = [];
  const server = data.serverVersion ?? '';
  // A missing version on either side cannot be compared; only a real shortfall alerts.
  if (present(pkg.serverVersion) && present(data.serverVersion)) {
    if (compareVersions(pkg.serverVersion, data.serverVersion) > 0) {
      effects.push({
        kind: 'alert',
        which: 'server-too-old',
        frontend: pkg.appVersion,
        server,
        required: pkg.serverVersion,
      });
    }
  }
  if (present(data.webCodeVersion) && present(pkg.appVersion)) {
    if (compareVersions(data.webCodeVersion, pkg.appVersion) > 0) {
      effects.push({
        kind: 'alert',
        which: 'frontend-too-old',
        frontend: pkg.appVersion,
        server,
        required: data.webCodeVersion,
      });
    }
  }
  return effects;
}

/**
 * The alert and notification texts (spec §8); `{frontend}`, `{server}` and `{required}` are
 * filled in by {@link versionEffectText}.
 */
export const VERSION_TEXT: Readonly<
  Record<VersionAlertKind | 'no-version-endpoint', Readonly<Record<Language, string>>>
> = {
  'server-too-old': /* @__PURE__ */ texts.both('serverTooOld'),
  'frontend-too-old': /* @__PURE__ */ texts.both('frontendTooOld'),
  'no-version-endpoint': /* @__PURE__ */ texts.both('noVersionEndpoint'),
};

/**
 * The text to show for one effect, in the page language.
 *
 * @example
 * for (const effect of versionEffects(input)) {
 *   if (effect.kind === 'alert') window.alert(versionEffectText(effect, lang));
 *   else notify.warning(versionEffectText(effect, lang));
 * }
 */
export function versionEffectText(effect: VersionEffect, lang: Language): string {
  const t = texts.t(lang);
  if (effect.kind === 'notify-no-version-endpoint') return t('noVersionEndpoint');
  const { frontend, server, required } = effect;
  return t(effect.which === 'server-too-old' ? 'serverTooOld' : 'frontendTooOld', {
    frontend,
    server,
    required,
  });
}
