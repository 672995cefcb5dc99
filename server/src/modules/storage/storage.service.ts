import { createHash } from 'node:crypto';
import type { AppIconVariant } from '@campus/contracts/storage';
import { renderAppIcon } from './app-icon.ts';
import type { FileStore, StoredFile } from './file-store.ts';
import type { StorageRepository } from './storage.repository.ts';

export interface AppIconImage {
  svg: string;
  /** Content hash, used as the ETag. */
  sha256: string;
}

export class StorageService {
  constructor(
    private readonly repository: StorageRepository,
    private readonly files: FileStore,
  ) {}

  /** The unit's logo, or null when the unit is unknown or has none. */
  async unitLogo(unitId: string): Promise<StoredFile | null> {
    const fileId = await this.repository.findUnitLogoFileId(unitId);
    if (!fileId) return null;
    return this.files.get(fileId);
  }

  /** The app's icon drawn for one theme variant, or null for an unknown app. */
  async appIcon(code: string, variant: AppIconVariant): Promise<AppIconImage | null> {
    const app = await this.repository.findAppIconSource(code);
    if (!app) return null;
    const svg = renderAppIcon(app, variant);
    return { svg, sha256: createHash('sha256').update(svg).digest('hex') };
  }
}
