import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AppIconVariant, FileDescriptor } from '@campus/contracts/storage';
import { lastExtension } from '@campus/contracts/upload-rules';
import { forbidden, notFound } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { AppCatalogueService } from '../base/app-catalogue.service.ts';
import type { BaseService } from '../base/base.service.ts';
import type { DirectoryService } from '../uaa/directory.service.ts';
import type { SessionUser } from '../uaa/session.service.ts';
import { renderAppIcon } from './app-icon.ts';
import { isImageOfType } from './image-signature.ts';
import type { FileStore, StoredFile } from './file-store.ts';
import type { ByteRange } from './object-store.ts';
import type { FileRecord, StorageRepository } from './storage.repository.ts';
import { toFileDescriptor } from './upload.service.ts';

export interface AppIconImage {
  mime: string;
  bytes: Buffer;
  /** Content hash, used as the ETag. */
  sha256: string;
  /** An uploaded image (issue 13 §2) rather than the drawn icon. */
  uploaded: boolean;
}

/** The raster kinds an uploaded app icon may be, by media type and file signature. */
const ICON_KINDS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
};
/** An icon is drawn at 96 px; 512 KiB is room for any sane picture of that size. */
export const APP_ICON_MAX_BYTES = 512 * 1024;

/** Why an uploaded file cannot be an app icon. */
export type IconFileProblem = 'notYours' | 'notImage' | 'tooLarge';

/**
 * What a feature that owns files answers when asked whether a user may read one of them
 * (DESIGN.md §7 "whoever the owning feature grants"): true grants it, false says nothing.
 * It is asked only about files the uploader rule and the unit-admin rule did not allow.
 */
export type ReadGrant = (fileId: string, user: SessionUser) => Promise<boolean>;

const FILE_NOT_FOUND = bilingual('文件不存在', 'File not found');
const MAY_NOT_READ = bilingual('没有权限查看此文件', 'You may not read this file');

export class StorageService {
  private readonly grants = new Map<string, ReadGrant>();

  constructor(
    private readonly files: FileStore,
    /** Units (and their logo's file) are the uaa's, apps the base platform's. */
    private readonly units: Pick<DirectoryService, 'findUnit'>,
    private readonly catalogue: Pick<AppCatalogueService, 'findApp' | 'iconFileOf'>,
    /** Spec §6: admin status is the base app's role check; unit admins read their unit's files. */
    private readonly admins: Pick<BaseService, 'isBaseAdmin'>,
    private readonly repository: Pick<StorageRepository, 'findFiles'>,
  ) {}

  /**
   * The descriptors of those files the user uploaded in their unit (a feature that attaches
   * files, such as a notice, accepts only the publisher's own uploads).
   */
  async uploadedBy(
    user: SessionUser,
    fileIds: readonly string[],
  ): Promise<Map<string, FileDescriptor>> {
    const files = await this.repository.findFiles(fileIds);
    return new Map(
      files
        .filter((file) => file.uploadedBy === user.userId && file.unitId === user.unitId)
        .map((file) => [file.id, toFileDescriptor(file)]),
    );
  }

  /** The descriptors of the files that exist. */
  async describe(fileIds: readonly string[]): Promise<Map<string, FileDescriptor>> {
    const files = await this.repository.findFiles(fileIds);
    return new Map(files.map((file) => [file.id, toFileDescriptor(file)]));
  }

  /** The unit's logo, or null when the unit is unknown or has none. */
  async unitLogo(unitId: string): Promise<StoredFile | null> {
    const fileId = (await this.units.findUnit(unitId))?.logoFileId;
    if (!fileId) return null;
    return this.files.get(fileId);
  }

