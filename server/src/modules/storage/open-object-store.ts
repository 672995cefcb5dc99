/**
 * The object store named by the configuration (DESIGN.md §7 "Stores"): `FILE_STORE` is a folder
 * (the default, `DATA_DIR/files`) or an S3-compatible bucket (`s3://bucket[/prefix]` with the
 * S3_* variables). The server and the admin CLI open it the same way.
 */
import type { FileStoreLocation } from '../../config.ts';
import { DiskObjectStore, type ObjectStore } from './object-store.ts';
import { S3ObjectStore, type S3ObjectStoreOptions } from './s3-object-store.ts';

export interface OpenObjectStoreOptions {
  /** A bucket's local scratch folder, instead of the configuration's (DATA_DIR/tmp). */
  scratchDir?: string;
  /** A bucket's upload tuning (tests make the multipart threshold small). */
  s3?: Omit<S3ObjectStoreOptions, 'scratchDir'>;
}

export function openObjectStore(
  location: FileStoreLocation,
  options: OpenObjectStoreOptions = {},
): ObjectStore {
  switch (location.kind) {
    case 'disk':
      return new DiskObjectStore(location.root);
    case 's3': {
      const { kind: _kind, scratchDir, ...bucket } = location;
      return new S3ObjectStore(bucket, {
        ...options.s3,
        scratchDir: options.scratchDir ?? scratchDir,
      });
    }
  }
}
