import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { checkKey, InvalidObjectKey, type ObjectStore, type StoredObject } from './object-store';

/** Beside the objects, the content type of each (`.meta/<key>.type`): a key never starts with a dot, so it cannot collide. */
const META = '.meta';

const missing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/**
 * Writes a file so a reader sees the old one or the new one, never half of one: a temporary file
 * in the same folder (a dot name, which no key has), flushed to the disk, then renamed over the
 * final name (a rename within one file system is atomic).
 */
async function writeAtomic(file: string, data: Buffer | string) {
  await mkdir(dirname(file), { recursive: true });
  const temp = join(dirname(file), `.${randomBytes(6).toString('hex')}.${process.pid}.tmp`);
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * Objects as files under one folder (local mode's store: `UPLOADS_DIR`, else `DATA_DIR/uploads`).
 * One process, or several on one machine, share it; replicas on several machines do not, so
 * production mode refuses it unless the folder is a volume every replica mounts
 * (UPLOADS_DISK_SHARED, config.ts). Files are written atomically and readable by this user only.
 */
export function diskObjectStore(folder: string): ObjectStore {
  const root = resolve(folder);
  const inside = (base: string, key: string, suffix = '') => {
    const file = resolve(base, ...checkKey(key).split('/')) + suffix;
    // checkKey already keeps a key inside; this is the second lock on the same door.
    if (!file.startsWith(base + sep)) throw new InvalidObjectKey(key);
    return file;
  };
  const dataFile = (key: string) => inside(root, key);
  const typeFile = (key: string) => inside(join(root, META), key, '.type');

  return {
    kind: 'disk',
    location: root,
    async put(key, data, contentType) {
      const file = dataFile(key);
      const type = typeFile(key);
      // The type first: once the bytes are in place the object is whole.
      await writeAtomic(type, contentType);
      await writeAtomic(file, data);
    },
    async get(key): Promise<StoredObject | null> {
      const file = dataFile(key);
      let data: Buffer;
      try {
        data = await readFile(file);
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
      let contentType = 'application/octet-stream';
      try {
        contentType = (await readFile(typeFile(key), 'utf8')).trim() || contentType;
      } catch (error) {
        if (!missing(error)) throw error;
      }
      return { data, contentType };
    },
    async delete(key) {
      const file = dataFile(key);
      const type = typeFile(key);
      // The bytes first: an object without them is gone, whatever is left of its type.
      await rm(file, { force: true });
      await rm(type, { force: true });
    },
  };
}
