/**
 * The desktop-client downloads of the download-client dialog (spec §2 Other dialogs: the
 * Windows installer and the portable package). The files are not built here: an operator puts
 * them in the server's CLIENT_DOWNLOADS_DIR (docs/decisions.md), and the server answers which
 * are there with their sizes, so a user knows what they get before the download starts and
 * never meets a link that leads nowhere (issue 10 §4).
 */
import type { ClientDownloads } from '@campus/contracts/client-downloads';
import { clientDownloadEndpoints } from '@campus/contracts/client-downloads';
import type { HttpClient } from '@campus/sdk/http-core';
import { callEndpoint } from '@campus/sdk/endpoint-call';

export type { ClientPackage, ClientPackageKind } from '@campus/contracts/client-downloads';

const MB = 1024 * 1024;

/**
 * A file's size in MB as the dialog shows it: one decimal below 10 MB, whole above, and never
 * 0 for a file that has bytes.
 *
 * @example sizeInMb(90_177_536) // '86'
 * @example sizeInMb(3_145_745) // '3.0'
 */
export function sizeInMb(bytes: number): string {
  const mb = bytes / MB;
  if (mb >= 10) return String(Math.round(mb));
  return (bytes > 0 ? Math.max(mb, 0.1) : 0).toFixed(1);
}

/** What the dialog shows when the call fails: nothing offered, as with none configured. */
export const NO_CLIENT_DOWNLOADS: ClientDownloads = { packages: [], version: null };

/**
 * The packages on offer; none when the call fails (the HTTP client has shown its notice).
 *
 * @example const { packages } = await loadClientDownloads(http);
 */
export async function loadClientDownloads(http: HttpClient): Promise<ClientDownloads> {
  try {
    const answer = await callEndpoint(http, clientDownloadEndpoints.clientDownloads);
    return answer.status === 200 && answer.data ? answer.data : NO_CLIENT_DOWNLOADS;
  } catch {
    return NO_CLIENT_DOWNLOADS;
  }
}
