import { apiMetrics } from '../observability/metrics';
import type { Database } from './database';

export type CachedRead = <T>(key: string, tables: readonly string[], compute: () => Promise<T>) => Promise<T>;

/**
 * A cache of read results that are the same for every shopper (a listing page, a product),
 * kept while none of the tables they read has been written since (`Database.writeVersion`).
 * Concurrent reads of one key share one computation. Least recently used entries go first
 * beyond `max`. Values are shared between requests: callers never mutate them.
 */
export function createReadCache(
  db: Pick<Database, 'writeVersion' | 'watchWrites'>,
  { max = 2000, tables: watched }: { max?: number; tables: readonly string[] },
): CachedRead {
  // Registered when the routes are made, so every API instance reports writes to these tables,
  // including one that has not served a cached read yet.
  db.watchWrites(watched);
  const entries = new Map<string, { version: string; value: Promise<unknown> }>();
  const metrics = apiMetrics();
  return async <T>(key: string, tables: readonly string[], compute: () => Promise<T>): Promise<T> => {
    const unwatched = tables.filter((table) => !watched.includes(table));
    if (unwatched.length > 0) throw new Error(`read cache: ${unwatched.join(', ')} not among the tables it was made for`);
    const version = await db.writeVersion(tables);
    const hit = entries.get(key);
    entries.delete(key);
    // Counted by the key's first word (product, listing, category: the code's, never a shopper's).
    const space = key.indexOf(' ');
    const name = space > 0 ? key.slice(0, space) : 'other';
    if (hit && hit.version === version) {
      metrics.readCache(name, true);
      entries.set(key, hit);
      return hit.value as Promise<T>;
    }
    metrics.readCache(name, false);
    const value = compute();
    entries.set(key, { version, value });
    // A failed read is not kept: the next request tries again.
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    if (entries.size > max) entries.delete(entries.keys().next().value!);
    return value;
  };
}
