/**
 * Where uploaded files' bytes live (issue 38, docs/adr/044): an object store behind one small
 * interface, so the database keeps what a file is (owner, type, size, hash, key) and the store
 * keeps its bytes. Two adapters: files on disk (`disk-store.ts`, local mode's default) and any
 * S3 API (`s3-store.ts`, AWS S3 or an S3-compatible server). `index.ts` picks one from the
 * configuration (config.ts `uploads`).
 */
export interface StoredObject {
  data: Buffer;
  contentType: string;
}

export interface ObjectStore {
  /** `disk` or `s3`, for logs and tests. */
  readonly kind: 'disk' | 's3';
  /** Where the objects go (a folder, or s3://bucket/prefix), for logs; never a credential. */
  readonly location: string;
  /** Writes the object whole: a reader sees it complete or not at all. The same key again replaces it. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under that key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; a key with no object is not an error (a delete may be repeated). */
  delete(key: string): Promise<void>;
}

/** A key is refused before any adapter touches the disk or the network. */
export class InvalidObjectKey extends Error {
  constructor(key: string) {
    super(`Not an object key: ${JSON.stringify(key.length > 80 ? `${key.slice(0, 80)}...` : key)}`);
    this.name = 'InvalidObjectKey';
  }
}

/**
 * What a key may be, in every adapter (so a key means the same on disk and in a bucket):
 * segments of letters, digits, `.`, `_` and `-` joined by `/`, each starting with a letter or a
 * digit (so no `.`, `..`, hidden name or empty segment), at most 512 characters. A key therefore
 * never leaves the disk store's folder, never names its own bookkeeping (which starts with a
 * dot), and needs no escaping in a URL.
 */
const SEGMENT = '[A-Za-z0-9][A-Za-z0-9._-]*';
const KEY = new RegExp(`^${SEGMENT}(?:/${SEGMENT})*$`);
export const MAX_KEY_LENGTH = 512;

export function isObjectKey(key: unknown): key is string {
  return typeof key === 'string' && key.length > 0 && key.length <= MAX_KEY_LENGTH && KEY.test(key);
}

export function checkKey(key: string): string {
  if (!isObjectKey(key)) throw new InvalidObjectKey(String(key));
  return key;
}
