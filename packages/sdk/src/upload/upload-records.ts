/**
 * Where an upload in progress is remembered across a closed tab or browser (issue 11 §2 "resume
 * after the tab or browser is closed"): one record per file fingerprint (name, size,
 * lastModified) in IndexedDB, holding the md5 once it is known. Picking the same file again
 * skips the hashing, and `block_upload_check` then tells which chunks the server already has,
 * so only the missing ones are sent. A record goes when its upload completes or is cancelled.
 *
 * The records are a cache: any IndexedDB failure (a private window, a full disk, a blocked
 * upgrade) makes the store answer "nothing remembered", and the upload simply hashes again.
 */

/** What is remembered of one upload. */
export interface UploadRecord {
  /** `fileFingerprint(file)`. */
  key: string;
  name: string;
  size: number;
  lastModified: number;
  md5: string;
  /** The chunk size the upload started with: a resumed upload must cut the same chunks. */
  chunkBytes: number;
  chunks: number;
  /** Epoch milliseconds of the last change. */
  updatedAt: number;
}

/** The record store the uploader uses (IndexedDB in a browser; a Map in tests). */
export interface UploadRecordStore {
  get: (key: string) => Promise<UploadRecord | undefined>;
  put: (record: UploadRecord) => Promise<void>;
  delete: (key: string) => Promise<void>;
}

/** A file as far as its fingerprint goes. */
export interface FingerprintSource {
  name: string;
  size: number;
  lastModified: number;
}

/**
 * The key of a file's record: the same file picked again (same name, size and modification
 * time) gets the same key. The md5 inside the record then confirms the content at merge time.
 *
 * @example fileFingerprint({ name: 'a.mp4', size: 10, lastModified: 1 }); // '["a.mp4",10,1]'
 */
export function fileFingerprint(file: FingerprintSource): string {
  return JSON.stringify([file.name, file.size, file.lastModified]);
}

/** A record older than this is forgotten (its chunks are long gone from the server too). */
export const UPLOAD_RECORD_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const STORE = 'uploads';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/**
 * The records in IndexedDB (database `campus-uploads`, one object store keyed by fingerprint).
 *
 * @example
 * const uploader = createUploader({ http, appCode: 'cms', records: indexedDbUploadRecords() });
 */
export function indexedDbUploadRecords(
  options: {
    /** The IndexedDB factory; the page's `indexedDB` by default (tests pass fake-indexeddb's). */
    factory?: IDBFactory;
    dbName?: string;
    maxAgeMs?: number;
    now?: () => number;
  } = {},
): UploadRecordStore {
  const dbName = options.dbName ?? 'campus-uploads';
  const maxAgeMs = options.maxAgeMs ?? UPLOAD_RECORD_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  let opened: Promise<IDBDatabase> | null = null;
  const open = (): Promise<IDBDatabase> => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const factory = options.factory ?? globalThis.indexedDB;
      if (!factory) {
        reject(new Error('IndexedDB is not available'));
        return;
      }
      const req = factory.open(dbName, 1);
      req.onupgradeneeded = () => {
        if (!req.result.objectStoreNames.contains(STORE)) {
          req.result.createObjectStore(STORE, { keyPath: 'key' });
        }
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB open failed'));
      req.onblocked = () => reject(new Error('IndexedDB open blocked'));
    });
    // A failed open is tried again next time rather than remembered.
    opened.catch(() => {
      opened = null;
    });
    return opened;
  };
  const withStore = async <T>(
    mode: IDBTransactionMode,
    action: (store: IDBObjectStore) => IDBRequest<T>,
  ): Promise<T> => {
    const db = await open();
    const tx = db.transaction(STORE, mode);
    const result = await request(action(tx.objectStore(STORE)));
    if (mode === 'readwrite') {
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
        tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
      });
    }
    return result;
  };
  const remove = async (key: string): Promise<void> => {
    try {
      await withStore('readwrite', (store) => store.delete(key));
    } catch {
      // A record that cannot be removed is forgotten by age.
    }
  };
  return {
    async get(key) {
      let record: UploadRecord | undefined;
      try {
        record = (await withStore('readonly', (store) => store.get(key))) as
          UploadRecord | undefined;
      } catch {
        return undefined;
      }
      if (record && now() - record.updatedAt > maxAgeMs) {
        await remove(key);
        return undefined;
      }
      return record;
    },
    async put(record) {
      try {
        await withStore('readwrite', (store) => store.put(record));
      } catch {
        // Not remembered: a later pick of the file hashes it again.
      }
    },
    delete: remove,
  };
}

/** Records kept in memory for the page's lifetime (tests, or a page without IndexedDB). */
export function memoryUploadRecords(): UploadRecordStore & { records: Map<string, UploadRecord> } {
  const records = new Map<string, UploadRecord>();
  return {
    records,
    get: async (key) => records.get(key),
    put: async (record) => void records.set(record.key, { ...record }),
    delete: async (key) => void records.delete(key),
  };
}
