import { createHash } from 'node:crypto';
import type { AppIconVariant } from '@campus/contracts/storage';
import type { AppCatalogueService } from '../base/app-catalogue.service.ts';
import type { DirectoryService } from '../uaa/directory.service.ts';
import { renderAppIcon } from './app-icon.ts';
import type { FileStore, StoredFile } from './file-store.ts';

export interface AppIconImage {
  svg: string;
  /** Content hash, used as the ETag. */
  sha256: string;
}

export class StorageService {
  constructor(
    private readonly files: FileStore,
    /** Units (and their logo's file) are the uaa's, apps the base platform's. */
    private readonly units: Pick<DirectoryService, 'findUnit'>,
    private readonly catalogue: Pick<AppCatalogueService, 'findApp'>,
  ) {}

  /** The unit's logo, or null when the unit is unknown or has none. */
  async unitLogo(unitId: string): Promise<StoredFile | null> {
    const fileId = (await this.units.findUnit(unitId))?.logoFileId;
    if (!fileId) return null;
    return this.files.get(fileId);
  }

  /** The app's icon drawn for one theme variant, or null for an unknown app. */
  async appIcon(code: string, variant: AppIconVariant): Promise<AppIconImage | null> {
    const app = await this.catalogue.findApp(code);
    if (!app) return null;
    const svg = renderAppIcon(app, variant);
    return { svg, sha256: createHash('sha256').update(svg).digest('hex') };
  }
}
