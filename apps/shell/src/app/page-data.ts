import { use, useEffect, useState } from 'react';
import { useStoreUnreachableSince } from '@eyewear/api-client';
import { useRenderEnv, type QueryEntry, type RenderEnv } from '@eyewear/event-bus';
import { useApi } from './api-context';

type Api = ReturnType<typeof useApi>;

/**
 * Data the shell loads once per page view and shows on every page (the header's menu, the
 * footer): fetched when first shown and shared by every use. On the server the page waits for
 * it (issue 39: the menu's and the footer's links are in the HTML, for a crawler and for a first
 * paint that does not move), and its answer travels with the page under `key`: the browser
 * starts from it instead of asking again. A load that failed is forgotten, and when the store
 * was unreachable it is fetched again as soon as any call reaches the store (the shopper's Try
 * again, a new page), so the menu and the footer come back with the store, without a reload
 * (docs/adr/022).
 */
export function pageData<T>(key: string, load: (api: Api, env: RenderEnv) => Promise<T>) {
  // The browser's page view: one load, and its answer once in. (Never the server's: a render
  // worker serves every shopper, so there it lives in the request's query cache.)
  let once: Promise<T | null> | null = null;
  let answer: { value: T } | null = null;

  function usePageData(): T | null {
    const api = useApi();
    const env = useRenderEnv();
    // Since the page began: true from a call that got no answer until a call that got one.
    const unreachable = useStoreUnreachableSince(0);
    const served = useServerAnswer(env, () => load(api, env));
    if (!env.server && !answer) {
      const seeded = env.queries.peek(key);
      if (seeded?.ok) {
        answer = { value: seeded.data as T };
        once = Promise.resolve(answer.value);
        env.queries.take(key);
      }
    }
    const [data, setData] = useState<T | null>(() => answer?.value ?? null);
    useEffect(() => {
      // (Effects do not run on the server.)
      if (!once) {
        // Asking while the store cannot answer would only fail again: wait for it to answer.
        if (unreachable) return undefined;
        const loading: Promise<T | null> = load(api, env).then(
          (value) => {
            answer = { value };
            return value;
          },
          () => {
            if (once === loading) once = null;
            return null;
          },
        );
        once = loading;
      }
      let live = true;
      void once.then((result) => {
        if (live && result !== null) setData(result);
      });
      return () => {
        live = false;
      };
    }, [api, env, unreachable]);
    return served !== undefined ? served : data;
  }

  /** On the server: the request's load of `key` (once per request, waited for), its data or null; undefined in the browser. */
  function useServerAnswer(env: RenderEnv, run: () => Promise<T>): T | null | undefined {
    if (!env.server) return undefined;
    const pending = env.queries.load(key, run);
    const settled = pending as { status?: string; value?: QueryEntry };
    const entry = settled.status === 'fulfilled' ? settled.value : use(pending);
    return entry?.ok ? (entry.data as T) : null;
  }

  return {
    use: usePageData,
    /** Forgets the page view's data (tests: each render is a new page). */
    reset() {
      once = null;
      answer = null;
    },
  };
}
