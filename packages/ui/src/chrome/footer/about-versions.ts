/**
 * What the About dialog shows about versions (spec §2 About dialog, §3 Version record, Server
 * version reply and Package info, §7 the three version calls), for the desktop and for every
 * sub-app (the chrome is the same on both, spec §1).
 *
 * A front end names its code, its service (spec §3 `versionName`) and its pages root. The
 * desktop is the base platform's front end: code `desktop`, service `base`, so its server line
 * comes from `packageVersionsPath('base')` (the server has no `desktop` record). Package info
 * and release notes are read from the spec's files `/{root}/{code}/package.json` and
 * `/{root}/{code}-version/version.json`; a front end may pass the same list built in for when
 * they cannot be read (the desktop does, docs/decisions.md "About dialog versions").
 */
import type { Envelope } from '@campus/contracts/envelope';
import type { HttpClient } from '@campus/sdk/http-core';
import type { Language } from '@campus/sdk/language';
import type { PackageInfo, ServerVersions } from '@campus/sdk/version-check';
import { versionUrls, type VersionRecord } from '@campus/sdk/version-check-runner';

/** Whose versions: the app code, its service name and its pages root (spec §3, §7). */
export interface VersionSource {
  code: string;
  versionName: string;
  root: string;
}

/** The desktop's app code, its service name and its pages root (spec §3, §7). */
export const DESKTOP_VERSION_SOURCE: VersionSource = {
  code: 'desktop',
  versionName: 'base',
  root: 'pages',
};

/** Package info and release notes a front end carries built in. */
export interface BuiltInVersions {
  package: PackageInfo;
  releases: VersionRecord[];
}

/** Nothing built in: the lines read "unknown" and the list is empty until the files answer. */
const NO_BUILT_IN: BuiltInVersions = {
  package: { name: '', appVersion: '', serverVersion: '', packageDate: '' },
  releases: [],
};

/** What the dialog shows. */
export interface AboutVersions {
  /** Spec §3 package info of this front end. */
  frontend: PackageInfo;
  /** Spec §3 server version reply; null when the endpoint gave none. */
  server: ServerVersions | null;
  /** Spec §3 version records, newest first. */
  releases: VersionRecord[];
}

function isPackageInfo(value: unknown): value is PackageInfo {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.appVersion === 'string' &&
    typeof v.serverVersion === 'string' &&
    typeof v.packageDate === 'string'
  );
}

function isVersionRecord(value: unknown): value is VersionRecord {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.version === 'string' &&
    typeof v.date === 'string' &&
    Array.isArray(v.metto) &&
    v.metto.every(
      (item: unknown) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as Record<string, unknown>).cn === 'string' &&
        typeof (item as Record<string, unknown>).en === 'string',
    )
  );
}

function hasServerData(data: ServerVersions | null | undefined): data is ServerVersions {
  return (
    !!data &&
    [data.serverVersion, data.webCodeVersion].some((v) => typeof v === 'string' && v.trim() !== '')
  );
}

/** Reads a static JSON file; null for any failure (spec §8: these failures are ignored). */
export type FetchJson = (url: string) => Promise<unknown>;

/**
 * Static files are not envelopes, so they are read with `fetch`, as the SDK's version checks
 * read them (spec §7 "no interception").
 */
export const fetchJson: FetchJson = async (url) => {
  try {
    const response = await fetch(url, { credentials: 'same-origin', cache: 'no-cache' });
    return response.ok ? ((await response.json()) as unknown) : null;
  } catch {
    return null;
  }
};

/**
 * The three answers of spec §7, in parallel. A missing or malformed package.json, or a missing
 * version.json, gives the built-in ones; a deployed version.json is used as it is (its valid
 * records, possibly none); a versions endpoint without data gives `server: null`.
 * Never rejects.
 */
export async function loadAboutVersions(deps: {
  http: HttpClient;
  fetchJson?: FetchJson;
  /** Whose versions; the desktop's by default. */
  source?: VersionSource;
  builtIn?: BuiltInVersions;
}): Promise<AboutVersions> {
  const read = deps.fetchJson ?? fetchJson;
  const { code, versionName, root } = deps.source ?? DESKTOP_VERSION_SOURCE;
  const builtIn = deps.builtIn ?? NO_BUILT_IN;
  const urls = versionUrls(root, code, versionName);
  const [pkg, versions, releases] = await Promise.all([
    read(urls.packageJson),
    deps.http
      .get<ServerVersions>(urls.versionsEndpoint, undefined, { noIntercept: true, cacheBust: true })
      .catch((): Envelope<ServerVersions> => ({ status: 500 })),
    read(urls.versionJson),
  ]);
  return {
    frontend: isPackageInfo(pkg) ? pkg : builtIn.package,
    server: versions.status === 200 && hasServerData(versions.data) ? versions.data : null,
    // A deployed version.json wins, even an empty one ('no version info', spec §2).
    releases: Array.isArray(releases) ? releases.filter(isVersionRecord) : builtIn.releases,
  };
}

/** A release's notes in the page language (spec §2: numbered notes in English or Chinese). */
export function releaseNotes(record: VersionRecord, lang: Language): string[] {
  return record.metto.map((item) => (lang === 'en' ? item.en : item.cn));
}
