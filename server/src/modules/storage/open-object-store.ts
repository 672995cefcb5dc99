/**
 * The object store named by the configuration (DESIGN.md §7 "Stores"): `FILE_STORE` is a folder
 * (the default, `DATA_DIR/files`). The server and the admin CLI open it the same way.
 */
import { DiskObjectStore, type ObjectStore } from './object-store.ts';

export function openObjectStore(location: string): ObjectStore {
  return new DiskObjectStore(location);
}
