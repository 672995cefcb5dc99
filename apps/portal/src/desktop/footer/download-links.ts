/**
 * The desktop-client downloads of the download-client dialog (spec §2 Other dialogs: the
 * Windows installer and the portable package). The files are not built here: an operator puts
 * them under /downloads/ on the server (docs/decisions.md); version and size are stated with
 * the links so a user knows what they get before the download starts.
 */

export type ClientPackageKind = 'installer' | 'portable';

export interface ClientPackage {
  kind: ClientPackageKind;
  /** A same-origin path; the file name the browser saves is the last segment. */
  href: string;
  version: string;
  /** Size in MB, as shown beside the link. */
  sizeMb: number;
}

/** The desktop client's version these links serve. */
export const DESKTOP_CLIENT_VERSION = '1.6.0';

export const CLIENT_PACKAGES: readonly ClientPackage[] = [
  {
    kind: 'installer',
    href: `/downloads/CampusDesktop-Setup-${DESKTOP_CLIENT_VERSION}-x64.exe`,
    version: DESKTOP_CLIENT_VERSION,
    sizeMb: 86,
  },
  {
    kind: 'portable',
    href: `/downloads/CampusDesktop-${DESKTOP_CLIENT_VERSION}-x64-portable.zip`,
    version: DESKTOP_CLIENT_VERSION,
    sizeMb: 92,
  },
];
