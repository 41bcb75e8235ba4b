import { resolve } from 'node:path';
import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { type UploadsConfig } from '../config';
import { type Database } from '../db/database';
import { diskObjectStore } from './disk-store';
import { type ObjectStore } from './object-store';
import { s3ObjectStore } from './s3-store';

export { InvalidObjectKey, isObjectKey, type ObjectStore, type StoredObject } from './object-store';
export { ObjectStoreUnavailable } from './s3-store';
export { diskObjectStore, s3ObjectStore };

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files' bytes live (buildApp decorates the app with it; `objectStoreOf`). */
    objectStore?: ObjectStore;
  }
}

/** The store the configuration names (config.ts `uploads`; configRefusals has refused anything else). */
export function openObjectStore(uploads: UploadsConfig): ObjectStore {
  if (uploads.store === 's3') return s3ObjectStore(uploads.s3);
  return diskObjectStore(resolve(uploads.dir));
}

/** The upload store of the app serving this request. */
export function objectStoreOf(request: FastifyRequest): ObjectStore {
  const store = request.server.objectStore;
  if (!store) throw new Error('objectStoreOf(): the app has no object store (buildApp decorates it as objectStore)');
  return store;
}

interface Removal {
  key: string;
  /** Whether a row still names the object, asked of the database once the request's writes committed. */
  stillNamed: (db: Pick<Database, 'query'>) => Promise<boolean>;
}

const removals = new WeakMap<FastifyRequest, Removal[]>();

/**
 * Deletes an object once this request's transaction has committed (the row that named it is
 * gone for good), not before: a write held by its Idempotency-Key commits after its handler
 * returns (http/idempotency.ts), and an object deleted before a rollback would leave a row
 * without its object. If the row is still there when the request ends (it rolled back), the
 * object stays; if the process dies first, the object stays as an orphan, never the reverse.
 */
export function deleteObjectAfterCommit(request: FastifyRequest, key: string, stillNamed: Removal['stillNamed']) {
  const list = removals.get(request) ?? [];
  list.push({ key, stillNamed });
  removals.set(request, list);
}

/**
 * Gives the app its upload store: `objectStoreOf(request)` finds it, and the objects a request
 * let go (`deleteObjectAfterCommit`) are deleted before its answer is sent (onSend runs after
 * `route()` committed the write), so the shopper's next request no longer finds them. A store
 * that fails to delete is logged, not answered: the object is an orphan, the row is gone.
 */
export function attachObjectStore(app: FastifyInstance, store: ObjectStore, db: Pick<Database, 'query'>) {
  app.decorate('objectStore', store);
  app.addHook('onSend', async (request) => {
    const list = removals.get(request);
    if (!list) return;
    removals.delete(request);
    for (const { key, stillNamed } of list) {
      try {
        if (!(await stillNamed(db))) await store.delete(key);
      } catch (error) {
        request.log.warn({ err: error, key, store: store.location }, 'an object let go by this request was not deleted (an orphan now)');
      }
    }
  });
}
