// The shared cache's purge adapter (docs/adr/048): how the edge tells the cache in front of it to
// drop the pages of some cache keys. CDN_PURGE names the kind; deploy/README.md has each one's setup.
//   none     no shared cache (the default): nothing to tell.
//   varnish  `PURGE /` with `xkey-purge: k1 k2` to each of CDN_PURGE_URLS (Varnish with xkey,
//            deploy/varnish); the VCL lets only its purgers' addresses do it.
//   fastly   `POST` to each of CDN_PURGE_URLS (https://api.fastly.com/service/<id>/purge) with
//            `Surrogate-Key: k1 k2` and the API token CDN_PURGE_TOKEN as `Fastly-Key`.

/** Keys per purge request: a header a cache takes (Varnish's default limit is 8 KiB per header). */
export const KEYS_PER_PURGE = 100;

export interface Purger {
  kind: 'none' | 'varnish' | 'fastly';
  /** Purges the keys everywhere; rejects when a cache did not confirm (the caller tries again). */
  purge(keys: readonly string[]): Promise<void>;
}

export interface PurgerOptions {
  kind?: string | undefined;
  urls?: readonly string[];
  token?: string | undefined;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

export function createPurger({ kind = 'none', urls = [], token, fetchImpl = fetch, timeoutMs = 2000 }: PurgerOptions): Purger {
  if (kind === 'none' || kind === '') return { kind: 'none', purge: () => Promise.resolve() };
  if (kind !== 'varnish' && kind !== 'fastly') throw new Error(`CDN_PURGE must be none, varnish or fastly (got ${kind})`);
  if (urls.length === 0) throw new Error(`CDN_PURGE=${kind} needs CDN_PURGE_URLS`);
  if (kind === 'fastly' && !token) throw new Error('CDN_PURGE=fastly needs CDN_PURGE_TOKEN');
  for (const url of urls) new URL(url);

  async function send(url: string, keys: readonly string[]) {
    const answer =
      kind === 'varnish'
        ? await fetchImpl(url, { method: 'PURGE', headers: { 'xkey-purge': keys.join(' ') }, signal: AbortSignal.timeout(timeoutMs) })
        : await fetchImpl(url, {
            method: 'POST',
            headers: { 'surrogate-key': keys.join(' '), 'fastly-key': token ?? '' },
            signal: AbortSignal.timeout(timeoutMs),
          });
    await answer.arrayBuffer().catch(() => undefined);
    if (!answer.ok) throw new Error(`${url} answered ${answer.status} to a purge`);
  }

  return {
    kind,
    async purge(keys) {
      const unique = [...new Set(keys)];
      for (let at = 0; at < unique.length; at += KEYS_PER_PURGE) {
        const chunk = unique.slice(at, at + KEYS_PER_PURGE);
        await Promise.all(urls.map((url) => send(url, chunk)));
      }
    },
  };
}
