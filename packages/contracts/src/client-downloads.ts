/**
 * The desktop client's downloads (spec §2 Other dialogs: "Download-client dialog: Windows
 * installer and portable package"). An operator drops the two files into the server's
 * CLIENT_DOWNLOADS_DIR under the fixed names below, or a unit's administrator gives a package's
 * address (the admin CLI's `set-client-url`, checked by `clientPackageUrlProblem` below); the
 * server answers what each unit is offered: the unit's address first, else the folder's file
 * with its size read from the file. Nothing for either: the dialog says so instead of offering
 * links that lead nowhere (issue 10 §4, docs/decisions.md).
 */
import { Type, type Static } from 'typebox';
import { defineEndpoint, endpointPath } from './endpoint.ts';

/** The two packages of spec §2, in the order the dialog lists them. */
export const CLIENT_PACKAGE_KINDS = ['installer', 'portable'] as const;
export type ClientPackageKind = (typeof CLIENT_PACKAGE_KINDS)[number];

/**
 * The file name of each package, fixed by its kind: the only names the download route takes,
 * so no request can name another file (no path traversal), and the name a browser saves.
 */
export const CLIENT_PACKAGE_FILES = {
  installer: 'CampusDesktop-Setup-x64.exe',
  portable: 'CampusDesktop-x64-portable.zip',
} as const satisfies Record<ClientPackageKind, string>;
export type ClientPackageFile = (typeof CLIENT_PACKAGE_FILES)[ClientPackageKind];

/**
 * The optional one-line file beside the packages that states their version (e.g. `1.6.0`).
 * Absent or malformed: the dialog shows the sizes without a version.
 */
export const CLIENT_VERSION_FILE = 'version.txt';
/** What a version may look like: digits, letters, dots and dashes, up to 32 characters. */
export const CLIENT_VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,31}$/;

const ClientPackageKindSchema = Type.Union([Type.Literal('installer'), Type.Literal('portable')]);

/** A package of CLIENT_DOWNLOADS_DIR, served by this server. */
export const ClientFilePackageSchema = Type.Object({
  kind: ClientPackageKindSchema,
  /** The download address (same origin). */
  href: Type.String(),
  /** The name the browser saves. */
  fileName: Type.String(),
  /** The file's size in bytes, read from the file when asked. */
  size: Type.Integer({ minimum: 0 }),
});
export type ClientFilePackage = Static<typeof ClientFilePackageSchema>;

/**
 * A package at the address the unit's administrator gave: no size and no file name, since the
 * server does not fetch another site to learn them.
 */
export const ClientUrlPackageSchema = Type.Object({
  kind: ClientPackageKindSchema,
  /** The unit's absolute http(s) address, as `clientPackageUrl` accepts it. */
  url: Type.String(),
});
export type ClientUrlPackage = Static<typeof ClientUrlPackageSchema>;

/** One package on offer: a file of this server (`href`, `size`) or the unit's address (`url`). */
export const ClientPackageSchema = Type.Union([ClientFilePackageSchema, ClientUrlPackageSchema]);
export type ClientPackage = Static<typeof ClientPackageSchema>;

export const ClientDownloadsSchema = Type.Object({
  /** The packages on offer, installer first; empty when none is configured. */
  packages: Type.Array(ClientPackageSchema),
  /** The version of `version.txt` when a file of the folder is offered, else null. */
  version: Type.Union([Type.String(), Type.Null()]),
});
export type ClientDownloads = Static<typeof ClientDownloadsSchema>;

export const ClientDownloadParamsSchema = Type.Object({
  // Spelled out: a mapped union loses the literal types (Static would be `never`).
  file: Type.Union([
    Type.Literal('CampusDesktop-Setup-x64.exe'),
    Type.Literal('CampusDesktop-x64-portable.zip'),
  ]),
});
export type ClientDownloadParams = Static<typeof ClientDownloadParamsSchema>;

const tag = 'desktop';

export const clientDownloadEndpoints = {
  clientDownloads: defineEndpoint({
    method: 'GET',
    path: '/api/base/desktop/client_downloads',
    tag,
    access: 'session',
    summary:
      'The desktop client packages available for download, with their sizes (spec §2 download-client dialog)',
    data: ClientDownloadsSchema,
  }),
  // Public, as an installer link is shared by e-mail or on a notice: the files are the same
  // for everyone and hold nothing of a unit (docs/decisions.md).
  clientDownload: defineEndpoint({
    method: 'GET',
    path: '/downloads/:file',
    tag,
    access: 'public',
    summary: 'One desktop client package, by its fixed file name (spec §2 download-client dialog)',
    params: ClientDownloadParamsSchema,
  }),
} as const;

/**
 * The download address of a package.
 *
 * @example clientDownloadUrl('installer') // '/downloads/CampusDesktop-Setup-x64.exe'
 */
export function clientDownloadUrl(kind: ClientPackageKind): string {
  return endpointPath(clientDownloadEndpoints.clientDownload, { file: CLIENT_PACKAGE_FILES[kind] });
}

/** The longest package address a unit may give (a browser's practical limit). */
export const CLIENT_PACKAGE_URL_MAX_LENGTH = 2048;

/** Why an address cannot be a package's address. */
export type ClientPackageUrlProblem = 'length' | 'control' | 'notHttp' | 'credentials';

// Control characters (C0, DEL, C1) and the space: the URL parser silently drops tabs and line
// breaks (`java\tscript:`) and trims the rest, so what was typed would not be what is stored.
// eslint-disable-next-line no-control-regex -- control characters are what is refused
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f]/;
// Spelled out in full, so `http:host` and `http:\\host`, which the parser would take, are refused.
const ABSOLUTE_HTTP = /^https?:\/\/[^/\\]/i;

/**
 * Why `value` is not an address a unit's package may have: at most
 * CLIENT_PACKAGE_URL_MAX_LENGTH characters, no control character or space, an absolute
 * `http://` or `https://` URL with a host (so neither `javascript:` nor a relative path), and no
 * user name or password in it (the dialog would show them to every user). Null when it is fine.
 *
 * @example clientPackageUrlProblem('https://dl.example.edu/CampusDesktop.exe') // null
 * @example clientPackageUrlProblem('javascript:alert(1)') // 'notHttp'
 * @example clientPackageUrlProblem('/downloads/x.exe') // 'notHttp'
 */
export function clientPackageUrlProblem(value: string): ClientPackageUrlProblem | null {
  if (value.length > CLIENT_PACKAGE_URL_MAX_LENGTH) return 'length';
  if (CONTROL_OR_SPACE.test(value)) return 'control';
  if (!ABSOLUTE_HTTP.test(value)) return 'notHttp';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'notHttp';
  }
  if (url.username || url.password) return 'credentials';
  // The parser's form (punycode, percent-encoding) is what is stored; it may be longer.
  return url.href.length > CLIENT_PACKAGE_URL_MAX_LENGTH ? 'length' : null;
}

/**
 * The address as stored and answered (the URL parser's form), or null when the rule refuses
 * it: the one check for what the administrator types and for what the database holds.
 *
 * @example clientPackageUrl('HTTPS://Dl.Example.edu/x.exe') // 'https://dl.example.edu/x.exe'
 * @example clientPackageUrl('javascript:alert(1)') // null
 */
export function clientPackageUrl(value: string | null | undefined): string | null {
  if (!value || clientPackageUrlProblem(value) !== null) return null;
  return new URL(value).href;
}
