/** A least-recently-used cache of at most `max` entries, each kept for `ttlMs`. */
export interface Lru<V> {
  /** The value, or undefined when there is none or it has expired (then it is dropped). */
  get(key: string): V | undefined;
  /** Keeps the value (the most recently used), dropping the least recently used past `max`. */
  set(key: string, value: V): void;
  readonly size: number;
}

/** A Map used as a least-recently-used cache of at most `max` entries, each for `ttlMs`. */
export function createLru<V>(max: number, ttlMs: number, now: () => number): Lru<V> {
  const entries = new Map<string, { value: V; expires: number }>();
  return {
    get(key) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      entries.delete(key);
      if (hit.expires <= now()) return undefined;
      entries.set(key, hit);
      return hit.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expires: now() + ttlMs });
      while (entries.size > max) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