  /**
   * Whether a file may become a unit's logo (issue 13 §2: the logo is uploaded through the file
   * service, then named by its id): the caller's own upload, at most `maxBytes`, whose bytes are
   * an image of the kind its name says (spec §5 image kinds, by signature: a page or a script
   * renamed `.png` is refused, and the logo route serves what is stored). Answers the file, or
   * why not.
   */
  async logoCandidate(
    user: SessionUser,
    fileId: string,
    maxBytes: number,
  ): Promise<FileRecord | 'notFound' | 'tooLarge' | 'notImage'> {
    const file = await this.files.describe(fileId);
    if (!file || file.uploadedBy !== user.userId) return 'notFound';
    if (file.size > maxBytes) return 'tooLarge';
    const stored = await this.files.get(file.id);
    if (!stored || !isImageOfType(stored.bytes, lastExtension(file.name))) return 'notImage';
    return file;
  }

  /**
   * The app's icon for one theme variant: the image an administrator uploaded for it (issue 13
   * §2), else drawn from its name and colour; null for an unknown app.
   */
  async appIcon(code: string, variant: AppIconVariant): Promise<AppIconImage | null> {
    const app = await this.catalogue.findApp(code);
    if (!app) return null;
    const fileId = await this.catalogue.iconFileOf(code, variant);
    const uploaded = fileId ? await this.files.get(fileId) : null;
    if (uploaded) return { ...uploaded, uploaded: true };
    const svg = Buffer.from(renderAppIcon(app, variant));
    return {
      mime: 'image/svg+xml',
      bytes: svg,
      sha256: createHash('sha256').update(svg).digest('hex'),
      uploaded: false,
    };
  }

  /**
   * Whether a file may become an app icon: the caller's own upload in their unit, a PNG, JPEG
   * or GIF by its signature (never an SVG, which could hold script), at most
   * {@link APP_ICON_MAX_BYTES}. Null when it may.
   */
  async iconFileProblem(user: SessionUser, fileId: string): Promise<IconFileProblem | null> {
    const own = (await this.uploadedBy(user, [fileId])).has(fileId);
    if (!own) return 'notYours';
    const file = await this.files.describe(fileId);
    const kind = file ? ICON_KINDS[file.mime] : undefined;
    if (!file || !kind) return 'notImage';
    if (file.size > APP_ICON_MAX_BYTES) return 'tooLarge';
    const stored = await this.files.get(fileId);
    return stored && isImageOfType(stored.bytes, kind) ? null : 'notImage';
  }

  /**
   * Lets a feature that owns files grant reading them (DESIGN.md §7), once per feature, when
   * the server is built (app.ts). The cms, say, lets the readers of a notice download its
   * attachments:
   *
   * @example
   * storage.registerReadGrant('cms', (fileId, user) => cms.mayReadAttachment(fileId, user));
   */
  registerReadGrant(feature: string, grant: ReadGrant): void {
    if (this.grants.has(feature)) throw new Error(`A read grant for ${feature} exists already`);
    this.grants.set(feature, grant);
  }

  /**
   * The file a user asked to download, when they may read it (DESIGN.md §7): its uploader,
   * an admin of the unit it was uploaded in, or whoever a feature's grant allows. Anyone else
   * gets the envelope's 403 and never the bytes; an unknown id (or a lost blob) 404.
   */
  async readableFile(fileId: string, user: SessionUser): Promise<FileRecord> {
    const file = await this.files.describe(fileId);
    if (!file) throw notFound(FILE_NOT_FOUND);
    if (!(await this.mayRead(file, user))) throw forbidden(MAY_NOT_READ);
    return file;
  }

  /**
   * A stream of the bytes of a file {@link readableFile} answered (of `range` of them, when
   * given); 404 when the blob is lost.
   */
  async streamOf(file: FileRecord, range?: ByteRange): Promise<Readable> {
    const stream = await this.files.openBlob(file, range);
    if (!stream) throw notFound(FILE_NOT_FOUND);
    return stream;
  }

  private async mayRead(file: FileRecord, user: SessionUser): Promise<boolean> {
    if (file.uploadedBy !== null && file.uploadedBy === user.userId) return true;
    if (
      file.unitId !== null &&
      file.unitId === user.unitId &&
      (await this.admins.isBaseAdmin(user, user.userId))
    )
      return true;
    for (const grant of this.grants.values()) {
      if (await grant(file.id, user)) return true;
    }
    return false;
  }
}
