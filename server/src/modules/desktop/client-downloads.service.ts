/**
 * The desktop client's downloads (spec §2 Other dialogs: the Windows installer and the portable
 * package). The operator drops the packages into CLIENT_DOWNLOADS_DIR under the fixed names of
 * contracts' client-downloads.ts; the folder is read at request time, so a new release needs no
 * restart, and the sizes are the files' own. A unit's administrator may give a package's
 * address instead (the unit's desktop settings, issue 10 §4): for that unit it wins over the
 * folder's file, and is offered without a size, as the server does not fetch another site.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  CLIENT_PACKAGE_FILES,
  CLIENT_PACKAGE_KINDS,
  CLIENT_VERSION_FILE,
  CLIENT_VERSION_PATTERN,
  clientDownloadUrl,
  type ClientDownloads,
  type ClientPackage,
  type ClientPackageFile,
} from '@campus/contracts/client-downloads';
import type { UnitSettingsService } from './unit-settings.service.ts';

/** One package ready to be sent. */
export interface ClientPackageFileRecord {
  fileName: ClientPackageFile;
  path: string;
  size: number;
}

/** A version file longer than this is no one-line version. */
const VERSION_FILE_LIMIT = 256;

export class ClientDownloadsService {
  constructor(
    private readonly dir: string,
    private readonly unitSettings: Pick<UnitSettingsService, 'clientPackageUrls'>,
  ) {}

  /**
   * What the unit's users are offered, installer first: per package the unit's address, else
   * the folder's file with its size; the stated version when a file of the folder is offered
   * (it describes those files, not another site's).
   */
  async available(unitId: string): Promise<ClientDownloads> {
    const urls = await this.unitSettings.clientPackageUrls(unitId);
    const packages: ClientPackage[] = [];
    let files = 0;
    for (const kind of CLIENT_PACKAGE_KINDS) {
      const url = urls[kind];
      if (url !== null) {
        packages.push({ kind, url });
        continue;
      }
      const file = await this.file(CLIENT_PACKAGE_FILES[kind]);
      if (file) {
        files += 1;
        packages.push({
          kind,
          href: clientDownloadUrl(kind),
          fileName: file.fileName,
          size: file.size,
        });
      }
    }
    return { packages, version: files > 0 ? await this.version() : null };
  }

  /**
   * The package of that fixed name, or null when the operator has not put it there. Only the
   * two names of the contract reach here (the route's schema takes no other), and the path is
   * checked to stay inside the folder all the same.
   */
  async file(fileName: ClientPackageFile): Promise<ClientPackageFileRecord | null> {
    if (!(Object.values(CLIENT_PACKAGE_FILES) as string[]).includes(fileName)) return null;
    const root = path.resolve(this.dir);
    const full = path.resolve(root, fileName);
    if (path.dirname(full) !== root) return null;
    try {
      const stat = await fs.promises.stat(full);
      return stat.isFile() ? { fileName, path: full, size: stat.size } : null;
    } catch {
      return null;
    }
  }

  /** The one-line version of `version.txt`, or null when it is missing or malformed. */
  private async version(): Promise<string | null> {
    try {
      const handle = await fs.promises.open(path.join(this.dir, CLIENT_VERSION_FILE), 'r');
      try {
        const buffer = Buffer.alloc(VERSION_FILE_LIMIT);
        const { bytesRead } = await handle.read(buffer, 0, VERSION_FILE_LIMIT, 0);
        const text = buffer.subarray(0, bytesRead).toString('utf8').trim();
        return CLIENT_VERSION_PATTERN.test(text) ? text : null;
      } finally {
        await handle.close();
      }
    } catch {
      return null;
    }
  }
}
