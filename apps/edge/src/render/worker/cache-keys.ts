// The cache keys of one render (docs/adr/048): the API names what each answer shows in a header
// (CACHE_KEYS_HEADER); the worker's fetch gathers those of every call a render makes, whichever
// code made it (the shell's and the remotes' API clients alike), into the render's own set.
import { AsyncLocalStorage } from 'node:async_hooks';
import { CACHE_KEYS_HEADER, parseCacheKeys } from '@eyewear/api-client/cache-keys';

const current = new AsyncLocalStorage<Set<string>>();

/** Wraps this thread's fetch once: an answer's keys go to the render it was asked for. */
export function gatherCacheKeys(): void {
  const plain = globalThis.fetch;
  if ((plain as { gathersKeys?: boolean }).gathersKeys) return;
  const gathering = async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    const answer = await plain(input, init);
    const keys = current.getStore();
    if (keys) for (const key of parseCacheKeys(answer.headers.get(CACHE_KEYS_HEADER))) keys.add(key);
    return answer;
  };
  globalThis.fetch = Object.assign(gathering, { gathersKeys: true }) as typeof fetch;
}

/** Runs a render with a set of its own; resolves with what it gave and the keys its calls named. */
export async function withCacheKeys<T>(render: () => Promise<T>): Promise<{ value: T; keys: string[] }> {
  const keys = new Set<string>();
  const value = await current.run(keys, render);
  return { value, keys: [...keys].sort() };
}
