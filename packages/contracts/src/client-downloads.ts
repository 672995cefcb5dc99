/**
 * The desktop client's downloads (spec §2 Other dialogs: "Download-client dialog: Windows
 * installer and portable package"). An operator drops the two files into the server's
 * CLIENT_DOWNLOADS_DIR under the fixed names below; the server answers which of them are there,
 * with their sizes read from the files, and serves them. Nothing there: the dialog says so
 * instead of offering links that lead nowhere (issue 10 §4, docs/decisions.md).
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

export const ClientPackageSchema = Type.Object({
  kind: Type.Union([Type.Literal('installer'), Type.Literal('portable')]),
  /** The download address (same origin). */
  href: Type.String(),
  /** The name the browser saves. */
  fileName: Type.String(),
  /** The file's size in bytes, read from the file when asked. */
  size: Type.Integer({ minimum: 0 }),
});
export type ClientPackage = Static<typeof ClientPackageSchema>;

export const ClientDownloadsSchema = Type.Object({
  /** The packages that are there, installer first; empty when none is configured. */
  packages: Type.Array(ClientPackageSchema),
  /** The version of `version.txt`, or null. */
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
